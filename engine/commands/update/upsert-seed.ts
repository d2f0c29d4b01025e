/**
 * The base ("seed") document of an upsert, built from the query's equality clauses, after the
 * server's `UpdateDriver::populateDocumentWithQueryFields` and `pathsupport::extractEqualityMatches`
 * (`src/mongo/db/update/update_driver.cpp`, `src/mongo/db/update/path_support.cpp`).
 *
 * Works on the raw filter (already accepted by the query compiler), reproducing what the server's
 * canonicalizer does first: nested `$and` flattens into its parent, a single-child `$or` collapses
 * into its child, a single-element `$in` becomes `$eq`, `$all: [a, b]` becomes `a AND b`, and
 * (7.3+) an `$or` of identical equalities on one path becomes that equality.
 * Only `EQ` nodes reachable through `AND` nodes count.
 *
 * Field order (documented choice): the server adds equality paths from its `EqualityMatches` map.
 * 5.0 uses a `std::map` (byte-wise sorted full paths); master uses a hash map whose order is
 * unspecified. We reproduce the deterministic 5.0 order: sorted by full dotted path, code point order.
 */
import { compareCodePoints, valuesEqual } from '../../bson/compare.js';
import { isArray, isDoc, typeOf, type Doc, type Value } from '../../bson/values.js';
import { fail } from '../../errors.js';

/** One equality predicate the seed can copy. */
export interface EqualityMatch {
  readonly path: string;
  readonly value: Value;
}

export interface EqualityExtraction {
  /** Equalities in canonical (sorted-path) order. */
  readonly equalities: readonly EqualityMatch[];
  /**
   * True when the whole query is one equality or an AND of equalities (the concurrent-upsert
   * retry rule's "match condition is one equality predicate or an AND of equality predicates").
   */
  readonly onlyEqualities: boolean;
}

export interface UpsertSeed {
  readonly doc: Doc;
  /** Top-level-to-leaf dotted paths copied from the query, in insertion order. */
  readonly paths: readonly string[];
}

function isRegex(v: Value): boolean {
  return typeOf(v) === 'regex';
}

/** An object whose first field starts with `$` is an operator object (except DBRef-like docs). */
function isOperatorObject(v: Value): v is Doc {
  if (!isDoc(v) || v.size === 0) return false;
  const first = v.keys().next().value as string;
  return first.startsWith('$') && first !== '$ref' && first !== '$id' && first !== '$db';
}

interface Collected {
  readonly eqs: EqualityMatch[];
  /** Set when a predicate that is not an equality was seen (or an OR/NOR with 2+ children). */
  other: boolean;
}

function collectField(path: string, v: Value, out: Collected): void {
  if (isOperatorObject(v)) {
    for (const [op, arg] of v) {
      switch (op) {
        case '$eq':
          out.eqs.push({ path, value: arg });
          break;
        case '$in':
          // A one-element `$in` without a regex is optimized into `$eq`.
          if (isArray(arg) && arg.length === 1 && !isRegex(arg[0]!)) out.eqs.push({ path, value: arg[0]! });
          else out.other = true;
          break;
        case '$all':
          if (isArray(arg) && arg.length > 0) {
            for (const el of arg) {
              if (isOperatorObject(el) || isRegex(el)) out.other = true;
              else out.eqs.push({ path, value: el });
            }
          } else out.other = true;
          break;
        default:
          out.other = true;
      }
    }
    return;
  }
  // A bare regex is a regex match, not an equality.
  if (isRegex(v)) {
    out.other = true;
    return;
  }
  out.eqs.push({ path, value: v });
}

function collect(query: Doc, out: Collected): void {
  for (const [k, v] of query) {
    if (k === '$and') {
      if (isArray(v)) for (const child of v) if (isDoc(child)) collect(child, out);
    } else if (k === '$or') {
      const single = isArray(v) ? collapsedOr(v) : undefined;
      if (single) out.eqs.push(single);
      else if (isArray(v) && v.length === 1 && isDoc(v[0])) collect(v[0], out);
      else out.other = true;
    } else if (k === '$comment') {
      // Not a predicate.
    } else if (k.startsWith('$')) {
      out.other = true;
    } else {
      collectField(k, v, out);
    }
  }
}

/** The child's predicate when it is exactly one equality (after the child's own rewrites). */
function soleEquality(child: Value): EqualityMatch | undefined {
  if (!isDoc(child)) return undefined;
  const inner: Collected = { eqs: [], other: false };
  collect(child, inner);
  const eq = !inner.other && inner.eqs.length === 1 ? inner.eqs[0] : undefined;
  // An `$eq` to a regex stays out of the rewrite: inside `$in` it would become a regex match.
  return eq && !isRegex(eq.value) ? eq : undefined;
}

/**
 * 7.3+ rewrites an `$or` whose children are equalities on one path into that path's `$in`, whose
 * value list drops duplicates, and a one-value `$in` becomes `$eq`. So `{$or: [{x: 1}, {x: 1}]}`
 * seeds `x: 1` (jstests/core/write/update/upsert_fields_duplicate_or.js, requires_fcv_73).
 * Returns that equality, or undefined when the `$or` does not reduce to one.
 *
 * Identical `$and` children are NOT merged: the boolean simplifier that would do it is disabled
 * for upserts (jstests/core/write/update/upsert_nor.js), so `{$and: [{x: 1}, {x: 1}]}` stays 54.
 */
function collapsedOr(children: Value[]): EqualityMatch | undefined {
  if (children.length < 2) return undefined;
  const eqs = children.map(soleEquality);
  const first = eqs[0];
  if (!first) return undefined;
  for (const eq of eqs) {
    if (!eq || eq.path !== first.path || !valuesEqual(eq.value, first.value, null)) return undefined;
  }
  return first;
}

function parts(path: string): string[] {
  return path.split('.');
}

/** Index (number of parts) of an accepted path that is a prefix of (or equal to) `path`, or -1. */
function findParentEquality(accepted: ReadonlySet<string>, path: string): number {
  const ps = parts(path);
  for (let i = ps.length; i >= 1; i--) {
    if (accepted.has(ps.slice(0, i).join('.'))) return i;
  }
  return -1;
}

function conflictError(path: string, parentParts: number): never {
  const ps = parts(path);
  if (parentParts === ps.length) {
    throw fail(54, `cannot infer query fields to set, path '${path}' is matched twice`);
  }
  const prefix = ps.slice(0, parentParts).join('.');
  throw fail(54, `cannot infer query fields to set, both paths '${path}' and '${prefix}' are matched`);
}

/**
 * `extractEqualityMatches`: every equality reachable through AND nodes, conflict-checked in the
 * canonical order (sorted by path, so a prefix is always seen before its extensions).
 */
export function extractEqualityMatches(query: Doc): EqualityExtraction {
  const out: Collected = { eqs: [], other: false };
  collect(query, out);
  const sorted = [...out.eqs].sort((a, b) => compareCodePoints(a.path, b.path));
  const accepted = new Set<string>();
  for (const eq of sorted) {
    const parent = findParentEquality(accepted, eq.path);
    if (parent !== -1) conflictError(eq.path, parent);
    accepted.add(eq.path);
  }
  return { equalities: sorted, onlyEqualities: !out.other && sorted.length > 0 };
}

/**
 * `extractFullEqualityMatches` restricted to the immutable paths (`_id`): a replacement-style
 * upsert copies only `_id`, and a condition on a sub-path of `_id` fails with code 111.
 */
export function extractImmutableEqualityMatches(query: Doc, immutablePaths: readonly string[]): EqualityMatch[] {
  const out: Collected = { eqs: [], other: false };
  collect(query, out);
  const sorted = [...out.eqs].sort((a, b) => compareCodePoints(a.path, b.path));
  const accepted = new Set<string>();
  const result: EqualityMatch[] = [];
  for (const eq of sorted) {
    const ps = parts(eq.path);
    let related = false;
    for (const imm of immutablePaths) {
      const ip = parts(imm);
      const n = Math.min(ps.length, ip.length);
      if (ps.slice(0, n).join('.') !== ip.slice(0, n).join('.')) continue;
      related = true;
      if (ps.length > ip.length) {
        throw fail(111, `field at '${imm}' must be exactly specified, field at sub-path '${eq.path}'found`);
      }
    }
    if (!related) continue;
    const parent = findParentEquality(accepted, eq.path);
    if (parent !== -1) conflictError(eq.path, parent);
    accepted.add(eq.path);
    result.push(eq);
  }
  return result;
}

/**
 * Sets `value` at a dotted path, creating missing parents as embedded documents
 * (`setElementAtPath`). The extraction guarantees no prefix conflicts, so every parent on the way
 * is either missing or a document created here.
 */
function setAtPath(doc: Doc, path: string, value: Value): void {
  const ps = parts(path);
  let cur = doc;
  for (let i = 0; i < ps.length - 1; i++) {
    const name = ps[i]!;
    const next = cur.get(name);
    if (isDoc(next)) {
      cur = next;
    } else {
      const created: Doc = new Map();
      cur.set(name, created);
      cur = created;
    }
  }
  cur.set(ps[ps.length - 1]!, value);
}

/** A deep copy, so the seed never aliases the command document. */
export function cloneValue(v: Value): Value {
  if (isDoc(v)) {
    const out: Doc = new Map();
    for (const [k, x] of v) out.set(k, cloneValue(x));
    return out;
  }
  if (isArray(v)) return v.map(cloneValue);
  return v;
}

/**
 * Builds the seed for an upsert that inserts. Modifier and pipeline updates copy every equality;
 * replacement updates copy only `_id` (checking the dotted-`_id` rule).
 */
export function buildUpsertSeed(
  query: Doc,
  updateKind: 'modifier' | 'replacement' | 'pipeline',
  immutablePaths: readonly string[] = ['_id'],
): UpsertSeed {
  const equalities =
    updateKind === 'replacement'
      ? extractImmutableEqualityMatches(query, immutablePaths)
      : extractEqualityMatches(query).equalities;
  const doc: Doc = new Map();
  const paths: string[] = [];
  for (const eq of equalities) {
    setAtPath(doc, eq.path, cloneValue(eq.value));
    paths.push(eq.path);
  }
  return { doc, paths };
}

/** True when `$expr` appears anywhere a match expression may hold it (code 224 for upserts). */
export function queryHasExpr(query: Doc): boolean {
  for (const [k, v] of query) {
    if (k === '$expr') return true;
    if ((k === '$and' || k === '$or' || k === '$nor') && isArray(v)) {
      for (const child of v) if (isDoc(child) && queryHasExpr(child)) return true;
    }
    if (!k.startsWith('$') && isOperatorObject(v)) {
      const em = v.get('$elemMatch');
      if (em !== undefined && isDoc(em) && queryHasExpr(em)) return true;
    }
  }
  return false;
}
