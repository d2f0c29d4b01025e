/**
 * The server's canonical form of a filter (`MatchExpression::normalize` = `optimize` then
 * `sortTree`), applied once at compile time. It never changes which documents match; it decides:
 * - which clause's `elemMatchKey` the positional `$` uses (the last recording child of an AND in
 *   canonical order: `{activity_ids: 1, grades: 95, deans_list: 2021}` takes the key from
 *   `grades`, the manual's "Update with Multiple Array Matches" example);
 * - the order explain prints in `parsedQuery` and canonical-query descriptions;
 * - which clause an AND tries first (so a failing leaf predicate is seen before `$expr` runs).
 *
 * `optimize` (the `ListOfMatchExpression` optimizer, expression_tree.cpp): children first; an AND
 * absorbs AND children and an OR absorbs OR children; `$alwaysTrue` leaves AND, `$alwaysFalse`
 * leaves OR/NOR; an emptied OR is `$alwaysFalse`, an emptied AND/NOR is `{}`; one child left: AND
 * and OR become that child, NOR becomes NOT of it; an AND holding something trivially false and a
 * NOR holding something trivially true become `$alwaysFalse`, an OR holding something trivially
 * true becomes `{}`. An OR whose clauses are all equalities (not to a regex) or regexes on one
 * path becomes that path's `$in` (jstests/core/or_to_in.js; it then records a positional key).
 * Mixed ORs are left alone (newer servers also group the same-path clauses of a mixed OR).
 *
 * `sortTree` (expression.cpp): post-order, a stable sort of the children of AND/OR/NOR and of
 * `$elemMatch` value operators, by (match type in `MatchExpression::MatchType` enum order, path
 * compared bytewise, children pairwise, number of children). Values are never compared, so
 * `{a: 1, a: 2}`-like ties keep their written order.
 */
import { appendAll } from '../arrays.js';
import { compareCodePoints } from '../bson/compare.js';
import { BSONRegExp, type Value } from '../bson/values.js';
import type { MatchNode } from './nodes.js';
import type { CompiledRegex } from './regex.js';

/** `MatchExpression::MatchType` enum positions (expression.h) of the kinds the engine builds. */
const COMPARE_RANK = { $eq: 5, $lte: 6, $lt: 7, $gt: 8, $gte: 9 } as const;
const BITS_RANK = { $bitsAllSet: 14, $bitsAllClear: 15, $bitsAnySet: 16, $bitsAnyClear: 17 } as const;
// INTERNAL_EXPR_EQ … INTERNAL_EXPR_LTE follow GEO_NEAR, TEXT and INTERNAL_2D_POINT_IN_ANNULUS.
const INTERNAL_EXPR_RANK = {
  $_internalExprEq: 30,
  $_internalExprGt: 31,
  $_internalExprGte: 32,
  $_internalExprLt: 33,
  $_internalExprLte: 34,
} as const;

function matchTypeRank(n: MatchNode): number {
  switch (n.kind) {
    case 'and':
      return 0;
    case 'or':
      return 1;
    case 'elemMatchObject':
      return 2;
    case 'elemMatchValue':
      return 3;
    case 'size':
      return 4;
    case 'compare':
      return COMPARE_RANK[n.op];
    case 'regex':
      return 10;
    case 'mod':
      return 11;
    case 'exists':
      return 12;
    case 'in':
      return 13;
    case 'bits':
      return BITS_RANK[n.op];
    case 'not':
      return 19;
    case 'nor':
      return 20;
    case 'type':
      return 21;
    case 'expr':
      return 24; // EXPRESSION
    case 'alwaysFalse':
      return 25;
    case 'alwaysTrue':
      return 26;
    case 'internalExpr':
      return INTERNAL_EXPR_RANK[n.op];
    case 'jsonSchema':
      return 36; // the INTERNAL_SCHEMA_* types the server compiles $jsonSchema into come last
  }
}

function pathOf(n: MatchNode): string {
  return 'path' in n ? n.path : '';
}

function childrenOf(n: MatchNode): readonly MatchNode[] {
  switch (n.kind) {
    case 'and':
    case 'or':
    case 'nor':
    case 'elemMatchValue':
      return n.children;
    case 'not':
    case 'elemMatchObject':
      return [n.child];
    default:
      return [];
  }
}

/** `matchExpressionComparator`. */
export function compareMatchNodes(a: MatchNode, b: MatchNode): number {
  const ta = matchTypeRank(a);
  const tb = matchTypeRank(b);
  if (ta !== tb) return ta < tb ? -1 : 1;
  const byPath = compareCodePoints(pathOf(a), pathOf(b));
  if (byPath !== 0) return byPath;
  const ca = childrenOf(a);
  const cb = childrenOf(b);
  const n = Math.min(ca.length, cb.length);
  for (let i = 0; i < n; i++) {
    const c = compareMatchNodes(ca[i]!, cb[i]!);
    if (c !== 0) return c;
  }
  return ca.length === cb.length ? 0 : ca.length < cb.length ? -1 : 1;
}

const EMPTY_AND: MatchNode = { kind: 'and', children: [] };
const ALWAYS_FALSE: MatchNode = { kind: 'alwaysFalse' };

function isTriviallyTrue(n: MatchNode): boolean {
  return n.kind === 'alwaysTrue' || (n.kind === 'and' && n.children.length === 0);
}

function isTriviallyFalse(n: MatchNode): boolean {
  return n.kind === 'alwaysFalse' || (n.kind === 'or' && n.children.length === 0);
}

/** The `ListOfMatchExpression` optimizer for AND/OR/NOR whose children are already optimized. */
function optimizeList(kind: 'and' | 'or' | 'nor', optimized: readonly MatchNode[]): MatchNode {
  let children: MatchNode[] = [...optimized];
  if (kind !== 'nor') {
    // Associativity: absorbed grandchildren go after the remaining children, as the server appends them.
    const kept: MatchNode[] = [];
    const absorbed: MatchNode[] = [];
    for (const c of children) {
      if (c.kind === kind) appendAll(absorbed, c.children);
      else kept.push(c);
    }
    children = [...kept, ...absorbed];
  }
  children = children.filter((c) => !(kind === 'and' ? isTriviallyTrue(c) : c.kind === 'alwaysFalse'));
  if (children.length === 0) return kind === 'or' ? ALWAYS_FALSE : EMPTY_AND;
  if (children.length === 1) {
    if (kind === 'nor') return { kind: 'not', operator: '$not', child: children[0]! };
    return children[0]!;
  }
  for (const c of children) {
    if (kind === 'and' && isTriviallyFalse(c)) return ALWAYS_FALSE;
    if (kind === 'or' && isTriviallyTrue(c)) return EMPTY_AND;
    if (kind === 'nor' && isTriviallyTrue(c)) return ALWAYS_FALSE;
  }
  return kind === 'or' ? (orAsIn(children) ?? { kind, children }) : { kind, children };
}

/** `{$or: [{a: 1}, {a: /x/}, {a: 2}]}` → `{a: {$in: [1, 2, /x/]}}`, or undefined when not eligible. */
function orAsIn(children: readonly MatchNode[]): MatchNode | undefined {
  const path = pathOf(children[0]!);
  const values: Value[] = [];
  const regexes: CompiledRegex[] = [];
  for (const c of children) {
    if (pathOf(c) !== path) return undefined;
    // `$eq: /re/` compares the regex literally, unlike a regex in `$in`: not rewritten.
    // A binary (`$ref`/`$db`) equality would take the collation inside `$in`: not rewritten.
    if (c.kind === 'compare' && c.op === '$eq' && !c.binary && !(c.value instanceof BSONRegExp)) values.push(c.value);
    else if (c.kind === 'regex') regexes.push(c.regex);
    else return undefined;
  }
  return { kind: 'in', path, values, regexes };
}

function optimize(n: MatchNode): MatchNode {
  switch (n.kind) {
    case 'and':
    case 'or':
    case 'nor':
      return optimizeList(n.kind, n.children.map(optimize));
    case 'not':
      return { ...n, child: optimize(n.child) };
    case 'elemMatchObject':
      return { ...n, child: optimize(n.child) };
    case 'elemMatchValue':
      return { ...n, children: n.children.map(optimize) };
    default:
      return n;
  }
}

function sortTree(n: MatchNode): MatchNode {
  switch (n.kind) {
    case 'and':
    case 'or':
    case 'nor':
    case 'elemMatchValue':
      // Array.prototype.sort is stable (ES2019), as std::stable_sort.
      return { ...n, children: n.children.map(sortTree).sort(compareMatchNodes) };
    case 'not':
    case 'elemMatchObject':
      return { ...n, child: sortTree(n.child) };
    default:
      return n;
  }
}

/** `MatchExpression::normalize`: a new, canonical tree (the input is left untouched). */
export function normalizeMatchNode(root: MatchNode): MatchNode {
  return sortTree(optimize(root));
}
