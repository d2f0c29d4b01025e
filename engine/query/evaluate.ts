/**
 * `MatchNode` tree → closures, built once per statement. Each node becomes an `Evaluator` with
 * two entry points:
 * - `doc`: match against a document (paths are followed with `visitPath`, so implicit array
 *   element matching, dotted paths through arrays and missing-field semantics apply);
 * - `value`: match one value directly — used for the children of `$elemMatch: {$gt: …}`, which
 *   test each array element itself (the server's `matchesSingleElement`).
 *
 * Positional support: with `details`, the index of the first array the match went through is
 * recorded as `details.elemMatchKey`. `$or` (of two or more clauses), `$nor` and negations record
 * nothing, as the server's `OrMatchExpression::matches` passes no details to its children; a
 * one-clause `$or` records like its clause (the optimizer unwraps it); in an AND a failing child
 * clears the key and the last recording child wins.
 */
import { Timestamp, typeOf, type Doc, type Value } from '../bson/values.js';
import { compareValues, typeRank, type Collator } from '../bson/compare.js';
import { splitPath, visitPath } from '../bson/path.js';
import { coerceToBool } from '../expr/index.js';
import type { MatchDetails, RuntimeEnv } from '../runtime.js';
import type { BitsNode, ComparisonOp, InNode, MatchNode, ModNode } from './nodes.js';
import { regexTest, type CompiledRegex } from './regex.js';
import { typeSetHas } from './type-set.js';

type Container = Doc | Value[];

export interface Evaluator {
  doc(d: Container, env: RuntimeEnv, details: MatchDetails | undefined): boolean;
  value(v: Value | undefined, env: RuntimeEnv): boolean;
}

type ValueTest = (v: Value | undefined) => boolean;

/** The env used when a caller matches without one ($expr still needs `$$NOW`). */
export function defaultEnv(): RuntimeEnv {
  return { variables: new Map(), now: new Date(), clusterTime: new Timestamp({ t: 0, i: 0 }) };
}

const LEAF = { expandLeafArray: true } as const;
const NO_LEAF = { expandLeafArray: false } as const;

function pathEvaluator(path: string, expandLeaf: boolean, test: ValueTest): Evaluator {
  const parts = splitPath(path);
  const opts = expandLeaf ? LEAF : NO_LEAF;
  return {
    doc(d, _env, details) {
      if (!details) return visitPath(d, parts, opts, test);
      let key: string | undefined;
      const hit = visitPath(d, parts, opts, (v, idx) => {
        if (!test(v)) return false;
        key = idx;
        return true;
      });
      if (hit && key !== undefined) details.elemMatchKey = key;
      return hit;
    },
    value: (v) => test(v),
  };
}

// ---------------------------------------------------------------------------------------------
// Single-value tests (`matchesSingleElement`); `undefined` is a missing field
// ---------------------------------------------------------------------------------------------

function isNaNNumber(v: Value): boolean {
  if (typeof v === 'number') return Number.isNaN(v);
  return typeOf(v) === 'decimal' && String(v) === 'NaN';
}

const MIN_KEY_RANK = -1;
const MAX_KEY_RANK = 127;

/**
 * `ComparisonMatchExpression::matchesSingleElement`: values of a different canonical type never
 * match (type bracketing), except that `null` also matches a missing field for $eq/$lte/$gte and
 * MinKey/MaxKey bounds cross brackets. MongoDB 8.0: `null` no longer matches `undefined`.
 * NaN equals NaN and is otherwise incomparable.
 */
function compareTest(op: ComparisonOp, rhs: Value, collator: Collator | null): ValueTest {
  const rank = typeRank(rhs);
  const inclusive = op === '$eq' || op === '$lte' || op === '$gte';
  const crossBracket =
    rank === MAX_KEY_RANK
      ? op === '$lt' || op === '$lte'
      : rank === MIN_KEY_RANK
        ? op === '$gt' || op === '$gte'
        : false;
  const rhsNaN = isNaNNumber(rhs);
  return (v) => {
    if (v === undefined) return rhs === null ? inclusive : crossBracket;
    if (typeRank(v) !== rank) return crossBracket;
    if (op !== '$eq' && rank === 10) {
      const lhsNaN = isNaNNumber(v);
      if (lhsNaN || rhsNaN) return op === '$lt' || op === '$gt' ? false : lhsNaN && rhsNaN;
    }
    const c = compareValues(v, rhs, collator);
    switch (op) {
      case '$eq':
        return c === 0;
      case '$lt':
        return c < 0;
      case '$lte':
        return c <= 0;
      case '$gt':
        return c > 0;
      case '$gte':
        return c >= 0;
    }
  };
}

/** `RegexMatchExpression::matchesSingleElement`: strings and symbols, or an identical regex. */
export function regexMatchesValue(r: CompiledRegex, v: Value | undefined): boolean {
  if (typeof v === 'string') return regexTest(r, v);
  if (v === undefined || v === null || typeof v !== 'object') return false;
  switch (typeOf(v)) {
    case 'symbol':
      return regexTest(r, (v as { value: string }).value);
    case 'regex': {
      const x = v as { pattern: string; options: string };
      return x.pattern === r.pattern && x.options === r.options;
    }
    default:
      return false;
  }
}

function inTest(node: InNode, collator: Collator | null): ValueTest {
  const hasNull = node.values.some((v) => v === null);
  const cmp = (a: Value, b: Value): number => compareValues(a, b, collator);
  const sorted = [...node.values].sort(cmp);
  const regexes = node.regexes;
  const contains = (v: Value): boolean => {
    let lo = 0;
    let hi = sorted.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const c = cmp(sorted[mid]!, v);
      if (c === 0) return true;
      if (c < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  };
  return (v) => {
    if (v === undefined) return hasNull;
    if (contains(v)) return true;
    for (const r of regexes) if (regexMatchesValue(r, v)) return true;
    return false;
  };
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const TWO_63 = 9223372036854775808;

/** A numeric value as a 64-bit integer, or undefined when it has none (NaN, ±Inf, out of range). */
function truncatedLong(v: Value): bigint | undefined {
  switch (typeOf(v)) {
    case 'int':
      return BigInt((v as { value: number }).value);
    case 'long':
      return BigInt(String(v));
    case 'double':
    case 'decimal': {
      const x = typeof v === 'number' ? v : Number(String(v));
      if (!Number.isFinite(x)) return undefined;
      const t = Math.trunc(x);
      if (t >= TWO_63 || t < -TWO_63) return undefined;
      return BigInt(t);
    }
    default:
      return undefined;
  }
}

function modTest(node: ModNode): ValueTest {
  const { divisor, remainder } = node;
  return (v) => {
    if (v === undefined) return false;
    const n = truncatedLong(v);
    if (n === undefined) return false;
    // C++ `%` (and overflow::safeMod): the result takes the dividend's sign; x % -1 is 0.
    return (divisor === -1n ? 0n : n % divisor) === remainder;
  };
}

/** The 64-bit two's complement of a numeric value for bit tests, or undefined if it has none. */
function bitTestLong(v: Value): bigint | undefined {
  const t = typeOf(v);
  if (t === 'double') {
    const x = v as number;
    if (Number.isNaN(x) || x >= TWO_63 || x < -TWO_63 || !Number.isInteger(x)) return undefined;
    return BigInt(x);
  }
  if (t === 'decimal') {
    const x = Number(String(v));
    if (!Number.isFinite(x)) return undefined;
    const r = BigInt(Math.round(x));
    return r > INT64_MAX ? INT64_MAX : r < INT64_MIN ? INT64_MIN : r;
  }
  return truncatedLong(v);
}

function bitsTest(node: BitsNode): ValueTest {
  const positions = node.positions;
  const wantSet = node.op === '$bitsAllSet' || node.op === '$bitsAnySet';
  const all = node.op === '$bitsAllSet' || node.op === '$bitsAllClear';
  const check = (bit: (p: number) => boolean): boolean => {
    for (const p of positions) {
      const ok = bit(p) === wantSet;
      if (all && !ok) return false;
      if (!all && ok) return true;
    }
    return all;
  };
  return (v) => {
    if (v === undefined || v === null) return false;
    if (typeOf(v) === 'binData') {
      const b = v as { buffer: Uint8Array; position: number };
      return check((p) => p < b.position * 8 && ((b.buffer[p >> 3]! >> (p & 7)) & 1) === 1);
    }
    const n = bitTestLong(v);
    if (n === undefined) return false;
    // Bits past 63 repeat the sign bit (numbers are sign-extended).
    return check((p) => ((n >> BigInt(Math.min(p, 63))) & 1n) === 1n);
  };
}

// ---------------------------------------------------------------------------------------------
// Node → evaluator
// ---------------------------------------------------------------------------------------------

function and(children: readonly Evaluator[]): Evaluator {
  return {
    doc(d, env, details) {
      for (const c of children) {
        if (!c.doc(d, env, details)) {
          if (details) delete details.elemMatchKey;
          return false;
        }
      }
      return true;
    },
    value(v, env) {
      for (const c of children) if (!c.value(v, env)) return false;
      return true;
    },
  };
}

function elemMatchEvaluator(path: string, elementMatches: (el: Value, env: RuntimeEnv) => boolean): Evaluator {
  const parts = splitPath(path);
  const firstMatch = (v: Value | undefined, env: RuntimeEnv): number => {
    if (!Array.isArray(v)) return -1;
    for (let k = 0; k < v.length; k++) if (elementMatches(v[k]!, env)) return k;
    return -1;
  };
  const field = parts.length === 1 ? parts[0]! : undefined;
  return {
    doc(d, env, details) {
      // A top-level field of a document: the one value visitPath would yield, without a visitor.
      if (field !== undefined && d instanceof Map) {
        const k = firstMatch(d.get(field), env);
        if (k < 0) return false;
        if (details) details.elemMatchKey = String(k);
        return true;
      }
      let key: string | undefined;
      const hit = visitPath(d, parts, NO_LEAF, (v, idx) => {
        const k = firstMatch(v, env);
        if (k < 0) return false;
        key = idx ?? String(k);
        return true;
      });
      if (hit && details) details.elemMatchKey = key;
      return hit;
    },
    value: (v, env) => firstMatch(v, env) >= 0,
  };
}

/** Builds the evaluator of a node (and its subtree). */
export function buildEvaluator(node: MatchNode, collator: Collator | null): Evaluator {
  switch (node.kind) {
    case 'and':
      return and(node.children.map((c) => buildEvaluator(c, collator)));
    case 'or': {
      const children = node.children.map((c) => buildEvaluator(c, collator));
      // The server's optimizer replaces a one-clause $or by its clause, which then records.
      if (children.length === 1) return children[0]!;
      return {
        doc(d, env) {
          for (const c of children) if (c.doc(d, env, undefined)) return true;
          return false;
        },
        value: (v, env) => children.some((c) => c.value(v, env)),
      };
    }
    case 'nor': {
      const children = node.children.map((c) => buildEvaluator(c, collator));
      return {
        doc: (d, env) => !children.some((c) => c.doc(d, env, undefined)),
        value: (v, env) => !children.some((c) => c.value(v, env)),
      };
    }
    case 'not': {
      const child = buildEvaluator(node.child, collator);
      return {
        doc: (d, env) => !child.doc(d, env, undefined),
        value: (v, env) => !child.value(v, env),
      };
    }
    case 'alwaysTrue':
      return { doc: () => true, value: () => true };
    case 'alwaysFalse':
      return { doc: () => false, value: () => false };
    case 'compare':
      return pathEvaluator(node.path, true, compareTest(node.op, node.value, collator));
    case 'in':
      return pathEvaluator(node.path, true, inTest(node, collator));
    case 'regex': {
      const r = node.regex;
      return pathEvaluator(node.path, true, (v) => regexMatchesValue(r, v));
    }
    case 'exists':
      return pathEvaluator(node.path, true, (v) => v !== undefined);
    case 'type': {
      const set = node.typeSet;
      return pathEvaluator(node.path, true, (v) => v !== undefined && typeSetHas(set, v));
    }
    case 'size': {
      const size = node.size;
      return pathEvaluator(node.path, false, (v) => Array.isArray(v) && v.length === size);
    }
    case 'mod':
      return pathEvaluator(node.path, true, modTest(node));
    case 'bits':
      return pathEvaluator(node.path, true, bitsTest(node));
    case 'elemMatchObject': {
      const child = buildEvaluator(node.child, collator);
      return elemMatchEvaluator(node.path, (el, env) =>
        el instanceof Map || Array.isArray(el) ? child.doc(el, env, undefined) : false,
      );
    }
    case 'elemMatchValue': {
      const children = node.children.map((c) => buildEvaluator(c, collator));
      return elemMatchEvaluator(node.path, (el, env) => children.every((c) => c.value(el, env)));
    }
    case 'expr': {
      const expression = node.expression;
      return {
        doc: (d, env) => (d instanceof Map ? coerceToBool(expression.evaluate(d, env)) : false),
        value: () => false,
      };
    }
    case 'jsonSchema': {
      const validate = node.validate;
      return {
        doc: (d) => (d instanceof Map ? validate(d) : false),
        value: () => false,
      };
    }
  }
}
