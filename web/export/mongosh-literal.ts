/**
 * Engine values written as mongosh source that evaluates back to the same BSON value and type,
 * both in a real mongosh (Node driver serialisation) and in the engine's shell:
 * - int32 → `5` (the driver sends integral JS numbers in int32 range as int32);
 * - double → `2.5`, or `Double(21)` when integral (a bare `21` would arrive as an int32), and
 *   `Double(-0)` for negative zero; NaN and ±Infinity as the JS literals (always doubles);
 * - int64 → `NumberLong("…")` (a string, so no precision is lost), Decimal128 → `Decimal128("…")`;
 * - ObjectId, ISODate, Timestamp({t, i}), UUID / BinData, BSONRegExp, MinKey / MaxKey.
 * engine/shell/format.ts prints int32 and integral doubles alike (as mongosh displays them), so
 * it cannot be used to reproduce data; this printer is the exact one.
 */
import type { Doc, Value } from '../../engine/bson/values.js';
import { isDoc } from '../../engine/bson/values.js';
import { dateMillis, isWideDate } from '../../engine/bson/dates.js';
import { ExportError } from './export-error.js';

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** Names an object literal key cannot take bare or quoted without side effects in JS. */
const SPECIAL_KEYS = new Set(['__proto__']);

/** A JS string literal (double quotes; escapes everything JSON escapes, plus U+2028/U+2029). */
export function stringLiteral(s: string): string {
  return JSON.stringify(s)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function keyLiteral(k: string): string {
  if (SPECIAL_KEYS.has(k)) return `[${stringLiteral(k)}]`;
  return IDENTIFIER.test(k) ? k : stringLiteral(k);
}

function doubleLiteral(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return 'Infinity';
  if (x === -Infinity) return '-Infinity';
  if (Object.is(x, -0)) return 'Double(-0)';
  if (Number.isInteger(x)) return `Double(${String(x)})`;
  return String(x);
}

const MAX_ISO_DATE = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const MIN_ISO_DATE = Date.UTC(0, 0, 1);

function dateLiteral(d: Date): string {
  // A BSON date beyond JavaScript's Date range (±8.64e15 ms) has no mongosh literal: mongosh and
  // the Node driver hold dates as JS Dates, so such a value would arrive changed. Refuse rather
  // than export a different value.
  if (isWideDate(d)) {
    throw new ExportError(
      `a date of ${dateMillis(d)} ms since 1970 is outside the range mongosh can send (±8.64e15 ms); ` +
        'download the workspace as a file to keep it',
    );
  }
  const ms = d.getTime();
  // ISODate only parses four-digit years; other dates are written as epoch milliseconds.
  if (ms < MIN_ISO_DATE || ms > MAX_ISO_DATE) return `new Date(${ms})`;
  return `ISODate(${stringLiteral(d.toISOString())})`;
}

function uuidText(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** One value as mongosh source, on one line. */
export function toMongoshLiteral(v: Value): string {
  switch (typeof v) {
    case 'string':
      return stringLiteral(v);
    case 'number':
      return doubleLiteral(v);
    case 'boolean':
      return String(v);
    default:
      break;
  }
  if (v === null) return 'null';
  if (isDoc(v)) return docLiteral(v);
  if (Array.isArray(v)) return `[${v.map(toMongoshLiteral).join(', ')}]`;
  if (v instanceof Date) return dateLiteral(v);
  switch (v._bsontype) {
    case 'Int32':
      return String(v.value);
    case 'Long':
      return `NumberLong(${stringLiteral(v.toString())})`;
    case 'Decimal128':
      return `Decimal128(${stringLiteral(v.toString())})`;
    case 'ObjectId':
      return `ObjectId(${stringLiteral(v.toHexString())})`;
    case 'Timestamp':
      return `Timestamp({t: ${v.t}, i: ${v.i}})`;
    case 'Binary':
      if (v.sub_type === 4 && v.position === 16) return `UUID(${stringLiteral(uuidText(v.toString('hex')))})`;
      return `BinData(${v.sub_type}, ${stringLiteral(v.toString('base64'))})`;
    case 'BSONRegExp':
      return `BSONRegExp(${stringLiteral(v.pattern)}, ${stringLiteral(v.options)})`;
    case 'MinKey':
      return 'MinKey()';
    case 'MaxKey':
      return 'MaxKey()';
    case 'undefined':
      // mongosh sends `undefined` as null (the driver's default); there is no helper for the
      // deprecated BSON undefined type.
      return 'undefined';
    case 'Code':
      return `Code(${stringLiteral(String(v.code))})`;
    case 'BSONSymbol':
      return stringLiteral(String(v.value));
    case 'DBRef': {
      const db = v.db ? `, ${stringLiteral(v.db)}` : '';
      return `DBRef(${stringLiteral(v.collection)}, ${toMongoshLiteral(v.oid as Value)}${db})`;
    }
  }
}

export function docLiteral(d: Doc): string {
  if (d.size === 0) return '{}';
  return `{${[...d].map(([k, x]) => `${keyLiteral(k)}: ${toMongoshLiteral(x)}`).join(', ')}}`;
}

/** JS objects list integer-like keys first; mongosh would reorder such fields. */
export function hasIntegerLikeKey(v: Value): boolean {
  if (isDoc(v)) {
    for (const [k, x] of v) if (/^(0|[1-9]\d{0,8})$/.test(k) || hasIntegerLikeKey(x)) return true;
    return false;
  }
  return Array.isArray(v) ? v.some(hasIntegerLikeKey) : false;
}
