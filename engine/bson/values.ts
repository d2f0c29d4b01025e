/**
 * The engine's value model: every BSON value the engine handles, as one closed union.
 *
 * Representation choices (fixed for the whole engine; every module relies on them):
 * - double            → JS `number` (always; integral doubles stay doubles: `5` here means 5.0)
 * - int32             → `Int32`   (bson package)
 * - int64             → `Long`    (bson package, signed)
 * - decimal128        → `Decimal128`
 * - embedded document → `Doc` = `Map<string, Value>`; a Map keeps insertion order for every key,
 *                       including integer-looking names such as "0" or "10" (plain objects do not).
 *                       Stored documents are `ShapedDoc`s where they fit the shape table
 *                       (shaped-doc.ts): Maps to every reader, kept as a shared name list + a
 *                       values array, so a new version costs an array copy.
 * - array             → `Value[]` (dense)
 * - undefined (legacy)→ the singleton `BSON_UNDEFINED`; JS `undefined` always means "missing"
 * - everything else   → the bson package's class (ObjectId, Timestamp, Binary, BSONRegExp, MinKey,
 *                       MaxKey, Code, BSONSymbol, DBRef) or JS `Date`, `string`, `boolean`, `null`.
 * A `bson.Double` never appears inside the engine: inputs are normalised to `number`.
 */
import {
  Binary,
  BSONRegExp,
  BSONSymbol,
  Code,
  DBRef,
  Decimal128,
  Int32,
  Long,
  MaxKey,
  MinKey,
  ObjectId,
  Timestamp,
} from 'bson';

/** The legacy BSON `undefined` value (type 6). Distinct from a missing field. */
export class BsonUndefined {
  readonly _bsontype = 'undefined' as const;
  private constructor() {}
  static readonly instance = new BsonUndefined();
}
export const BSON_UNDEFINED = BsonUndefined.instance;

export type Doc = Map<string, Value>;
export type ArrayValue = Value[];

export type Value =
  | null
  | BsonUndefined
  | boolean
  | number
  | string
  | Int32
  | Long
  | Decimal128
  | ObjectId
  | Date
  | Timestamp
  | Binary
  | BSONRegExp
  | MinKey
  | MaxKey
  | Code
  | BSONSymbol
  | DBRef
  | ArrayValue
  | Doc;

/** MongoDB's type names, as `$type` and error messages use them. */
export type BsonTypeName =
  | 'double'
  | 'string'
  | 'object'
  | 'array'
  | 'binData'
  | 'undefined'
  | 'objectId'
  | 'bool'
  | 'date'
  | 'null'
  | 'regex'
  | 'dbPointer'
  | 'javascript'
  | 'symbol'
  | 'javascriptWithScope'
  | 'int'
  | 'timestamp'
  | 'long'
  | 'decimal'
  | 'minKey'
  | 'maxKey';

/** BSON type numbers, as `$type: <number>` uses them. */
export const BSON_TYPE_NUMBER: Readonly<Record<BsonTypeName, number>> = {
  double: 1,
  string: 2,
  object: 3,
  array: 4,
  binData: 5,
  undefined: 6,
  objectId: 7,
  bool: 8,
  date: 9,
  null: 10,
  regex: 11,
  dbPointer: 12,
  javascript: 13,
  symbol: 14,
  javascriptWithScope: 15,
  int: 16,
  timestamp: 17,
  long: 18,
  decimal: 19,
  minKey: -1,
  maxKey: 127,
};

export function isDoc(v: unknown): v is Doc {
  return v instanceof Map;
}

/**
 * The fields of an object-typed value (`typeOf` 'object'): the document itself, or a DBRef as the
 * document `{$ref, $id[, $db]}` it stands for when compared, indexed, sized or printed.
 */
export function objectAsDoc(v: Value): Doc {
  if (v instanceof Map) return v;
  const ref = v as unknown as { collection: string; oid: Value; db?: string };
  const d: Doc = new Map<string, Value>([
    ['$ref', ref.collection],
    ['$id', ref.oid],
  ]);
  if (ref.db) d.set('$db', ref.db);
  return d;
}

export function isArray(v: unknown): v is ArrayValue {
  return Array.isArray(v);
}

/** The scope of a code-with-scope value as a document (the bson library keeps it as a plain object). */
export function codeScopeDoc(v: Code): Doc {
  const scope = v.scope as unknown;
  if (scope instanceof Map) return scope as Doc;
  return new Map(Object.entries((scope ?? {}) as Record<string, Value>));
}

/** The BSON type of a value. */
export function typeOf(v: Value): BsonTypeName {
  switch (typeof v) {
    case 'number':
      return 'double';
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    default:
      break;
  }
  if (v === null) return 'null';
  if (v instanceof Map) return 'object';
  if (Array.isArray(v)) return 'array';
  if (v instanceof Date) return 'date';
  switch (v._bsontype) {
    case 'Int32':
      return 'int';
    case 'Long':
      return 'long';
    case 'Decimal128':
      return 'decimal';
    case 'ObjectId':
      return 'objectId';
    case 'Timestamp':
      return 'timestamp';
    case 'Binary':
      return 'binData';
    case 'BSONRegExp':
      return 'regex';
    case 'MinKey':
      return 'minKey';
    case 'MaxKey':
      return 'maxKey';
    case 'Code':
      // Code with a scope document is its own BSON type (15).
      return (v as Code).scope != null ? 'javascriptWithScope' : 'javascript';
    case 'BSONSymbol':
      return 'symbol';
    case 'DBRef':
      return 'object';
    case 'undefined':
      return 'undefined';
  }
}

export function isNumber(v: Value | undefined): v is number | Int32 | Long | Decimal128 {
  if (typeof v === 'number') return true;
  if (v === null || v === undefined || typeof v !== 'object') return false;
  const t = (v as { _bsontype?: string })._bsontype;
  return t === 'Int32' || t === 'Long' || t === 'Decimal128';
}

/** Builds a document from entries, keeping their order. */
export function doc(entries: Iterable<readonly [string, Value]> = []): Doc {
  return new Map(entries);
}

export {
  Binary,
  BSONRegExp,
  BSONSymbol,
  Code,
  DBRef,
  Decimal128,
  Int32,
  Long,
  MaxKey,
  MinKey,
  ObjectId,
  Timestamp,
};
