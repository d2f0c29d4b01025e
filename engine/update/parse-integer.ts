/**
 * `MatchExpressionParser::parseIntegerElementToLong`: accepts int32, int64 and integral
 * double/decimal values; used by `$pop`, `$push`'s `$slice` and `$position`.
 */
import { renderElement } from '../bson/render.js';
import type { Value } from '../bson/values.js';
import { typeOf } from '../bson/values.js';

export type IntegerParse = { ok: true; value: number } | { ok: false; message: string };

export function parseIntegerElementToLong(field: string, v: Value): IntegerParse {
  const el = renderElement(field, v);
  switch (typeOf(v)) {
    case 'int':
      return { ok: true, value: (v as { value: number }).value };
    case 'long':
      return { ok: true, value: Number((v as { toString(): string }).toString()) };
    case 'double': {
      const d = v as number;
      if (Number.isNaN(d)) return { ok: false, message: `Expected an integer, but found NaN in: ${el}` };
      if (d >= 9223372036854775807 || d < -9223372036854775808) {
        return { ok: false, message: `Cannot represent as a 64-bit integer: ${el}` };
      }
      if (!Number.isInteger(d)) return { ok: false, message: `Expected an integer: ${el}` };
      return { ok: true, value: d };
    }
    case 'decimal': {
      const s = (v as { toString(): string }).toString();
      const n = Number(s);
      if (Number.isNaN(n)) return { ok: false, message: `Expected an integer, but found NaN in: ${el}` };
      if (!Number.isInteger(n)) return { ok: false, message: `Expected an integer: ${el}` };
      if (n >= 9223372036854775807 || n < -9223372036854775808) {
        return { ok: false, message: `Cannot represent as a 64-bit integer: ${el}` };
      }
      return { ok: true, value: n };
    }
    default:
      return { ok: false, message: `Expected a number in: ${el}` };
  }
}
