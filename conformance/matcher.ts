/**
 * The unified test format's "Evaluating Matches" rules over engine values:
 * - root-level documents may carry extra fields, nested ones may not; key order is not checked;
 * - arrays must have the same length and match element-wise;
 * - int32, int64 and double compare by numeric value (Decimal128 only with Decimal128);
 * - special operators `$$exists`, `$$type`, `$$unsetOrMatches`, `$$matchesEntity`,
 *   `$$sessionLsid`, `$$lte`, `$$matchAsDocument`, `$$matchAsRoot`, `$$matchesHexBytes`.
 * A match returns `null`; a mismatch returns a message naming the path where it went wrong.
 */
import { Binary, Int32, Long } from 'bson';
import { valuesEqual } from '../engine/bson/compare.js';
import { parseEJSON } from '../engine/bson/ejson.js';
import type { Doc, Value } from '../engine/bson/values.js';
import { isArray, isDoc, typeOf } from '../engine/bson/values.js';

export interface MatchContext {
  /** The value of an entity (for $$matchesEntity); throws for an unknown one. */
  entity(id: string): Value;
  /** The lsid document of a session entity (for $$sessionLsid); throws for an unknown one. */
  sessionLsid(id: string): Doc;
}

export const NO_ENTITIES: MatchContext = {
  entity(id) {
    throw new Error(`unknown entity ${id}`);
  },
  sessionLsid(id) {
    throw new Error(`unknown session ${id}`);
  },
};

type Missing = undefined;

/** The single `$$` operator of a document, if it is one. */
export function specialOperator(v: Value): { op: string; arg: Value } | undefined {
  if (!isDoc(v) || v.size !== 1) return undefined;
  const [op, arg] = v.entries().next().value as [string, Value];
  return op.startsWith('$$') ? { op, arg } : undefined;
}

function isFlexNumber(v: Value | Missing): v is number | Int32 | Long {
  return typeof v === 'number' || v instanceof Int32 || v instanceof Long;
}

function numericValue(v: number | Int32 | Long): number {
  if (typeof v === 'number') return v;
  if (v instanceof Int32) return v.value;
  return v.toNumber();
}

export function show(v: Value | Missing): string {
  if (v === undefined) return '<missing>';
  try {
    return describe(v);
  } catch {
    return String(v);
  }
}

function describe(v: Value): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (isArray(v)) return `[${v.map(describe).join(', ')}]`;
  if (isDoc(v)) return `{${[...v].map(([k, x]) => `${k}: ${describe(x)}`).join(', ')}}`;
  if (v instanceof Int32) return `Int32(${v.value})`;
  if (v instanceof Long) return `Long(${v.toString()})`;
  if (v instanceof Date) return `Date(${v.toISOString()})`;
  if (v instanceof Binary) return `Binary(${v.sub_type}, ${v.toString('hex')})`;
  return `${typeOf(v)}(${String(v)})`;
}

/** `$$type` names, with the `number` alias. */
function typeMatches(name: string, actual: Value): boolean {
  const t = typeOf(actual);
  if (name === 'number') return t === 'int' || t === 'long' || t === 'double' || t === 'decimal';
  if (name === 'bool' || name === 'boolean') return t === 'bool';
  return t === name;
}

function join(path: string, key: string | number): string {
  return path === '' ? String(key) : `${path}.${key}`;
}

/**
 * Matches `actual` against `expected`. `root` says whether `actual` is a root-level document
 * (extra fields allowed at its top level only).
 */
export function match(
  expected: Value,
  actual: Value | Missing,
  ctx: MatchContext = NO_ENTITIES,
  root = true,
  path = '',
): string | null {
  const special = specialOperator(expected);
  if (special !== undefined) return matchOperator(special.op, special.arg, actual, ctx, root, path);
  if (isDoc(expected)) {
    if (!isDoc(actual)) return `${path || '<root>'}: expected a document, got ${show(actual)}`;
    for (const [key, value] of expected) {
      const p = join(path, key);
      const op = specialOperator(value);
      if (op !== undefined && (op.op === '$$exists' || op.op === '$$unsetOrMatches')) {
        const r = matchOperator(op.op, op.arg, actual.get(key), ctx, false, p);
        if (r !== null) return r;
        continue;
      }
      if (!actual.has(key)) return `${p}: expected ${show(value)}, field is missing`;
      const r = match(value, actual.get(key), ctx, false, p);
      if (r !== null) return r;
    }
    if (!root) {
      for (const key of actual.keys()) {
        if (!expected.has(key)) return `${join(path, key)}: unexpected extra field ${show(actual.get(key))}`;
      }
    }
    return null;
  }
  if (isArray(expected)) {
    if (!isArray(actual)) return `${path || '<root>'}: expected an array, got ${show(actual)}`;
    if (actual.length !== expected.length) {
      return `${path || '<root>'}: expected ${expected.length} elements, got ${actual.length}: ${show(actual)}`;
    }
    for (let i = 0; i < expected.length; i++) {
      const r = match(expected[i] as Value, actual[i], ctx, false, join(path, i));
      if (r !== null) return r;
    }
    return null;
  }
  return scalarMatch(expected, actual, path);
}

function scalarMatch(expected: Value, actual: Value | Missing, path: string): string | null {
  const where = path || '<root>';
  if (actual === undefined) return `${where}: expected ${show(expected)}, got <missing>`;
  if (isFlexNumber(expected) && isFlexNumber(actual)) {
    const a = numericValue(actual);
    const e = numericValue(expected);
    if (a === e || (Number.isNaN(a) && Number.isNaN(e))) return null;
    return `${where}: expected ${show(expected)}, got ${show(actual)}`;
  }
  if (typeOf(expected) !== typeOf(actual)) return `${where}: expected ${show(expected)}, got ${show(actual)}`;
  if (!valuesEqual(expected, actual)) return `${where}: expected ${show(expected)}, got ${show(actual)}`;
  return null;
}

function matchOperator(
  op: string,
  arg: Value,
  actual: Value | Missing,
  ctx: MatchContext,
  root: boolean,
  path: string,
): string | null {
  const where = path || '<root>';
  switch (op) {
    case '$$exists':
      if (arg === true) return actual === undefined ? `${where}: expected to exist` : null;
      return actual !== undefined ? `${where}: expected to be absent, got ${show(actual)}` : null;
    case '$$unsetOrMatches':
      return actual === undefined ? null : match(arg, actual, ctx, root, path);
    case '$$type': {
      if (actual === undefined) return `${where}: expected a value of type ${show(arg)}, got <missing>`;
      const names = isArray(arg) ? arg : [arg];
      return names.some((n) => typeof n === 'string' && typeMatches(n, actual))
        ? null
        : `${where}: expected type ${show(arg)}, got ${typeOf(actual)} ${show(actual)}`;
    }
    case '$$matchesEntity': {
      if (typeof arg !== 'string') throw new Error(`$$matchesEntity needs an entity name`);
      return match(ctx.entity(arg), actual, ctx, root, path);
    }
    case '$$sessionLsid': {
      if (typeof arg !== 'string') throw new Error(`$$sessionLsid needs a session entity name`);
      const lsid = ctx.sessionLsid(arg);
      return match(lsid, actual, ctx, false, path);
    }
    case '$$lte': {
      if (!isFlexNumber(arg)) throw new Error(`$$lte needs a number`);
      if (!isFlexNumber(actual)) return `${where}: expected a number <= ${show(arg)}, got ${show(actual)}`;
      return numericValue(actual) <= numericValue(arg)
        ? null
        : `${where}: expected <= ${show(arg)}, got ${show(actual)}`;
    }
    case '$$matchAsDocument': {
      if (typeof actual !== 'string') return `${where}: expected an Extended JSON string, got ${show(actual)}`;
      let parsed: Value;
      try {
        parsed = parseEJSON(actual, { relaxed: true });
      } catch (e) {
        return `${where}: not Extended JSON (${(e as Error).message})`;
      }
      return match(arg, parsed, ctx, false, path);
    }
    case '$$matchAsRoot':
      return match(arg, actual, ctx, true, path);
    case '$$matchesHexBytes': {
      if (typeof arg !== 'string') throw new Error('$$matchesHexBytes needs a hex string');
      if (actual instanceof Binary) {
        return actual.toString('hex').toLowerCase() === arg.toLowerCase() ? null : `${where}: bytes differ`;
      }
      return `${where}: expected bytes ${arg}, got ${show(actual)}`;
    }
    default:
      throw new Error(`unsupported special operator ${op}`);
  }
}

/**
 * `outcome` comparison: exact (no extra fields anywhere), key order free, flexible numerics.
 */
export function matchExact(expected: Value, actual: Value | Missing, path = ''): string | null {
  const where = path || '<root>';
  if (isDoc(expected)) {
    if (!isDoc(actual)) return `${where}: expected a document, got ${show(actual)}`;
    for (const [k, v] of expected) {
      if (!actual.has(k)) return `${join(path, k)}: expected ${show(v)}, field is missing`;
      const r = matchExact(v, actual.get(k), join(path, k));
      if (r !== null) return r;
    }
    for (const k of actual.keys())
      if (!expected.has(k)) return `${join(path, k)}: unexpected extra field ${show(actual.get(k))}`;
    return null;
  }
  if (isArray(expected)) {
    if (!isArray(actual)) return `${where}: expected an array, got ${show(actual)}`;
    if (actual.length !== expected.length)
      return `${where}: expected ${expected.length} elements, got ${actual.length}: ${show(actual)}`;
    for (let i = 0; i < expected.length; i++) {
      const r = matchExact(expected[i] as Value, actual[i], join(path, i));
      if (r !== null) return r;
    }
    return null;
  }
  return scalarMatch(expected, actual, path);
}

/**
 * `expectError.writeErrors` (unified-test-format.md § expectedError): a map of operation index →
 * write error, each matched as a root-level document; no other index may hold an error.
 */
export function matchWriteErrors(expected: Value, actual: Doc, ctx: MatchContext = NO_ENTITIES): string | null {
  if (!isDoc(expected)) return `writeErrors: expected a document of indexes, got ${show(expected)}`;
  for (const [index, error] of expected) {
    if (!actual.has(index)) return `${index}: expected a write error, got none`;
    const r = match(error, actual.get(index), ctx, true, index);
    if (r !== null) return r;
  }
  for (const index of actual.keys())
    if (!expected.has(index)) return `${index}: unexpected write error ${show(actual.get(index))}`;
  return null;
}
