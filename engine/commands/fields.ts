/**
 * A small IDL-style field checker for command documents, after the server's generated IDL parsers:
 *
 *   checkFields('update', command, {
 *     update: { type: 'string', required: true },
 *     updates: { type: 'array', required: true },
 *     ordered: { type: 'bool' },
 *   });
 *
 * - unknown field            → 40415 `BSON field 'update.foo' is an unknown field.`
 * - wrong type (one type)    → 14 `BSON field 'update.ordered' is the wrong type 'string', expected type 'bool'`
 * - wrong type (several)     → 14 `... expected types '[long, int, decimal, double']` (the server's
 *                              quote placement, verbatim)
 * - missing required field   → 40414 `BSON field 'insert.documents' is missing but a required field`
 * Generic command arguments (lsid, txnNumber, writeConcern, comment, maxTimeMS, ...) are accepted
 * everywhere unless `generic: false` (for nested documents such as update statements).
 */
import { isDoc, typeOf, type BsonTypeName, type Doc, type Value } from '../bson/values.js';
import { fail } from '../errors.js';

/** IDL type names. `number` = any numeric, `bool` = boolean only, `safeBool` = bool or numeric. */
export type FieldType =
  | 'bool'
  | 'safeBool'
  | 'string'
  | 'object'
  | 'array'
  | 'number'
  | 'int'
  | 'long'
  | 'double'
  | 'decimal'
  | 'objectId'
  | 'timestamp'
  | 'date'
  | 'binData'
  | 'null'
  | 'any';

export interface FieldSpec {
  /** One type or a list (e.g. `['string', 'object']` for `hint`). */
  readonly type: FieldType | readonly FieldType[];
  readonly required?: boolean;
}

export type FieldSpecs = Readonly<Record<string, FieldSpec>>;

/** Arguments every command accepts (the server's `generic_argument.idl`). */
export const GENERIC_ARGUMENTS: ReadonlySet<string> = new Set([
  '$db',
  'lsid',
  'txnNumber',
  'autocommit',
  'startTransaction',
  'stmtId',
  '$clusterTime',
  'readConcern',
  'writeConcern',
  'comment',
  'maxTimeMS',
  'apiVersion',
  'apiStrict',
  'apiDeprecationErrors',
  '$readPreference',
  '$audit',
  '$client',
  'mayBypassWriteBlocking',
  'databaseVersion',
  'shardVersion',
  'clientOperationKey',
  'readOnly',
  'usesDefaultMaxTimeMS',
  '$configTime',
  '$topologyTime',
  '$oplogQueryData',
  '$replData',
]);

const NUMERIC: readonly BsonTypeName[] = ['long', 'int', 'decimal', 'double'];

function accepted(type: FieldType): readonly BsonTypeName[] {
  switch (type) {
    case 'safeBool':
      return ['bool', ...NUMERIC];
    case 'number':
      return NUMERIC;
    case 'any':
      return [];
    default:
      return [type];
  }
}

function typeMatches(v: Value, types: readonly FieldType[]): boolean {
  if (types.includes('any')) return true;
  const t = typeOf(v);
  return types.some((x) => accepted(x).includes(t));
}

/** The 14 TypeMismatch error for one field. */
export function wrongTypeError(path: string, v: Value, types: FieldType | readonly FieldType[]): Error {
  const list = (typeof types === 'string' ? [types] : types).flatMap((x) => accepted(x));
  const expected = list.length === 1 ? `expected type '${list[0]}'` : `expected types '[${list.join(', ')}']`;
  return fail(14, `BSON field '${path}' is the wrong type '${typeOf(v)}', ${expected}`);
}

export interface CheckOptions {
  /** Accept the generic command arguments (default true). */
  readonly generic?: boolean;
  /** Field names to skip entirely (e.g. the command-name field, checked by the command). */
  readonly skip?: readonly string[];
}

/** Checks a command (or nested) document against its field specs. `context` is e.g. 'update.updates'. */
export function checkFields(context: string, doc: Doc, specs: FieldSpecs, options: CheckOptions = {}): void {
  const generic = options.generic ?? true;
  for (const [k, v] of doc) {
    if (options.skip?.includes(k)) continue;
    const spec = specs[k];
    if (!spec) {
      if (generic && GENERIC_ARGUMENTS.has(k)) continue;
      throw fail(40415, `BSON field '${context}.${k}' is an unknown field.`);
    }
    const types = typeof spec.type === 'string' ? [spec.type as FieldType] : (spec.type as readonly FieldType[]);
    if (!typeMatches(v, types)) throw wrongTypeError(`${context}.${k}`, v, spec.type);
  }
  for (const [k, spec] of Object.entries(specs)) {
    if (spec.required && !doc.has(k) && !options.skip?.includes(k)) {
      throw fail(40414, `BSON field '${context}.${k}' is missing but a required field`);
    }
  }
}

/** A boolean argument (`safeBool` accepts numbers: non-zero is true). */
export function boolArg(v: Value | undefined, defaultValue: boolean): boolean {
  if (v === undefined) return defaultValue;
  if (typeof v === 'boolean') return v;
  if (v === null) return defaultValue;
  return Number(v.valueOf()) !== 0;
}

/** A numeric argument as a JS number (int32/int64/double/decimal). */
export function numberArg(v: Value | undefined): number | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'number') return v;
  if (isDoc(v) || Array.isArray(v)) return undefined;
  const t = typeOf(v);
  if (t === 'int' || t === 'long' || t === 'decimal') return Number(v.toString());
  return undefined;
}
