/**
 * `Value::toString()` (the `operator<<` of the aggregation `Value`), which many expression and
 * stage error messages embed. It differs from `BSONElement::toString`: doubles print like C++
 * iostreams (`%g`, 6 significant digits), documents print `{a: 1, b: "x"}` without inner spaces,
 * a missing value prints `MISSING`, dates print as ISO strings.
 */
import type { BSONRegExp, Decimal128, ObjectId, Timestamp } from 'bson';
import { dateMillis, dateMillisNumber } from '../bson/dates.js';
import { formatG6 } from '../bson/render.js';
import { typeOf, type Value } from '../bson/values.js';

/** Years 1970-9999 (`Date_t::isFormattable`): the dates `Date_t::toString` prints as ISO-8601. */
const MAX_FORMATTABLE_MS = 253402300800000;

/** `Date_t::toString`: ISO-8601 UTC with milliseconds, or `Date(<ms>)` when not formattable. */
export function isoDate(d: Date): string {
  const t = dateMillisNumber(d);
  if (t < 0 || t >= MAX_FORMATTABLE_MS) return `Date(${dateMillis(d)})`;
  return d.toISOString();
}

export function valueToString(v: Value | undefined): string {
  if (v === undefined) return 'MISSING';
  switch (typeOf(v)) {
    case 'double':
      return formatG6(v as number);
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
      return (v as ObjectId).toHexString();
    case 'date':
      return isoDate(v as Date);
    case 'timestamp': {
      const ts = v as Timestamp;
      return `Timestamp(${ts.t}, ${ts.i})`;
    }
    case 'regex': {
      const r = v as BSONRegExp;
      return `/${r.pattern}/${r.options}`;
    }
    case 'array':
      return `[${(v as Value[]).map((x) => valueToString(x)).join(', ')}]`;
    case 'object': {
      if (!(v instanceof Map)) return String(v);
      const parts: string[] = [];
      for (const [k, x] of v) parts.push(`${k}: ${valueToString(x)}`);
      return `{${parts.join(', ')}}`;
    }
    case 'minKey':
      return 'MinKey';
    case 'maxKey':
      return 'MaxKey';
    default:
      return String(v);
  }
}
