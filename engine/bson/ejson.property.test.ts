import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { binaryEqual, valuesEqual } from './compare.js';
import { parseEJSON, stringifyEJSON } from './ejson.js';
import { bsonSize } from './size.js';
import { serialize, Double } from 'bson';
import {
  BSON_UNDEFINED,
  Binary,
  BSONRegExp,
  Decimal128,
  Int32,
  Long,
  MaxKey,
  MinKey,
  ObjectId,
  Timestamp,
  type Doc,
  type Value,
} from './values.js';

const scalar: fc.Arbitrary<Value> = fc.oneof(
  fc.double(),
  fc.integer({ min: -2147483648, max: 2147483647 }).map((n) => new Int32(n)),
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map((n) => Long.fromBigInt(n)),
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.boolean(),
  fc.constant(null),
  fc.constant(BSON_UNDEFINED),
  fc.constant(new MinKey()),
  fc.constant(new MaxKey()),
  fc.integer({ min: -8.64e15, max: 8.64e15 }).map((ms) => new Date(ms)),
  fc.uint8Array({ minLength: 12, maxLength: 12 }).map((b) => new ObjectId(b)),
  fc.record({ t: fc.nat(), i: fc.nat() }).map(({ t, i }) => new Timestamp({ t, i })),
  fc.uint8Array({ maxLength: 20 }).map((b) => new Binary(b, 0)),
  fc.tuple(fc.string(), fc.subarray(['i', 'm', 's', 'x'])).map(([p, o]) => new BSONRegExp(p, o.join(''))),
  fc
    .tuple(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.integer({ min: -20, max: 20 }))
    .map(([c, e]) => Decimal128.fromString(`${c}E${e}`)),
);

const { value } = fc.letrec<{ value: Value; doc: Doc; arr: Value[] }>((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, scalar, tie('doc'), tie('arr')),
  doc: fc
    .uniqueArray(fc.tuple(fc.oneof(fc.string(), fc.nat({ max: 20 }).map(String)), tie('value')), {
      maxLength: 5,
      selector: ([k]) => k,
    })
    .map((entries) => new Map(entries.filter(([k]) => !k.startsWith('$')))),
  arr: fc.array(tie('value'), { maxLength: 4 }),
}));

function forBson(v: Value): unknown {
  if (typeof v === 'number') return new Double(v);
  if (v instanceof Map) return new Map([...v].map(([k, x]) => [k, forBson(x)]));
  if (Array.isArray(v)) return v.map(forBson);
  if (v === BSON_UNDEFINED) return null;
  return v;
}

describe('EJSON round trips (property)', () => {
  it('canonical output parses back to the same BSON; relaxed to an equal value', () => {
    fc.assert(
      fc.property(value, (v) => {
        expect(binaryEqual(parseEJSON(stringifyEJSON(v)), v)).toBe(true);
        // Relaxed EJSON writes int64 as a plain number, which reads back as int32 when small.
        expect(valuesEqual(parseEJSON(stringifyEJSON(v, { relaxed: true })), v)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('bsonSize equals the serialized size', () => {
    fc.assert(
      fc.property(value, (v) => {
        const d: Doc = new Map([['v', v]]);
        expect(bsonSize(d)).toBe(serialize(forBson(d) as Map<string, unknown>).length);
      }),
      { numRuns: 300 },
    );
  });
});
