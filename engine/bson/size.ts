/**
 * Exact BSON sizes without serializing (the 16 MiB document limit, `Object.bsonsize`, size
 * estimates), and nesting depth.
 *
 * Layout: a document is int32 length + elements + 0x00; an element is a type byte + the field
 * name as a C string + the value. Arrays are documents keyed "0", "1", …
 */
import type { Binary, BSONRegExp, Code, DBRef } from 'bson';
import { fail } from '../errors.js';
import { extendsNames, fieldNames, fieldValues } from './shaped-doc.js';
import { codeScopeDoc, type Doc, type Value } from './values.js';

/** `BSONObjMaxUserSize`: the largest document a user may store. */
export const MAX_BSON_SIZE = 16 * 1024 * 1024;
/** `BSONDepth::kDefaultMaxAllowableDepth`: nesting the server's BSON validator accepts. */
export const MAX_BSON_DEPTH = 200;
/** Stored documents: `maxBSONDepth` minus `kExtraSystemDepthLevels` (server-facts §2.1, code 15). */
export const MAX_STORED_DOCUMENT_DEPTH = 180;

/** Bytes of a JS string encoded as UTF-8 (lone surrogates count as U+FFFD, 3 bytes). */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else {
        n += 3;
      }
    } else {
      n += 3;
    }
  }
  return n;
}

function stringValueSize(s: string): number {
  return 4 + utf8Length(s) + 1;
}

function entriesSize(entries: Iterable<readonly [string, Value]>): number {
  if (entries instanceof Map) return docSize(entries as Doc);
  let n = 4 + 1;
  for (const [k, v] of entries) n += 1 + utf8Length(k) + 1 + valueSize(v);
  return n;
}

/** The running total of the document `docSize` walks (saved and restored around nested ones). */
let walked = 0;

/** A document's size through `forEach`: a Map's entry iterator makes an array per field. */
function docSize(doc: Doc): number {
  const outer = walked;
  walked = 4 + 1;
  doc.forEach(addElementSize);
  const n = walked;
  walked = outer;
  return n;
}

function addElementSize(v: Value, k: string): void {
  const size = 1 + utf8Length(k) + 1 + valueSize(v);
  walked += size;
}

function arraySize(arr: readonly Value[]): number {
  let n = 4 + 1;
  for (let i = 0; i < arr.length; i++) n += 1 + String(i).length + 1 + valueSize(arr[i]!);
  return n;
}

function dbRefEntries(ref: DBRef): [string, Value][] {
  const entries: [string, Value][] = [
    ['$ref', ref.collection],
    ['$id', ref.oid as Value],
  ];
  if (ref.db) entries.push(['$db', ref.db]);
  for (const [k, v] of Object.entries(ref.fields as Record<string, Value>)) entries.push([k, v]);
  return entries;
}

/** Size of a value's bytes inside an element (not counting type byte and name). */
export function valueSize(v: Value): number {
  switch (typeof v) {
    case 'number':
      return 8;
    case 'string':
      return stringValueSize(v);
    case 'boolean':
      return 1;
    default:
      break;
  }
  if (v === null) return 0;
  if (v instanceof Map) return entriesSize(v);
  if (Array.isArray(v)) return arraySize(v);
  if (v instanceof Date) return 8;
  switch (v._bsontype) {
    case 'Int32':
      return 4;
    case 'Long':
    case 'Timestamp':
      return 8;
    case 'Decimal128':
      return 16;
    case 'ObjectId':
      return 12;
    case 'Binary': {
      const b = v as Binary;
      // Subtype 2 (old binary) repeats the length inside the payload.
      return 4 + 1 + (b.sub_type === 2 ? 4 : 0) + b.position;
    }
    case 'BSONRegExp': {
      const r = v as BSONRegExp;
      return utf8Length(r.pattern) + 1 + utf8Length(r.options) + 1;
    }
    case 'MinKey':
    case 'MaxKey':
    case 'undefined':
      return 0;
    case 'BSONSymbol':
      return stringValueSize(v.value);
    case 'Code': {
      const c = v as Code;
      if (!c.scope) return stringValueSize(String(c.code));
      return 4 + stringValueSize(String(c.code)) + entriesSize(codeScopeDoc(c));
    }
    case 'DBRef':
      return entriesSize(dbRefEntries(v as DBRef));
  }
}

/** Bytes of one element: type byte, the name as a C string, the value. */
export function elementSize(name: string, v: Value): number {
  return 1 + utf8Length(name) + 1 + valueSize(v);
}

/** Exact BSON size in bytes of a document. */
export function bsonSize(doc: Doc): number {
  return entriesSize(doc);
}

/**
 * Nesting depth of a value: a scalar is 0, `{}` is 1, `{a: {}}` is 2, and so on (arrays count
 * like documents). Stops counting once `limit` is exceeded, so it is cheap on deep input.
 */
export function nestingDepth(v: Value, limit = Infinity): number {
  // A bounded limit recurses at most `limit + 1` levels deep: no allocation per container.
  if (limit <= MAX_BSON_DEPTH) return boundedDepth(v, limit);
  let max = 0;
  // Iterative walk: no recursion, so hostile depth cannot overflow the stack.
  const stack: [Value, number][] = [[v, 0]];
  while (stack.length > 0) {
    const [x, depth] = stack.pop()!;
    let children: Iterable<Value> | undefined;
    if (x instanceof Map) children = x.values();
    else if (Array.isArray(x)) children = x;
    if (!children) continue;
    const d = depth + 1;
    if (d > max) max = d;
    if (max > limit) return max;
    for (const c of children) if (c instanceof Map || Array.isArray(c)) stack.push([c, d]);
  }
  return max;
}

/** `nestingDepth` for a small limit: exact up to `limit`, some value above it past it. */
function boundedDepth(v: Value, limit: number): number {
  let children: Iterable<Value>;
  if (v instanceof Map) children = v.values();
  else if (Array.isArray(v)) children = v;
  else return 0;
  if (limit < 1) return 1;
  let max = 1;
  for (const c of children) {
    if (!(c instanceof Map) && !Array.isArray(c)) continue;
    const d = 1 + boundedDepth(c, limit - 1);
    if (d > max) {
      max = d;
      if (max > limit) return max;
    }
  }
  return max;
}

/** True when the document nests deeper than `limit` levels (default: the stored-document limit). */
export function exceedsDepth(doc: Doc, limit = MAX_STORED_DOCUMENT_DEPTH): boolean {
  return nestingDepth(doc, limit) > limit;
}

/**
 * Whether `doc` nests past `maxBSONDepth`, knowing that the stored document `original` does not
 * (every write path checks a stricter limit): a field holding the very value `original` holds
 * under the same name cannot take it past the limit, so only the other fields are walked.
 */
function deeperThanBson(doc: Doc, original: Doc): boolean {
  // The original's value under the same name, by position when `doc` kept its names first.
  const paired = extendsNames(original, doc) ? fieldValues(original) : undefined;
  const names = fieldNames(doc);
  const values = fieldValues(doc);
  for (let i = 0; i < names.length; i++) {
    const v = values[i]!;
    if (typeof v !== 'object' || v === null) continue;
    if (paired !== undefined ? paired[i] === v : original.get(names[i]!) === v) continue;
    if (1 + nestingDepth(v, MAX_BSON_DEPTH - 1) > MAX_BSON_DEPTH) return true;
  }
  return false;
}

/**
 * `Document::toBson`: a document computed by a pipeline or expression that nests deeper than
 * `maxBSONDepth` cannot become BSON, so the server fails the operation (Overflow) before it is
 * stored or returned.
 */
export function checkConvertibleToBson(doc: Doc, storedOriginal?: Doc): void {
  if (
    storedOriginal === undefined
      ? nestingDepth(doc, MAX_BSON_DEPTH) > MAX_BSON_DEPTH
      : deeperThanBson(doc, storedOriginal)
  ) {
    throw fail(
      15,
      `cannot convert document to BSON because it exceeds the limit of ${MAX_BSON_DEPTH} levels of nesting`,
    );
  }
}
