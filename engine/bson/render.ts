/**
 * Renders values the way the server's `BSONElement::toString` / `BSONObj::toString` do, because
 * error messages embed values in that form and tests compare messages verbatim.
 *   document: `{ a: 1, b: "x" }` (`{}` when empty)     array: `[ 1, 2 ]` (`[]` when empty)
 *   double:   `%.16g` plus `.0` when the text has no '.', 'E' or 'N' (so 5.0 → `5.0`, 1e20 → `1e+20.0`)
 *   others:   `ObjectId('…')`, `new Date(ms)`, `Timestamp(s, i)`, `/re/flags`, `UUID("…")`, `BinData(t, HEX)`
 */
import type { Binary, BSONRegExp, Code, Decimal128, ObjectId, Timestamp } from 'bson';
import { codeScopeDoc, objectAsDoc, typeOf, type Value } from './values.js';
import { dateMillis } from './dates.js';

/**
 * C's `%.<precision>g`: `precision` significant digits, exponent form when the exponent is below -4
 * or at least `precision`, trailing zeros dropped; `nan`, `inf`, `-inf`, `-0` as C prints them.
 */
export function formatG(x: number, precision: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  const [mant, ex] = x.toExponential(precision - 1).split('e') as [string, string];
  const e = Number(ex);
  if (e < -4 || e >= precision) {
    const m = mant.includes('.') ? mant.replace(/0+$/, '').replace(/\.$/, '') : mant;
    return `${m}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  }
  const fixed = x.toFixed(Math.max(0, precision - 1 - e));
  return fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
}

/** C's `%.16g` (`BSONElement::toString` of a double). */
export function formatG16(x: number): string {
  return formatG(x, 16);
}

/** C++ `ostream << double` with the default precision (6): `%g` (`Value::toString`, `SafeNum`). */
export function formatG6(x: number): string {
  return formatG(x, 6);
}

/** A double as `appendDoubleNice` writes it. */
export function renderDouble(x: number): string {
  const s = formatG16(x);
  return /[.EN]/.test(s) ? s : `${s}.0`;
}

function hex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0').toUpperCase();
  return out;
}

/** A value as it appears after `name: ` in the server's rendering. */
export function renderValue(v: Value): string {
  switch (typeOf(v)) {
    case 'double':
      return renderDouble(v as number);
    case 'string':
      return `"${v as string}"`;
    case 'bool':
      return v ? 'true' : 'false';
    case 'null':
      return 'null';
    case 'undefined':
      return 'undefined';
    case 'int':
    case 'long':
      return String(v);
    case 'decimal':
      return (v as Decimal128).toString();
    case 'objectId':
      return `ObjectId('${(v as ObjectId).toHexString()}')`;
    case 'date':
      return `new Date(${dateMillis(v as Date)})`;
    case 'timestamp':
      return `Timestamp(${(v as Timestamp).t}, ${(v as Timestamp).i})`;
    case 'regex':
      return `/${(v as BSONRegExp).pattern}/${(v as BSONRegExp).options}`;
    case 'minKey':
      return 'MinKey';
    case 'maxKey':
      return 'MaxKey';
    case 'binData': {
      const b = v as Binary;
      if (b.sub_type === 4 && b.position === 16) {
        const h = hex(b.buffer.subarray(0, 16)).toLowerCase();
        return `UUID("${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}")`;
      }
      return `BinData(${b.sub_type}, ${hex(b.buffer.subarray(0, b.position))})`;
    }
    case 'array': {
      const arr = v as Value[];
      return arr.length === 0 ? '[]' : `[ ${arr.map(renderValue).join(', ')} ]`;
    }
    case 'object':
      return renderDoc(v);
    case 'javascript':
      return `function ${String((v as { code: string }).code)}`;
    case 'javascriptWithScope':
      return `CodeWScope("${String((v as Code).code)}", ${renderDoc(codeScopeDoc(v as Code))})`;
    case 'symbol':
      return `"${String((v as { value: string }).value)}"`;
    default:
      return String(v);
  }
}

/** `{ a: 1, b: "x" }`, or `{}`. Accepts a Map document or a DBRef. */
export function renderDoc(v: Value): string {
  const d = objectAsDoc(v);
  if (d.size === 0) return '{}';
  const parts: string[] = [];
  for (const [k, x] of d) parts.push(renderElement(k, x));
  return `{ ${parts.join(', ')} }`;
}

/** `name: value`, as `BSONElement::toString` with its field name. */
export function renderElement(name: string, v: Value): string {
  return `${name}: ${renderValue(v)}`;
}

/** `{name: value}` with no inner spaces, as messages that wrap one element write it. */
export function renderElementBraced(name: string, v: Value): string {
  return `{${renderElement(name, v)}}`;
}
