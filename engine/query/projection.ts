/**
 * Find projections (`find`, `findAndModify` `fields`): parsed once into a path tree, applied per
 * document. Follows the 4.4+ projection semantics (`src/mongo/db/query/projection_parser.cpp`,
 * `projection_ast`, `exec/inclusion_projection`):
 *
 * - `1`/`true`/non-zero numbers include, `0`/`false` exclude; any other value is an aggregation
 *   expression (`"$b"`, `{$add: …}`, `"literal"`) computed against the whole document and counts
 *   as an inclusion; `{a: {b: 1}}` is the same as `{"a.b": 1}`.
 * - `_id` is included unless excluded, and may be excluded in an inclusion projection (and
 *   included in an exclusion one). Mixing otherwise fails with 31254 / 31253.
 * - Inclusion keeps the document's field order for included fields, then appends computed
 *   fields (expressions, `$elemMatch`, positional `.$`, `$slice` in an inclusion projection) in
 *   projection order. Arrays of documents are projected element by element; scalars inside
 *   such arrays are dropped.
 * - Exclusion removes fields in place; `$slice` alone keeps the projection an exclusion and
 *   slices in place.
 * - `$elemMatch` keeps the first matching element of a top-level array (`[elem]`) or drops the
 *   field; positional `a.$` keeps the element the query matched (`MatchDetails.elemMatchKey`).
 * - `{$meta: …}` (text/search scores) is not supported by the playground.
 */
import { isArray, isDoc, type Doc, type Value } from '../bson/values.js';
import { fail } from '../errors.js';
import type { MatchDetails, RuntimeEnv } from '../runtime.js';
import { defaultEnv } from './evaluate.js';

import {
  ProjectionParser,
  hasComputed,
  projectionType,
  type Leaf,
  type ProjectionOptions,
  type Tree,
} from './projection-parser.js';

export type { ProjectionOptions } from './projection-parser.js';

export interface Projection {
  readonly type: 'inclusion' | 'exclusion';
  /** True when the projection uses `a.$`: pass the query's MatchDetails to `apply`. */
  readonly usesPositional: boolean;
  apply(doc: Doc, env?: RuntimeEnv, details?: MatchDetails): Doc;
}

function sliceArray(arr: readonly Value[], skip: number | undefined, limit: number): Value[] {
  if (skip === undefined) return limit >= 0 ? arr.slice(0, limit) : arr.slice(Math.max(arr.length + limit, 0));
  const start = skip >= 0 ? Math.min(skip, arr.length) : Math.max(arr.length + skip, 0);
  return arr.slice(start, start + limit);
}

interface ApplyContext {
  readonly root: Doc;
  readonly env: RuntimeEnv;
  readonly details: MatchDetails | undefined;
}

const NO_MATCHING_ELEMENT = "positional operator '.$' couldn't find a matching element in the array";

/**
 * `applyFindPositionalProjection` (projection_executor_utils.cpp), which replaces the whole
 * projected document: walk `path` on the projected document; at the first array, keep only the
 * element the query matched (`elemMatchKey`, 51246 when the query recorded none, 51247 when the
 * array has no such index), set as `[element]` at the path so far. A document is entered; any
 * other value is passed over and the next component is looked up at the same level (as the
 * server's loop does); no array on the path leaves the document as it is.
 */
function applyPositional(projected: Doc, path: readonly string[], details: MatchDetails | undefined): Doc {
  let sub: Doc = projected;
  for (let i = 0; i < path.length; i++) {
    const v = sub.get(path[i]!);
    if (isArray(v)) {
      const key = details?.elemMatchKey;
      if (key === undefined) throw fail(51246, NO_MATCHING_ELEMENT);
      const element = v[Number(key)];
      if (element === undefined) throw fail(51247, "positional operator '.$' element mismatch");
      return setNestedField(projected, path.slice(0, i + 1), [element]);
    }
    if (isDoc(v)) sub = v;
  }
  return projected;
}

/** `MutableDocument::setNestedField`: a copy with `value` at `path`; a non-document on the way becomes `{}` in place. */
function setNestedField(doc: Doc, path: readonly string[], value: Value): Doc {
  const out: Doc = new Map(doc);
  const [head, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) {
    out.set(head, value);
    return out;
  }
  const current = out.get(head);
  out.set(head, setNestedField(isDoc(current) ? current : new Map(), rest, value));
  return out;
}

function computeLeaf(leaf: Leaf, key: string, src: Doc, ctx: ApplyContext): Value | undefined {
  switch (leaf.kind) {
    case 'expr':
      return leaf.expression.evaluate(ctx.root, ctx.env);
    case 'slice': {
      const v = src.get(key);
      return isArray(v) ? sliceArray(v, leaf.skip, leaf.limit) : v;
    }
    case 'elemMatch': {
      const v = src.get(key);
      if (!isArray(v)) return undefined;
      const details: MatchDetails = {};
      if (!leaf.matcher.matches(src, ctx.env, details) || details.elemMatchKey === undefined) return undefined;
      return [v[Number(details.elemMatchKey)]!];
    }
    default:
      return undefined;
  }
}

function includeDoc(tree: Tree, src: Doc, ctx: ApplyContext, keepId: boolean): Doc {
  const out: Doc = new Map();
  for (const [k, v] of src) {
    const child = tree.children.get(k);
    if (child === undefined) {
      if (keepId && k === '_id') out.set(k, v);
      continue;
    }
    if (child.kind === 'include' || child.kind === 'positional') out.set(k, v);
    else if (child.kind === 'tree') {
      const r = includeValue(child, v, ctx);
      if (r !== undefined) out.set(k, r);
    }
  }
  for (const [k, child] of tree.children) {
    if (child.kind === 'tree') {
      if (!out.has(k) && hasComputed(child)) {
        const base = src.get(k);
        out.set(k, includeDoc(child, isDoc(base) ? base : new Map(), ctx, false));
      }
      continue;
    }
    if (child.kind === 'include' || child.kind === 'exclude' || child.kind === 'positional') continue;
    const r = computeLeaf(child, k, src, ctx);
    if (r !== undefined) {
      out.delete(k);
      out.set(k, r);
    }
  }
  return out;
}

function includeValue(tree: Tree, v: Value, ctx: ApplyContext): Value | undefined {
  if (isDoc(v)) return includeDoc(tree, v, ctx, false);
  if (isArray(v)) {
    const out: Value[] = [];
    for (const e of v) {
      if (isDoc(e) || isArray(e)) {
        const r = includeValue(tree, e, ctx);
        if (r !== undefined) out.push(r);
      } else if (hasComputed(tree)) {
        out.push(includeDoc(tree, new Map(), ctx, false));
      }
    }
    return out;
  }
  return hasComputed(tree) ? includeDoc(tree, new Map(), ctx, false) : undefined;
}

function excludeDoc(tree: Tree, src: Doc, ctx: ApplyContext): Doc {
  const out: Doc = new Map();
  for (const [k, v] of src) {
    const child = tree.children.get(k);
    if (child === undefined || child.kind === 'include') out.set(k, v);
    else if (child.kind === 'exclude') continue;
    else if (child.kind === 'tree') out.set(k, excludeValue(child, v, ctx));
    else {
      const r = computeLeaf(child, k, src, ctx);
      if (r !== undefined) out.set(k, r);
    }
  }
  return out;
}

function excludeValue(tree: Tree, v: Value, ctx: ApplyContext): Value {
  if (isDoc(v)) return excludeDoc(tree, v, ctx);
  if (isArray(v)) return v.map((e) => (isDoc(e) || isArray(e) ? excludeValue(tree, e, ctx) : e));
  return v;
}

/** Parses a find projection document once. Throws the server's errors. */
export function parseProjection(spec: Doc, options: ProjectionOptions): Projection {
  const p = new ProjectionParser(options);
  p.parseObject(spec, '');
  const optimizeError = p.optimizeErrors[0];
  if (optimizeError) throw optimizeError;
  const type = projectionType(p);
  const root = p.root;
  const keepId = !p.idExcluded;
  if (type === 'exclusion' && p.idExcluded === false) root.children.delete('_id');
  const usesPositional = p.positional;
  const positionalPath = p.positionalPath;
  const empty = spec.size === 0;
  return Object.freeze({
    type,
    usesPositional,
    apply(doc: Doc, env?: RuntimeEnv, details?: MatchDetails): Doc {
      if (empty) return doc;
      const ctx: ApplyContext = { root: doc, env: env ?? defaultEnv(), details };
      if (type === 'exclusion') return excludeDoc(root, doc, ctx);
      const projected = includeDoc(root, doc, ctx, keepId && !root.children.has('_id'));
      return positionalPath === undefined ? projected : applyPositional(projected, positionalPath, details);
    },
  });
}
