/**
 * The compiled form of a find filter: an immutable tree of `MatchNode`s (the server's
 * `MatchExpression` tree), built once per statement by `parse.ts` and walked by `evaluate.ts`,
 * by the upsert seed builder (equality clauses) and by index selection (equality/range/$in).
 *
 * Shape rules (they follow the server's parser, `expression_parser.cpp`):
 * - A filter document is an implicit `and` of its clauses; a filter with exactly one clause is
 *   that clause itself; `{}` is `and` with no children (matches everything).
 * - `$ne: v` is `not(compare $eq v)`, `$nin` is `not(in)`, `$exists: false` is `not(exists)`;
 *   `not.operator` says which form produced it. `{a: {$gt: 1, $lt: 5}}` is an `and` of two
 *   compares on `a`.
 * - `$all: [x, y]` is an `and` of `compare $eq` / `regex` / `elemMatch*` nodes; `$all: []` is
 *   `alwaysFalse`.
 * - `path` is the dotted path as written (`"a.b.0"`). Inside `elemMatchValue`, children have
 *   `path: ""`: they test the array element itself.
 * - Values are engine values (`Value`); collation is not stored in nodes, it belongs to the
 *   compiled `Matcher` (one collation per operation).
 * - `compileQuery` normalizes the parsed tree as the server does (normalize.ts): flattened
 *   `and`/`or`, children in the server's canonical sort order. Walkers must not rely on written order.
 */
import type { Value } from '../bson/values.js';
import type { Expression } from '../expr/index.js';
import type { CompiledRegex } from './regex.js';
import type { TypeSet } from './type-set.js';
import type { JsonSchemaNode } from './json-schema.js';

export type ComparisonOp = '$eq' | '$lt' | '$lte' | '$gt' | '$gte';
export type BitsOp = '$bitsAllSet' | '$bitsAnySet' | '$bitsAllClear' | '$bitsAnyClear';

export interface AndNode {
  readonly kind: 'and';
  readonly children: readonly MatchNode[];
}
export interface OrNode {
  readonly kind: 'or';
  readonly children: readonly MatchNode[];
}
export interface NorNode {
  readonly kind: 'nor';
  readonly children: readonly MatchNode[];
}
export interface NotNode {
  readonly kind: 'not';
  /** Which query form produced the negation. */
  readonly operator: '$not' | '$ne' | '$nin' | '$exists';
  readonly child: MatchNode;
}
export interface AlwaysTrueNode {
  readonly kind: 'alwaysTrue';
}
export interface AlwaysFalseNode {
  readonly kind: 'alwaysFalse';
}
/** `{path: v}`, `$eq`, `$lt`, `$lte`, `$gt`, `$gte` (type-bracketed, collation-aware). */
export interface CompareNode {
  readonly kind: 'compare';
  readonly op: ComparisonOp;
  readonly path: string;
  readonly value: Value;
  /**
   * Compares without the collation: a top-level `$ref` or `$db` (the server's `parseDBRef` gives
   * only `$id` the collator; DBRef collection and database names are binary).
   */
  readonly binary?: true;
}
/** `$in`: equality with any of `values` (a `null` also matches missing) or any regex. */
export interface InNode {
  readonly kind: 'in';
  readonly path: string;
  readonly values: readonly Value[];
  readonly regexes: readonly CompiledRegex[];
}
/** `/re/`, `{$regex, $options}`: matches strings and symbols, or an identical stored regex. */
export interface RegexNode {
  readonly kind: 'regex';
  readonly path: string;
  readonly regex: CompiledRegex;
}
export interface ExistsNode {
  readonly kind: 'exists';
  readonly path: string;
}
export interface TypeNode {
  readonly kind: 'type';
  readonly path: string;
  readonly typeSet: TypeSet;
}
export interface SizeNode {
  readonly kind: 'size';
  readonly path: string;
  readonly size: number;
}
export interface ModNode {
  readonly kind: 'mod';
  readonly path: string;
  readonly divisor: bigint;
  readonly remainder: bigint;
}
export interface BitsNode {
  readonly kind: 'bits';
  readonly op: BitsOp;
  readonly path: string;
  /** Bit positions to test (from an array, a numeric mask or a BinData mask). */
  readonly positions: readonly number[];
}
/** `$elemMatch: {field: …}` — some array element (a document or array) matches `child`. */
export interface ElemMatchObjectNode {
  readonly kind: 'elemMatchObject';
  readonly path: string;
  readonly child: MatchNode;
}
/** `$elemMatch: {$gt: 1, …}` — some array element satisfies every child (children have path ""). */
export interface ElemMatchValueNode {
  readonly kind: 'elemMatchValue';
  readonly path: string;
  readonly children: readonly MatchNode[];
}
/** `$expr`: an aggregation expression evaluated against the whole document. */
export interface ExprNode {
  readonly kind: 'expr';
  readonly spec: Value;
  readonly expression: Expression;
}

export type InternalExprOp = '$_internalExprEq' | '$_internalExprGt' | '$_internalExprGte' | '$_internalExprLt' | '$_internalExprLte';
/** `$_internalExpr…` comparisons (internal-expr.ts): the expression language's order, true where the path meets an array. */
export interface InternalExprNode {
  readonly kind: 'internalExpr';
  readonly op: InternalExprOp;
  readonly path: string;
  readonly value: Value;
}

export type MatchNode =
  | AndNode
  | OrNode
  | NorNode
  | NotNode
  | AlwaysTrueNode
  | AlwaysFalseNode
  | CompareNode
  | InNode
  | RegexNode
  | ExistsNode
  | TypeNode
  | SizeNode
  | ModNode
  | BitsNode
  | ElemMatchObjectNode
  | ElemMatchValueNode
  | ExprNode
  | JsonSchemaNode
  | InternalExprNode;

export type MatchNodeKind = MatchNode['kind'];

/** Nodes that test the values at one path. */
export type PathNode = Extract<MatchNode, { readonly path: string }>;

export function isPathNode(n: MatchNode): n is PathNode {
  return 'path' in n;
}
