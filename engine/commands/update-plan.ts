/**
 * Access-path choice for a write's query (update, findAndModify, explain), standing in for the
 * server's planner on the paths writes use:
 *   IDHACK   `{_id: <value>}` with no hint, no sort, and the collection's collation;
 *   IXSCAN   a hinted index, or the first visible, non-partial, non-sparse index (creation order)
 *            whose leading field has an equality / `$in` / range predicate at the top level and whose
 *            collation matches the operation's;
 *   COLLSCAN otherwise (direction from a `$natural` hint).
 * Candidates come back in scan order; the caller filters them with the full matcher.
 * An unknown hint fails with the server's planner error (code 2, wrapped in the canonical query).
 */
import { compareValues, type Collator } from '../bson/compare.js';
import { renderValue } from '../bson/render.js';
import { isArray, isDoc, typeOf, type Doc, type Value } from '../bson/values.js';
import { sameCollation, type CollationInfo } from '../catalog/collation-info.js';
import type { Collection } from '../catalog/collection.js';
import type { IndexStore } from '../catalog/index-store.js';
import { fail } from '../errors.js';
import type { HintSpec } from './update-request.js';

export type ScanStage = 'IDHACK' | 'IXSCAN' | 'COLLSCAN';

export interface AccessPlan {
  readonly stage: ScanStage;
  readonly index: IndexStore | undefined;
  /** COLLSCAN direction (1 forward, -1 backward). */
  readonly direction: 1 | -1;
  /** Index bounds in the explain shape, for IXSCAN. */
  readonly indexBounds: Doc | undefined;
  /** Documents to examine, in scan order. */
  readonly candidates: readonly Doc[];
  /** Index keys the scan examines (0 for COLLSCAN). */
  readonly keysExamined: number;
}

interface Bound {
  readonly test: (v: Value) => boolean;
  readonly render: string[];
}

function isOperatorDoc(v: Value): v is Doc {
  if (!isDoc(v) || v.size === 0) return false;
  const first = v.keys().next().value as string;
  return first.startsWith('$');
}

function isIdHackValue(v: Value): boolean {
  const t = typeOf(v);
  if (t === 'regex' || t === 'array' || t === 'undefined') return false;
  return !isOperatorDoc(v);
}

/** Bounds on the leading index field from a top-level predicate, or undefined when none. */
function leadingBound(q: Doc, path: string, collator: Collator | null): Bound | undefined {
  const v = q.get(path);
  if (v === undefined) return undefined;
  if (!isOperatorDoc(v)) {
    if (typeOf(v) === 'regex' || isArray(v)) return undefined;
    return { test: (k) => compareValues(k, v, collator) === 0, render: [`[${renderValue(v)}, ${renderValue(v)}]`] };
  }
  const tests: ((k: Value) => boolean)[] = [];
  const render: string[] = [];
  for (const [op, arg] of v) {
    switch (op) {
      case '$eq':
        if (typeOf(arg) === 'regex' || isArray(arg)) return undefined;
        tests.push((k) => compareValues(k, arg, collator) === 0);
        render.push(`[${renderValue(arg)}, ${renderValue(arg)}]`);
        break;
      case '$in': {
        if (!isArray(arg) || arg.some((x) => typeOf(x) === 'regex' || isArray(x))) return undefined;
        const sorted = [...arg].sort((a, b) => compareValues(a, b, collator));
        tests.push((k) => arg.some((x) => compareValues(k, x, collator) === 0));
        for (const x of sorted) render.push(`[${renderValue(x)}, ${renderValue(x)}]`);
        break;
      }
      case '$gt':
        tests.push((k) => compareValues(k, arg, collator) > 0 && sameBracket(k, arg));
        render.push(`(${renderValue(arg)}, inf]`);
        break;
      case '$gte':
        tests.push((k) => compareValues(k, arg, collator) >= 0 && sameBracket(k, arg));
        render.push(`[${renderValue(arg)}, inf]`);
        break;
      case '$lt':
        tests.push((k) => compareValues(k, arg, collator) < 0 && sameBracket(k, arg));
        render.push(`[-inf, ${renderValue(arg)})`);
        break;
      case '$lte':
        tests.push((k) => compareValues(k, arg, collator) <= 0 && sameBracket(k, arg));
        render.push(`[-inf, ${renderValue(arg)}]`);
        break;
      default:
        break;
    }
  }
  if (tests.length === 0) return undefined;
  return { test: (k) => tests.every((t) => t(k)), render };
}

/** Range predicates only match values of the same canonical type bracket. */
function sameBracket(a: Value, b: Value): boolean {
  const ta = typeOf(a);
  const tb = typeOf(b);
  const num = (t: string) => t === 'double' || t === 'int' || t === 'long' || t === 'decimal';
  if (num(ta) && num(tb)) return true;
  return ta === tb || ((ta === 'string' || ta === 'symbol') && (tb === 'string' || tb === 'symbol'));
}

/** The canonical query as `CanonicalQuery::toStringForErrorMsg` prints it (common shapes). */
export function canonicalQueryString(ns: string, q: Doc): string {
  const preds: string[] = [];
  for (const [k, v] of q) {
    if (k.startsWith('$')) {
      preds.push(`${k}`);
      continue;
    }
    if (isOperatorDoc(v)) {
      for (const [op, arg] of v) preds.push(`${k} ${op} ${renderValue(arg)}`);
    } else {
      preds.push(`${k} $eq ${renderValue(v)}`);
    }
  }
  let tree: string;
  if (preds.length === 1) tree = `${preds[0]}\n`;
  else tree = `$and\n${preds.map((p) => `    ${p}\n`).join('')}`;
  return `ns=${ns}Tree: ${tree}Sort: {}\nProj: {}\n`;
}

export function hintError(ns: string, q: Doc): Error {
  return fail(
    2,
    `error processing query: ${canonicalQueryString(ns, q)} planner returned error :: caused by :: hint provided does not correspond to an existing index`,
  );
}

function indexScan(collection: Collection, index: IndexStore, q: Doc, collation: CollationInfo | null): AccessPlan {
  const first = index.definition.fields[0]!;
  // Bounds are only tight when the index orders strings the way the query compares them.
  const bound = sameCollation(index.definition.collation, collation)
    ? leadingBound(q, first.path, collation?.collator ?? null)
    : undefined;
  const entries = index.entriesInOrder();
  const seen = new Set<number>();
  const candidates: Doc[] = [];
  let keys = 0;
  for (const e of entries) {
    if (bound && !bound.test(e.key[0]!)) continue;
    keys++;
    if (seen.has(e.rid)) continue;
    seen.add(e.rid);
    const d = collection.documentAt(e.rid);
    if (d) candidates.push(d);
  }
  const bounds: Doc = new Map();
  index.definition.fields.forEach((f, i) => {
    if (i === 0 && bound) bounds.set(f.path, bound.render);
    else bounds.set(f.path, [f.direction === 1 ? '[MinKey, MaxKey]' : '[MaxKey, MinKey]']);
  });
  return { stage: 'IXSCAN', index, direction: 1, indexBounds: bounds, candidates, keysExamined: keys };
}

export interface PlanOptions {
  readonly hint: HintSpec;
  /** The operation's collation (statement collation or the collection default). */
  readonly collation: CollationInfo | null;
  /** An explicit sort disables IDHACK. */
  readonly hasSort: boolean;
}

/** Chooses the access path for `q` over `collection` (undefined collection: nothing to scan). */
export function planAccess(collection: Collection | undefined, ns: string, q: Doc, options: PlanOptions): AccessPlan {
  const collator = options.collation?.collator ?? null;
  if (!collection) {
    if (options.hint.kind === 'name' || options.hint.kind === 'keyPattern') throw hintError(ns, q);
    return { stage: 'COLLSCAN', index: undefined, direction: 1, indexBounds: undefined, candidates: [], keysExamined: 0 };
  }
  const hint = options.hint;
  if (hint.kind === 'name' || hint.kind === 'keyPattern') {
    const index = collection.findIndex(hint.kind === 'name' ? hint.name : hint.keyPattern);
    if (!index || index.definition.hidden) throw hintError(ns, q);
    return indexScan(collection, index, q, options.collation);
  }
  if (hint.kind === 'natural') {
    const docs = collection.snapshot();
    if (hint.direction === -1) docs.reverse();
    return { stage: 'COLLSCAN', index: undefined, direction: hint.direction, indexBounds: undefined, candidates: docs, keysExamined: 0 };
  }
  const sameAsDefault = sameCollation(options.collation, collection.collation);
  if (!options.hasSort && q.size === 1 && q.has('_id') && isIdHackValue(q.get('_id')!) && sameAsDefault) {
    const doc = collection.findById(q.get('_id')!);
    return {
      stage: 'IDHACK',
      index: collection.idIndex,
      direction: 1,
      indexBounds: undefined,
      candidates: doc ? [doc] : [],
      keysExamined: doc ? 1 : 0,
    };
  }
  for (const index of collection.indexes) {
    const def = index.definition;
    if (def.hidden || def.partialFilterExpression || def.sparse) continue;
    if (!sameCollation(def.collation, options.collation)) continue;
    if (leadingBound(q, def.fields[0]!.path, collator)) return indexScan(collection, index, q, options.collation);
  }
  return {
    stage: 'COLLSCAN',
    index: undefined,
    direction: 1,
    indexBounds: undefined,
    candidates: collection.snapshot(),
    keysExamined: 0,
  };
}
