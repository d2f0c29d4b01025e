/**
 * Parses `$addFields`/`$set` and `$project` specifications into `ProjectionNode` trees, with the
 * server's validation (`ProjectionSpecValidator`, `projection_parser.cpp`).
 */
import { renderDoc, renderElement } from '../bson/render.js';
import { isDoc, type Doc, type Value } from '../bson/values.js';
import { fail } from '../errors.js';
import { OPERATORS } from '../expr/operators.js';
import type { ParseContext } from '../expr/types.js';
import { splitFieldPath, validateFieldName } from '../expr/variables.js';
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

type Entry =
  | { readonly kind: 'include'; readonly path: string[] }
  | { readonly kind: 'exclude'; readonly path: string[] }
  | {
      readonly kind: 'computed';
      readonly path: string[];
      readonly spec: Value;
      /** A literal value (`parseLiteral`): the element as the server prints it, for 31310. */
      readonly literal?: string;
    };

function isBoolOrNumber(v: Value): boolean {
  if (typeof v === 'boolean' || typeof v === 'number') return true;
  if (v === null || typeof v !== 'object' || Array.isArray(v) || v instanceof Map || v instanceof Date) return false;
  const t = (v as { _bsontype?: string })._bsontype;
  return t === 'Int32' || t === 'Long' || t === 'Decimal128';
}

function truthyNumber(v: Value): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  return Number((v as { toString(): string }).toString()) !== 0;
}

/** Parses a `$project` specification (inclusion or exclusion). */
export function parseProject(spec: Doc, ctx: ParseContext): ProjectionNode {
  if (spec.size === 0) throw fail(51272, 'projection specification must have at least one field');
  const entries: Entry[] = [];
  const seen: string[][] = [];
  const addPath = (path: string[]): void => {
    const dotted = path.join('.');
    for (const p of seen) {
      const other = p.join('.');
      if (other === dotted || other.startsWith(`${dotted}.`)) throw fail(31250, `Path collision at ${dotted}`);
      if (dotted.startsWith(`${other}.`))
        throw fail(31249, `Path collision at ${dotted} remaining portion ${dotted.slice(other.length + 1)}`);
    }
    seen.push(path);
  };
  const topLevelPath = (name: string): string[] => {
    // Positional projection is a find-only feature.
    if (name === '$' || name.endsWith('.$'))
      throw fail(31324, 'Cannot use positional projection in aggregation projection');
    if (name.includes('.$.'))
      throw fail(
        31394,
        "As of 4.4, it's illegal to specify positional operator in the middle of a path.Positional projection may only be used at the end, for example: a.b.$. If the query previously used a form like a.b.$.d, remove the parts following the '$' and the results will be equivalent.",
      );
    return splitFieldPath(name);
  };
  const walk = (obj: Doc, prefix: string[], top: boolean): void => {
    for (const [name, value] of obj) {
      let parts: string[];
      if (top) parts = topLevelPath(name);
      else {
        if (name.includes('.')) throw fail(31275, `Cannot use dotted field name '${name}' in a sub object`);
        validateFieldName(name);
        parts = [name];
      }
      const path = [...prefix, ...parts];
      if (isDoc(value)) {
        if (value.size === 0)
          throw fail(51270, 'An empty sub-projection is not a valid value. Found empty object at path');
        if (isExpressionObject(value) && value.size === 1) {
          const op = value.keys().next().value as string;
          // A find-only feature: `parseSubObjectAsExpression` names it (InvalidPipelineOperator).
          if (op === '$elemMatch') throw fail(168, 'Cannot use $elemMatch in this context');
          if (!Object.hasOwn(OPERATORS, op)) throw fail(31325, `Unknown expression ${op}`);
          addPath(path);
          entries.push({ kind: 'computed', path, spec: value });
        } else {
          // A sub-projection; `{$a: .., $b: ..}` fails on its first `$` field name.
          walk(value, path, false);
        }
      } else if (isBoolOrNumber(value)) {
        addPath(path);
        entries.push({ kind: truthyNumber(value) ? 'include' : 'exclude', path });
      } else {
        addPath(path);
        entries.push({ kind: 'computed', path, spec: value, literal: renderElement(name, value) });
      }
    }
  };
  walk(spec, [], true);

  // The projection type is decided by the first non-_id entry that includes, excludes or computes.
  let mode: 'inclusion' | 'exclusion' | undefined;
  for (const e of entries) {
    const isId = e.path.length === 1 && e.path[0] === '_id';
    if (isId && e.kind !== 'computed') continue;
    const m = e.kind === 'exclude' ? 'exclusion' : 'inclusion';
    if (mode === undefined) mode = m;
    else if (mode !== m) {
      const field = e.path.join('.');
      if (e.kind === 'computed') {
        if (e.literal !== undefined)
          throw fail(31310, `Cannot use an expression ${e.literal} in an exclusion projection`);
        throw fail(31252, 'Cannot use expression other than $meta in exclusion projection');
      }
      if (mode === 'inclusion') throw fail(31254, `Cannot do exclusion on field ${field} in inclusion projection`);
      throw fail(31253, `Cannot do inclusion on field ${field} in exclusion projection`);
    }
  }
  if (mode === undefined) {
    // Only _id was named: {_id: 0} excludes it, {_id: 1} keeps only _id.
    const idEntry = entries[0]!;
    mode = idEntry.kind === 'exclude' ? 'exclusion' : 'inclusion';
  }
  const root = new ProjectionNode(mode);
  let idMentioned = false;
  for (const e of entries) {
    // `_id` or a sub-path of it (`_id.x`) is "specified": no implicit whole `_id` is added.
    if (e.path[0] === '_id') idMentioned = true;
    if (e.kind === 'computed') root.addExpression(e.path, ctx.parse(e.spec));
    else if ((e.kind === 'include') === (mode === 'inclusion')) root.addProjected(e.path);
    // Otherwise it is {_id: 0} in an inclusion projection: _id is simply not included.
  }
  // Inclusion projections keep _id unless it (or a sub-path of it) was named.
  if (mode === 'inclusion' && !idMentioned) root.projected.add('_id');
  return root;
}
