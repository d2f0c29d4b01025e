/**
 * IDL-style field checks for the write commands this module parses (`update`, `findAndModify`,
 * `bulkWrite`), with the server's generated-parser messages:
 *   14     BSON field 'update.ordered' is the wrong type 'string', expected type 'bool'
 *   14     BSON field 'update.bypassDocumentValidation' is the wrong type 'string', expected types '[bool, long, int, decimal, double]'
 *   40414  BSON field 'update.updates' is missing but a required field
 *   40415  BSON field 'update.foo' is an unknown field.
 * As the IDL parser does, `null` and `undefined` values of a typed field read as "absent"
 * (`IDLParserContext::checkAndAssertType` ignores them), so defaults apply.
 */
import { isDoc, isNumber, typeOf, type BsonTypeName, type Doc, type Value } from '../../bson/values.js';
import { fail } from '../../errors.js';

export function wrongType(path: string, v: Value, expected: readonly BsonTypeName[]): never {
  const got = typeOf(v);
  if (expected.length === 1) {
    throw fail(14, `BSON field '${path}' is the wrong type '${got}', expected type '${expected[0]}'`);
  }
  throw fail(14, `BSON field '${path}' is the wrong type '${got}', expected types '[${expected.join(', ')}]'`);
}

export function unknownField(path: string): never {
  throw fail(40415, `BSON field '${path}' is an unknown field.`);
}

export function missingField(path: string): never {
  throw fail(40414, `BSON field '${path}' is missing but a required field`);
}

/** Null and legacy undefined count as absent for typed IDL fields. */
export function isAbsent(v: Value | undefined): v is undefined | null {
  return v === undefined || v === null || typeOf(v) === 'undefined';
}

export function readBool(path: string, v: Value): boolean {
  if (typeof v !== 'boolean') wrongType(path, v, ['bool']);
  return v;
}

const SAFE_BOOL_TYPES: readonly BsonTypeName[] = ['bool', 'long', 'int', 'decimal', 'double'];

/** `safeBool`: a bool or any number (its truth value). */
export function readSafeBool(path: string, v: Value): boolean {
  if (typeof v === 'boolean') return v;
  if (isNumber(v)) return truthyNumber(v);
  return wrongType(path, v, SAFE_BOOL_TYPES);
}

function truthyNumber(v: Value): boolean {
  if (typeof v === 'number') return v !== 0; // NaN != 0, as BSONElement::trueValue
  const t = typeOf(v);
  if (t === 'int') return (v as { value: number }).value !== 0;
  if (t === 'long') return !(v as { isZero(): boolean }).isZero();
  const s = String(v);
  return !/^-?0(\.0*)?(E[+-]?\d+)?$/i.test(s);
}

export function readObject(path: string, v: Value): Doc {
  if (!isDoc(v)) wrongType(path, v, ['object']);
  return v;
}

export function readArrayOfObjects(path: string, v: Value): Doc[] {
  if (!Array.isArray(v)) wrongType(path, v, ['array']);
  return v.map((el, i) => {
    if (!isDoc(el)) wrongType(`${path}.${i}`, el, ['object']);
    return el;
  });
}

export function readString(path: string, v: Value): string {
  if (typeof v !== 'string') wrongType(path, v, ['string']);
  return v;
}

/** Generic command arguments every command accepts and this engine ignores or handles centrally. */
export const GENERIC_ARGUMENTS: ReadonlySet<string> = new Set([
  '$db',
  'lsid',
  'txnNumber',
  'autocommit',
  'startTransaction',
  'readConcern',
  '$readPreference',
  '$clusterTime',
  'apiVersion',
  'apiStrict',
  'apiDeprecationErrors',
  '$audit',
  '$client',
  'txnRetryCounter',
  'clientOperationKey',
  'mayBypassWriteBlocking',
  'maxTimeMSOpOnly',
  'usesDefaultMaxTimeMS',
  'rawData',
]);

/**
 * `maxTimeMS` (`parseMaxTimeMS`): a non-negative integral number up to INT32_MAX; 0 means no limit.
 * Messages as mongod reports them.
 */
export function readMaxTimeMS(path: string, v: Value): number {
  if (v === null || typeOf(v) === 'undefined') throw fail(2, 'maxTimeMS must be a number');
  if (!isNumber(v)) return wrongType(path, v, ['long', 'int', 'decimal', 'double']);
  const n = typeof v === 'number' ? v : Number(String(v));
  if (n < 0 || Number.isNaN(n)) {
    const shown = Number.isFinite(n) ? String(Math.max(Math.trunc(n), -9223372036854775808)) : String(n);
    throw fail(51024, `BSON field 'maxTimeMS' value must be >= 0, actual value '${shown}'`);
  }
  if (n > 2147483647) {
    const shown = n >= 9223372036854775807 ? '9223372036854775807' : String(Math.trunc(n));
    throw fail(2, `${shown} value for maxTimeMS is out of range`);
  }
  if (typeof v === 'number' && Math.floor(n) !== n) throw fail(2, 'maxTimeMS has non-integral value');
  return Math.trunc(n);
}

/** `maxTimeMS` as a command's time limit: the milliseconds, or undefined for 0 (no limit). */
export function readTimeLimit(path: string, v: Value): number | undefined {
  const ms = readMaxTimeMS(path, v);
  return ms === 0 ? undefined : ms;
}
