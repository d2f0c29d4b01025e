/**
 * Parses `$addFields`/`$set` specifications into `ProjectionNode` trees, with the server's
 * validation (`ProjectionSpecValidator`). `$project` is `project-parse.ts`.
 */
import { renderDoc } from '../bson/render.js';
import { isDoc, type Doc, type Value } from '../bson/values.js';
import { fail } from '../errors.js';
import type { ParseContext } from '../expr/types.js';
import { splitFieldPath } from '../expr/variables.js';
import { ProjectionNode } from './projection.js';

/** `PathPrefixComparator`-style conflict check over the paths a specification names. */
class SeenPaths {
  private readonly paths: string[] = [];
  constructor(private readonly raw: Doc) {}
  add(path: string): void {
    for (const p of this.paths) {
      if (p === path || p.startsWith(`${path}.`) || path.startsWith(`${p}.`)) {
        throw fail(
          40176,
          `specification contains two conflicting paths. Cannot specify both '${path}' and '${p}': ${renderDoc(this.raw)}`,
        );
      }
    }
    this.paths.push(path);
  }
}

function isExpressionObject(v: Doc): boolean {
  const first = v.keys().next();
  return !first.done && first.value.startsWith('$');
}

/** A nested `$addFields` specification: a non-empty object that is not an expression. */
function isNestedSpec(v: Value): v is Doc {
  return isDoc(v) && v.size > 0 && !isExpressionObject(v);
}

/**
 * `ProjectionSpecValidator::validate` for `$addFields`. An empty specification is valid (a no-op
 * stage since SERVER-48890, 5.0).
 */
function validateAddFields(spec: Doc): void {
  const seen = new SeenPaths(spec);
  const parseElement = (value: Value, path: string): void => {
    if (isDoc(value)) parseNested(value, path);
    else seen.add(path);
  };
  const parseNested = (obj: Doc, prefix: string): void => {
    // Since 6.1 (SERVER-54046) an empty object is a value of $addFields/$set: it sets `{}`.
    if (obj.size === 0) {
      seen.add(prefix);
      return;
    }
    for (const [name, value] of obj) {
      if (name.startsWith('$')) {
        if (obj.size !== 1) {
          throw fail(
            40181,
            `an expression specification must contain exactly one field, the name of the expression. Found ${obj.size} fields in ${renderDoc(obj)}, while parsing object ${renderDoc(spec)}`,
          );
        }
        seen.add(prefix);
        continue;
      }
      if (name.includes('.'))
        throw fail(40183, `cannot use dotted field name '${name}' in a sub object: ${renderDoc(spec)}`);
      // The full path is a FieldPath: an empty name makes it end with '.' (40353).
      const path = `${prefix}.${name}`;
      splitFieldPath(path);
      parseElement(value, path);
    }
  };
  for (const [name, value] of spec) {
    splitFieldPath(name);
    parseElement(value, name);
  }
}

/** `AddFieldsProjectionExecutor::parse`. */
export function parseAddFields(spec: Doc, ctx: ParseContext): ProjectionNode {
  validateAddFields(spec);
  const root = new ProjectionNode('addFields');
  const parseSub = (obj: Doc, node: ProjectionNode): void => {
    for (const [name, value] of obj) {
      splitFieldPath(name);
      if (isNestedSpec(value)) parseSub(value, node.child(name));
      else node.addExpression([name], ctx.parse(value));
    }
  };
  for (const [name, value] of spec) {
    const path = splitFieldPath(name);
    if (isNestedSpec(value)) {
      let node = root;
      for (const p of path) node = node.child(p);
      parseSub(value, node);
    } else {
      root.addExpression(path, ctx.parse(value));
    }
  }
  return root;
}
