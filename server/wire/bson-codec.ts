/**
 * Wire BSON ↔ the engine's value model (engine/bson/values.ts), exactly: field order kept (documents
 * are Maps, so names such as "0" stay where they were), doubles stay doubles (JS `number`) and
 * int32/int64/decimal128 keep their classes, legacy `undefined` and dbPointer survive the trip.
 *
 * The bson package's own serialize/deserialize cannot do this (plain objects reorder integer-like
 * names; integral JS numbers are written as int32; undefined becomes null), so both directions
 * are written out here on top of its value classes. Decoding validates like the server's
 * `validateBSON`: every length, terminator, type byte, boolean and UTF-8 string is checked, and
 * any fault throws a `BsonDecodeError` (InvalidBSON, code 22) instead of reading past the input.
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
import { BSON_UNDEFINED, BsonUndefined, type Doc, type Value } from '../../engine/bson/values.js';

/** Nesting limit of the server's BSON validation (BSONDepth::kDefaultMaxAllowableDepth). */
export const MAX_BSON_DEPTH = 200;

export class BsonDecodeError extends Error {
  readonly code = 22;
  readonly codeName = 'InvalidBSON';
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const encoder = new TextEncoder();

class Reader {
  constructor(
    readonly buf: Buffer,
    public pos: number,
    readonly end: number,
  ) {}

  need(n: number, what: string): void {
    if (n < 0 || this.pos + n > this.end) throw new BsonDecodeError(`invalid bson: ${what} extends past the end`);
  }
  int32(what: string): number {
    this.need(4, what);
    const v = this.buf.readInt32LE(this.pos);
    this.pos += 4;
    return v;
  }
  bytes(n: number, what: string): Buffer {
    this.need(n, what);
    const out = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }
  cstring(what: string): string {
    const zero = this.buf.indexOf(0, this.pos);
    if (zero < 0 || zero >= this.end) throw new BsonDecodeError(`invalid bson: unterminated ${what}`);
    const s = decodeUtf8(this.buf.subarray(this.pos, zero), what);
    this.pos = zero + 1;
    return s;
  }
  string(what: string): string {
    const len = this.int32(`${what} length`);
    if (len < 1) throw new BsonDecodeError(`invalid bson: ${what} has length ${len}`);
    const raw = this.bytes(len, what);
    if (raw[len - 1] !== 0) throw new BsonDecodeError(`invalid bson: ${what} is not null-terminated`);
    return decodeUtf8(raw.subarray(0, len - 1), what);
  }
}

function decodeUtf8(bytes: Uint8Array, what: string): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new BsonDecodeError(`invalid bson: ${what} is not valid UTF-8`);
  }
}

/** Decodes one BSON document that must fill `buf[offset, offset + its length)`; returns it and its length. */
export function decodeDocumentAt(buf: Buffer, offset: number, limit = buf.length): { doc: Doc; length: number } {
  const r = new Reader(buf, offset, limit);
  const doc = readDocument(r, 0);
  return { doc, length: r.pos - offset };
}

/** Decodes a buffer holding exactly one BSON document. */
export function decodeDocument(buf: Buffer): Doc {
  const { doc, length } = decodeDocumentAt(buf, 0);
  if (length !== buf.length) throw new BsonDecodeError('invalid bson: trailing bytes after the document');
  return doc;
}

function readElements(r: Reader, depth: number, onElement: (name: string, value: Value) => void): void {
  if (depth > MAX_BSON_DEPTH) throw new BsonDecodeError(`invalid bson: nested deeper than ${MAX_BSON_DEPTH} levels`);
  const start = r.pos;
  const size = r.int32('document size');
  if (size < 5) throw new BsonDecodeError(`invalid bson: document size ${size} is too small`);
  r.need(size - 4, 'document');
  const end = start + size;
  const inner = new Reader(r.buf, r.pos, end);
  for (;;) {
    inner.need(1, 'element type');
    const type = r.buf[inner.pos++]!;
    if (type === 0) break;
    const name = inner.cstring('field name');
    onElement(name, readValue(inner, type, name, depth));
  }
  if (inner.pos !== end) throw new BsonDecodeError('invalid bson: document size does not match its contents');
  r.pos = end;
}

function readDocument(r: Reader, depth: number): Doc {
  const doc: Doc = new Map();
  readElements(r, depth, (name, value) => {
    // The engine's documents cannot hold a name twice (README: Documents).
    if (doc.has(name)) throw new BsonDecodeError(`invalid bson: duplicate field name "${name}"`);
    doc.set(name, value);
  });
  return doc;
}

function readArray(r: Reader, depth: number): Value[] {
  const out: Value[] = [];
  readElements(r, depth, (_name, value) => {
    out.push(value);
  });
  return out;
}

function readValue(r: Reader, type: number, name: string, depth: number): Value {
  switch (type) {
    case 0x01: {
      r.need(8, 'double');
      const v = r.buf.readDoubleLE(r.pos);
      r.pos += 8;
      return v;
    }
    case 0x02:
      return r.string(`string '${name}'`);
    case 0x03:
      return readDocument(r, depth + 1);
    case 0x04:
      return readArray(r, depth + 1);
    case 0x05: {
      const len = r.int32('binary length');
      if (len < 0) throw new BsonDecodeError(`invalid bson: binary length ${len}`);
      r.need(1, 'binary subtype');
      const subtype = r.buf[r.pos++]!;
      const data = r.bytes(len, 'binary data');
      return new Binary(Uint8Array.from(data), subtype);
    }
    case 0x06:
      return BSON_UNDEFINED;
    case 0x07:
      return new ObjectId(Uint8Array.from(r.bytes(12, 'ObjectId')));
    case 0x08: {
      const b = r.bytes(1, 'boolean')[0];
      if (b !== 0 && b !== 1) throw new BsonDecodeError(`invalid bson: boolean byte ${b}`);
      return b === 1;
    }
    case 0x09: {
      const ms = readLong(r, 'date');
      return new Date(ms.toNumber());
    }
    case 0x0a:
      return null;
    case 0x0b: {
      const pattern = r.cstring('regex pattern');
      const options = r.cstring('regex options');
      return new BSONRegExp(pattern, options);
    }
    case 0x0c: {
      const collection = r.string('dbPointer namespace');
      const oid = new ObjectId(Uint8Array.from(r.bytes(12, 'dbPointer id')));
      return new DBRef(collection, oid);
    }
    case 0x0d:
      return new Code(r.string('code'));
    case 0x0e:
      return new BSONSymbol(r.string('symbol'));
    case 0x0f: {
      const start = r.pos;
      const total = r.int32('code with scope length');
      if (total < 14) throw new BsonDecodeError(`invalid bson: code with scope length ${total}`);
      r.need(total - 4, 'code with scope');
      const code = r.string('code');
      const scope = readDocument(r, depth + 1);
      if (r.pos !== start + total) throw new BsonDecodeError('invalid bson: code with scope length does not match');
      return new Code(code, Object.fromEntries(scope));
    }
    case 0x10:
      return new Int32(r.int32('int32'));
    case 0x11: {
      const low = r.int32('timestamp');
      const high = r.int32('timestamp');
      return new Timestamp({ t: high >>> 0, i: low >>> 0 });
    }
    case 0x12:
      return readLong(r, 'int64');
    case 0x13:
      return new Decimal128(Uint8Array.from(r.bytes(16, 'decimal128')));
    case 0xff:
      return new MinKey();
    case 0x7f:
      return new MaxKey();
    default:
      throw new BsonDecodeError(`invalid bson: unknown BSON type ${type} for field '${name}'`);
  }
}

function readLong(r: Reader, what: string): Long {
  const low = r.int32(what);
  const high = r.int32(what);
  return new Long(low, high);
}

/** Growing output buffer. */
class Writer {
  buf = Buffer.allocUnsafe(256);
  pos = 0;

  ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.pos + n) size *= 2;
    const next = Buffer.allocUnsafe(size);
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
  }
  byte(b: number): void {
    this.ensure(1);
    this.buf[this.pos++] = b;
  }
  int32(v: number): void {
    this.ensure(4);
    this.buf.writeInt32LE(v | 0, this.pos);
    this.pos += 4;
  }
  double(v: number): void {
    this.ensure(8);
    this.buf.writeDoubleLE(v, this.pos);
    this.pos += 8;
  }
  raw(bytes: Uint8Array): void {
    this.ensure(bytes.length);
    this.buf.set(bytes, this.pos);
    this.pos += bytes.length;
  }
  cstring(s: string): void {
    const bytes = encoder.encode(s);
    if (bytes.includes(0))
      throw new TypeError(`BSON field names and regexes cannot contain a null byte: ${JSON.stringify(s)}`);
    this.raw(bytes);
    this.byte(0);
  }
  string(s: string): void {
    const bytes = encoder.encode(s);
    this.int32(bytes.length + 1);
    this.raw(bytes);
    this.byte(0);
  }
  patchInt32(at: number, v: number): void {
    this.buf.writeInt32LE(v, at);
  }
}

/** Encodes an engine document as BSON. */
export function encodeDocument(doc: Doc): Buffer {
  const w = new Writer();
  writeDocument(w, doc.entries());
  return w.buf.subarray(0, w.pos);
}

function writeDocument(w: Writer, entries: Iterable<[string, Value]>): void {
  const start = w.pos;
  w.int32(0);
  for (const [name, value] of entries) writeElement(w, name, value);
  w.byte(0);
  w.patchInt32(start, w.pos - start);
}

function* arrayEntries(values: readonly Value[]): Iterable<[string, Value]> {
  for (let i = 0; i < values.length; i++) yield [String(i), values[i]!];
}

function writeElement(w: Writer, name: string, v: Value): void {
  const typeAt = w.pos;
  w.byte(0);
  w.cstring(name);
  const type = writeValue(w, v); // first: writing may replace w.buf
  w.buf[typeAt] = type;
}

/** Writes the value's bytes and returns its BSON type byte. */
function writeValue(w: Writer, v: Value): number {
  if (v === null) return 0x0a;
  switch (typeof v) {
    case 'number':
      w.double(v);
      return 0x01;
    case 'string':
      w.string(v);
      return 0x02;
    case 'boolean':
      w.byte(v ? 1 : 0);
      return 0x08;
    default:
      break;
  }
  if (v instanceof Map) {
    writeDocument(w, v.entries());
    return 0x03;
  }
  if (Array.isArray(v)) {
    writeDocument(w, arrayEntries(v));
    return 0x04;
  }
  if (v instanceof Date) {
    writeLong(w, Long.fromNumber(v.getTime()));
    return 0x09;
  }
  if (v instanceof BsonUndefined) return 0x06;
  // By `_bsontype`, not instanceof: a value may come from another copy of the bson package (the
  // driver's CommonJS copy next to the engine's ES module one).
  const b = v as unknown as { _bsontype?: string } & Record<string, unknown>;
  switch (b._bsontype) {
    case 'Double':
      w.double((v as unknown as { value: number }).value);
      return 0x01;
    case 'Int32':
      w.int32((v as Int32).value);
      return 0x10;
    case 'Timestamp': {
      const ts = v as Timestamp;
      w.int32(ts.i);
      w.int32(ts.t);
      return 0x11;
    }
    case 'Long':
      writeLong(w, v as Long);
      return 0x12;
    case 'Decimal128':
      w.raw((v as Decimal128).bytes);
      return 0x13;
    case 'ObjectId':
      w.raw((v as ObjectId).id);
      return 0x07;
    case 'Binary': {
      const bin = v as Binary;
      const data = bin.buffer.subarray(0, bin.position);
      w.int32(data.length);
      w.byte(bin.sub_type);
      w.raw(data);
      return 0x05;
    }
    case 'BSONRegExp':
      w.cstring((v as BSONRegExp).pattern);
      w.cstring((v as BSONRegExp).options);
      return 0x0b;
    case 'MinKey':
      return 0xff;
    case 'MaxKey':
      return 0x7f;
    case 'BSONSymbol':
      w.string((v as BSONSymbol).value);
      return 0x0e;
    case 'Code': {
      const code = v as Code;
      if (code.scope === null || code.scope === undefined) {
        w.string(code.code);
        return 0x0d;
      }
      const start = w.pos;
      w.int32(0);
      w.string(code.code);
      const scope =
        code.scope instanceof Map ? code.scope : new Map(Object.entries(code.scope as Record<string, Value>));
      writeDocument(w, scope.entries() as Iterable<[string, Value]>);
      w.patchInt32(start, w.pos - start);
      return 0x0f;
    }
    case 'DBRef': {
      const ref = v as DBRef;
      w.string(ref.db ? `${ref.db}.${ref.collection}` : ref.collection);
      const oid = ref.oid as unknown as { _bsontype?: string; id: Uint8Array };
      if (oid._bsontype !== 'ObjectId') throw new TypeError('a dbPointer needs an ObjectId');
      w.raw(oid.id);
      return 0x0c;
    }
    default:
      break;
  }
  throw new TypeError(`cannot encode ${Object.prototype.toString.call(v)} as BSON`);
}

function writeLong(w: Writer, v: Long): void {
  w.int32(v.low);
  w.int32(v.high);
}
