/**
 * `$toHashedIndexKey` (7.0+): the key a hashed index stores for a value, `BSONElementHasher::hash64`
 * with seed 0 (src/mongo/db/hasher.cpp). The digest is MD5 over the seed (int32), then per element
 * its canonical type (int32), its field name with the NUL inside documents and arrays, and its
 * value: numbers as `safeNumberLong` (int64), documents and arrays as their elements followed by
 * an EOO, anything else as its BSON value bytes. The first 8 digest bytes, little-endian, are the
 * key (a long). A missing value hashes as null.
 */
import { dateMillis } from '../bson/dates.js';
import { typeRank } from '../bson/compare.js';
import {
  codeScopeDoc,
  Long,
  objectAsDoc,
  typeOf,
  type Binary,
  type BSONRegExp,
  type Code,
  type Decimal128,
  type Int32,
  type ObjectId,
  type Timestamp,
  type Value,
} from '../bson/values.js';
import * as D from './decimal.js';
import { md5 } from './md5.js';
import type { OperatorParser } from './types.js';
import { CallNode, parseFixed } from './util.js';

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

class ByteSink {
  private readonly chunks: number[] = [];
  int32(n: number): void {
    for (let k = 0; k < 4; k++) this.chunks.push((n >>> (8 * k)) & 0xff);
  }
  int64(n: bigint): void {
    const u = BigInt.asUintN(64, n);
    for (let k = 0n; k < 8n; k++) this.chunks.push(Number((u >> (8n * k)) & 0xffn));
  }
  bytes(b: Uint8Array): void {
    for (const x of b) this.chunks.push(x);
  }
  cstring(s: string): void {
    this.bytes(new TextEncoder().encode(s));
    this.chunks.push(0);
  }
  string(s: string): void {
    const b = new TextEncoder().encode(s);
    this.int32(b.length + 1);
    this.bytes(b);
    this.chunks.push(0);
  }
  done(): Uint8Array {
    return Uint8Array.from(this.chunks);
  }
}

/** `BSONElement::safeNumberLong`: NaN is 0, out-of-range values saturate, fractions truncate. */
function safeNumberLong(v: Value): bigint {
  switch (typeOf(v)) {
    case 'int':
      return BigInt((v as Int32).value);
    case 'long':
      return (v as Long).toBigInt();
    case 'double': {
      const x = v as number;
      if (Number.isNaN(x)) return 0n;
      if (x >= 2 ** 63) return INT64_MAX;
      if (x < -(2 ** 63)) return INT64_MIN;
      return BigInt(Math.trunc(x));
    }
    default: {
      const d = D.fromDecimal128(v as Decimal128);
      if (d.kind === 'nan') return 0n;
      if (d.kind === 'inf') return d.neg ? INT64_MIN : INT64_MAX;
      const n = D.toBigIntTrunc(d)!;
      return n > INT64_MAX ? INT64_MAX : n < INT64_MIN ? INT64_MIN : n;
    }
  }
}

function hashElement(sink: ByteSink, v: Value, name: string | null): void {
  sink.int32(typeRank(v));
  if (name !== null) sink.cstring(name);
  const type = typeOf(v);
  switch (type) {
    case 'int':
    case 'long':
    case 'double':
    case 'decimal':
      sink.int64(safeNumberLong(v));
      return;
    case 'object':
      for (const [k, x] of objectAsDoc(v)) hashElement(sink, x, k);
      sink.int32(0); // EOO: type 0, no name, no value
      return;
    case 'array':
      (v as Value[]).forEach((x, k) => hashElement(sink, x, String(k)));
      sink.int32(0);
      return;
    case 'string':
      sink.string(v as string);
      return;
    case 'symbol':
      sink.string((v as { value: string }).value);
      return;
    case 'javascript':
    case 'javascriptWithScope': {
      const code = v as Code;
      if (code.scope) {
        sink.cstring(code.code);
        for (const [k, x] of codeScopeDoc(code)) hashElement(sink, x, k);
        sink.int32(0);
      } else sink.string(code.code);
      return;
    }
    case 'objectId':
      sink.bytes((v as ObjectId).id);
      return;
    case 'bool':
      sink.bytes(Uint8Array.of(v ? 1 : 0));
      return;
    case 'date':
      sink.int64(dateMillis(v as Date));
      return;
    case 'timestamp': {
      const ts = v as Timestamp;
      sink.int64((BigInt(ts.t) << 32n) | BigInt(ts.i));
      return;
    }
    case 'binData': {
      const bin = v as Binary;
      const data = bin.buffer.subarray(0, bin.position);
      if (bin.sub_type === 2) {
        sink.int32(data.length + 4);
        sink.bytes(Uint8Array.of(2));
        sink.int32(data.length);
      } else {
        sink.int32(data.length);
        sink.bytes(Uint8Array.of(bin.sub_type));
      }
      sink.bytes(data);
      return;
    }
    case 'regex': {
      const re = v as BSONRegExp;
      sink.cstring(re.pattern);
      sink.cstring(re.options);
      return;
    }
    default:
      // null, undefined, minKey, maxKey: no value bytes.
      return;
  }
}

/** `BSONElementHasher::hash64(element, 0)` of a value (missing hashes as null). */
export function hashedIndexKey(v: Value | undefined): Long {
  const sink = new ByteSink();
  sink.int32(0); // the seed
  hashElement(sink, v === undefined ? null : v, null);
  const digest = md5(sink.done());
  const view = new DataView(digest.buffer);
  return Long.fromBigInt(view.getBigInt64(0, true));
}

const parseToHashedIndexKey: OperatorParser = (arg, ctx, op) =>
  new CallNode(op, parseFixed(arg, ctx, op, 1), ([v]) => hashedIndexKey(v));

export const hashedIndexKeyOperators = { $toHashedIndexKey: parseToHashedIndexKey } satisfies Record<
  string,
  OperatorParser
>;
