/**
 * Parses a `$project` (and `$unset`) specification into a `ProjectionNode` tree as the server's
 * `projection_ast::parseAndAnalyze` does with aggregation's policies (projection_parser.cpp):
 * element by element, in order, each check where the server makes it, so the first failing
 * element decides the error. Paths are placed in a tree (`addNodeAtPath`): a leaf on the way is
 * 31249, a repeated path 31250, both naming the element's own field as written.
 */
import { renderElement } from '../bson/render.js';
import { isDoc, type Doc, type Value } from '../bson/values.js';
import { fail } from '../errors.js';
import { isExpressionName } from '../expr/index.js';
import type { ExprNode, ParseContext } from '../expr/types.js';
import { splitFieldPath } from '../expr/variables.js';
import { ProjectionNode } from './projection.js';

type Entry =
  | { readonly kind: 'include' | 'exclude'; readonly path: string[] }
  | { readonly kind: 'computed'; readonly path: string[]; readonly expr: ExprNode };

/** The spec's paths as a tree: a leaf (`true`) or an inner node. */
type PathNode = Map<string, PathNode | true>;

const MIDDLE_POSITIONAL =
  "As of 4.4, it's illegal to specify positional operator in the middle of a path.Positional projection may only be used at the end, for example: a.b.$. If the query previously used a form like a.b.$.d, remove the parts following the '$' and the results will be equivalent.";

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

/**
 * Walks `local` below `node`: `leaf` adds a leaf at its end (`addNodeAtPath`), otherwise the end
 * must be, or becomes, an inner node (a sub-object: `findLastInnerNodeOnPath`).
 */
function place(node: PathNode, local: readonly string[], name: string, leaf: boolean): PathNode {
  let at = node;
  for (let i = 0; i < local.length; i++) {
    const part = local[i]!;
    const child = at.get(part);
    const last = i === local.length - 1;
    if (last && leaf) {
      if (child !== undefined) throw fail(31250, `Path collision at ${name}`);
      at.set(part, true);
      return at;
    }
    if (child === true) {
      if (last) throw fail(31250, `Path collision at ${name}`);
      throw fail(31249, `Path collision at ${name} remaining portion ${local.slice(1).join('.')}`);
    }
    if (child === undefined) {
      const next: PathNode = new Map();
      at.set(part, next);
      at = next;
    } else {
      at = child;
    }
  }
  return at;
}

/** Parses a `$project` specification (inclusion or exclusion). */
export function parseProject(spec: Doc, ctx: ParseContext): ProjectionNode {
  if (spec.size === 0) throw fail(51272, 'projection specification must have at least one field');
  const entries: Entry[] = [];
  let mode: 'inclusion' | 'exclusion' | undefined;
  let idIncluded = false;
  let idSpecified = false;

  const walk = (obj: Doc, prefix: readonly string[], node: PathNode): void => {
    for (const [name, value] of obj) {
      if (prefix.length === 0 && (name === '_id' || name.startsWith('_id.'))) idSpecified = true;
      // Positional projection is a find-only feature.
      if (name.endsWith('.$')) throw fail(31324, 'Cannot use positional projection in aggregation projection');
      if (name.includes('.$.')) throw fail(31394, MIDDLE_POSITIONAL);
      if (isDoc(value)) {
        if (value.size === 0)
          throw fail(51270, 'An empty sub-projection is not a valid value. Found empty object at path');
        const local = splitFieldPath(name);
        const first = value.keys().next().value as string;
        if (value.size === 1 && first.startsWith('$')) {
          // find-only: `parseSubObjectAsExpression` names it (InvalidPipelineOperator).
          if (first === '$elemMatch') throw fail(168, 'Cannot use $elemMatch in this context');
          if (isExpressionName(first)) {
            if (mode === 'exclusion')
              throw fail(31252, 'Cannot use expression other than $meta in exclusion projection');
            mode ??= 'inclusion';
            const expr = ctx.parse(value);
            place(node, local, name, true);
            entries.push({ kind: 'computed', path: [...prefix, ...local], expr });
            continue;
          }
          // Not an expression: a sub-projection when the name is a field path (`$id`, …).
          try {
            splitFieldPath(first);
          } catch {
            throw fail(31325, `Unknown expression ${first}`);
          }
        }
        walk(value, [...prefix, ...local], place(node, local, name, false));
      } else if (isBoolOrNumber(value)) {
        const local = splitFieldPath(name);
        place(node, local, name, true);
        const include = truthyNumber(value);
        const topLevelId = prefix.length === 0 && name === '_id';
        if (topLevelId) {
          idIncluded = include;
        } else if (include) {
          if (mode === 'exclusion') throw fail(31253, `Cannot do inclusion on field ${name} in exclusion projection`);
          mode = 'inclusion';
        } else {
          if (mode === 'inclusion') throw fail(31254, `Cannot do exclusion on field ${name} in inclusion projection`);
          mode = 'exclusion';
        }
        entries.push({ kind: include ? 'include' : 'exclude', path: [...prefix, ...local] });
      } else {
        // `parseLiteral`: any other value is computed.
        const expr = ctx.parse(value);
        const local = splitFieldPath(name);
        place(node, local, name, true);
        if (mode === 'exclusion') {
          throw fail(31310, `Cannot use an expression ${renderElement(name, value)} in an exclusion projection`);
        }
        mode = 'inclusion';
        entries.push({ kind: 'computed', path: [...prefix, ...local], expr });
      }
    }
  };
  walk(spec, [], new Map());

  // `computeProjectionType` when only `_id` was named: {_id: 1} includes, anything else excludes.
  const type = mode ?? (idIncluded ? 'inclusion' : 'exclusion');
  const root = new ProjectionNode(type);
  for (const e of entries) {
    if (e.kind === 'computed') root.addExpression(e.path, e.expr);
    else if ((e.kind === 'include') === (type === 'inclusion')) root.addProjected(e.path);
    // Otherwise it is {_id: 0} in an inclusion projection (not included), or {_id: 1} in an
    // exclusion (kept anyway).
  }
  // Inclusion projections keep _id unless it (or a sub-path of it) was named.
  if (type === 'inclusion' && !idSpecified) root.projected.add('_id');
  return root;
}
