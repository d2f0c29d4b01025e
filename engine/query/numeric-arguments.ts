/**
 * The integer arguments of query operators (`$mod`, the `$bits…` positions and masks, `$size`,
 * limits), read as the server's `BSONElement::parseIntegerElementToLong` family does: an integral
 * number in range, else code 9 (or 2 for `$mod`) with the server's reasons.
 */
import { isArray, isNumber, typeOf, type Value } from '../bson/values.js';
import { renderElement } from '../bson/render.js';
import { fail, isEngineError } from '../errors.js';
import type { BitsOp, MatchNode } from './nodes.js';

const TWO_63 = 9223372036854775808;

export function numberValue(v: Value): number {
  if (typeof v === 'number') return v;
  return Number(String(typeOf(v) === 'int' ? (v as { value: number }).value : v));
}

/**
 * `BSONElement::parseIntegerElementToLong` / `…NonNegativeInt`: an integral number (double and
 * decimal must be integral and in range). Errors are code 9 with the server's reasons.
 */
function integerElement(name: string, v: Value, range: 'long' | 'nonNegativeLong' | 'int'): bigint {
  const shown = renderElement(name, v);
  if (!isNumber(v)) throw fail(9, `Expected a number in: ${shown}`);
  const t = typeOf(v);
  let n: bigint;
  if (t === 'int' || t === 'long') {
    n = BigInt(String(t === 'int' ? (v as { value: number }).value : v));
  } else {
    const x = numberValue(v);
    if (Number.isNaN(x)) throw fail(9, `Expected an integer, but found NaN in: ${shown}`);
    if (x >= TWO_63 || x < -TWO_63) throw fail(9, `Cannot represent as a 64-bit integer: ${shown}`);
    if (!Number.isInteger(x)) {
      throw fail(
        9,
        t === 'decimal' ? `Cannot represent as a 64-bit integer: ${shown}` : `Expected an integer: ${shown}`,
      );
    }
    n = BigInt(x);
  }
  if (range !== 'long' && n < 0n) throw fail(9, `Expected a positive number in: ${shown}`);
  if (range === 'int' && n > 2147483647n) throw fail(9, `Cannot represent ${shown} in an int`);
  return n;
}

/** `integerElement` for arguments whose errors the server rewraps as BadValue with a prefix. */
export function integerArgument(name: string, v: Value, prefix: string, range: 'nonNegativeLong' | 'int'): bigint {
  try {
    return integerElement(name, v, range);
  } catch (e) {
    if (isEngineError(e)) throw fail(2, prefix + e.errmsg);
    throw e;
  }
}

export function integerElementToLong(name: string, v: Value): bigint {
  return integerElement(name, v, 'long');
}

/** Truncates a numeric `$mod` argument to a 64-bit integer, as the 5.0+ parser does. */
function modArgument(v: Value, what: 'divisor' | 'remainder'): bigint {
  const t = typeOf(v);
  if (t === 'int' || t === 'long') return BigInt(String(t === 'int' ? (v as { value: number }).value : v));
  const x = numberValue(v);
  if (!Number.isFinite(x)) {
    throw fail(2, `malformed mod, ${what} value is invalid :: caused by :: Unable to coerce NaN/Inf to integral type`);
  }
  const tr = Math.trunc(x);
  if (tr >= TWO_63 || tr < -TWO_63) {
    throw fail(2, `malformed mod, ${what} value is invalid :: caused by :: Out of bounds coercing to integral value`);
  }
  return BigInt(tr);
}

export function parseMod(path: string, v: Value): MatchNode {
  if (!isArray(v)) throw fail(2, 'malformed mod, needs to be an array');
  if (v.length < 1) throw fail(2, 'malformed mod, not enough elements');
  const d = v[0]!;
  if (!isNumber(d)) throw fail(2, 'malformed mod, divisor not a number');
  if (v.length < 2) throw fail(2, 'malformed mod, not enough elements');
  const r = v[1]!;
  if (!isNumber(r)) throw fail(2, 'malformed mod, remainder not a number');
  if (v.length > 2) throw fail(2, 'malformed mod, too many elements');
  const divisor = modArgument(d, 'divisor');
  const remainder = modArgument(r, 'remainder');
  if (divisor === 0n) throw fail(2, 'divisor cannot be 0');
  return { kind: 'mod', path, divisor, remainder };
}

/** Bit positions from an array of positions, a non-negative numeric mask, or a BinData mask. */
export function parseBitPositions(path: string, op: BitsOp, v: Value): number[] {
  if (isArray(v)) {
    return v.map((e, i) => Number(integerArgument(String(i), e, 'Failed to parse bit position. ', 'int')));
  }
  if (isNumber(v)) {
    const mask = integerElement(op, v, 'nonNegativeLong');
    const positions: number[] = [];
    for (let b = 0; b < 64; b++) if ((mask >> BigInt(b)) & 1n) positions.push(b);
    return positions;
  }
  if (typeOf(v) === 'binData') {
    const bin = v as { buffer: Uint8Array; position: number };
    const positions: number[] = [];
    for (let byte = 0; byte < bin.position; byte++) {
      const b = bin.buffer[byte]!;
      for (let bit = 0; bit < 8; bit++) if (b & (1 << bit)) positions.push(byte * 8 + bit);
    }
    return positions;
  }
  throw fail(2, `${path} takes an Array, a number, or a BinData but received: ${renderElement(op, v)}`);
}
