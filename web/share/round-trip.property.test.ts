/**
 * Every value the engine can store survives the page's saved format (one typed Extended JSON text
 * per document, inside the JSON the store persists) and the share-link format (compressed JSON
 * in the URL fragment), exactly: same BSON types, same field order, same bits. The generator
 * leans on the edges: int64 dates outside the JS Date range, int64 extremes, decimal specials,
 * NaN, -0 and infinities.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
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
import { binaryEqual } from '../../engine/bson/compare.js';
import { dateFromMillis } from '../../engine/bson/dates.js';
import { parseEJSON } from '../../engine/bson/ejson.js';
import { BSON_UNDEFINED, type Doc, type Value } from '../../engine/bson/values.js';
import { typedEJSON } from '../../engine/worker/views.js';
import { toShareState } from '../engine/convert.js';
import type { CollectionState } from '../state/types.js';
import { decodeState, encodeState } from './codec.js';
import { parseShareCollections } from './parse-state.js';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

const millis = fc.oneof(
  fc.bigInt({ min: INT64_MIN, max: INT64_MAX }),
  fc.constantFrom(
    INT64_MIN,
    INT64_MAX,
    0n,
    -1n,
    8_640_000_000_000_000n,
    8_640_000_000_000_001n,
    -8_640_000_000_000_001n,
  ),
  fc.integer({ min: -8.64e15, max: 8.64e15 }).map(BigInt),
  fc.integer({ min: 0, max: 253402300799999 }).map(BigInt),
);

const double = fc.oneof(
  fc.double(),
  fc.constantFrom(NaN, -0, 0, Infinity, -Infinity, Number.MAX_VALUE, Number.MIN_VALUE, 2 ** 53, 1e21, -1e-7),
);

const decimal = fc.oneof(
  fc
    .tuple(fc.bigInt({ min: -(10n ** 34n) + 1n, max: 10n ** 34n - 1n }), fc.integer({ min: -6176, max: 6111 }))
    .map(([c, e]) => Decimal128.fromString(`${c}E${e}`)),
  fc
    .constantFrom('NaN', '-NaN', 'Infinity', '-Infinity', '-0', '0E-6176', '1E+6144')
    .map((s) => Decimal128.fromString(s)),
);

const scalar: fc.Arbitrary<Value> = fc.oneof(
  double,
  fc.integer({ min: -2147483648, max: 2147483647 }).map((n) => new Int32(n)),
  fc
    .oneof(fc.bigInt({ min: INT64_MIN, max: INT64_MAX }), fc.constantFrom(INT64_MIN, INT64_MAX))
    .map((n) => Long.fromBigInt(n)),
  decimal,
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.boolean(),
  fc.constant(null),
  fc.constant(BSON_UNDEFINED),
  fc.constant(new MinKey()),
  fc.constant(new MaxKey()),
  millis.map((ms) => dateFromMillis(ms)),
  fc.uint8Array({ minLength: 12, maxLength: 12 }).map((b) => new ObjectId(b)),
  fc.record({ t: fc.nat(), i: fc.nat() }).map(({ t, i }) => new Timestamp({ t, i })),
  fc.tuple(fc.uint8Array({ maxLength: 20 }), fc.constantFrom(0, 1, 2, 5, 6, 7, 0x80)).map(([b, t]) => new Binary(b, t)),
  fc.uint8Array({ minLength: 16, maxLength: 16 }).map((b) => new Binary(b, 4)),
  fc
    .tuple(
      fc.string().filter((s) => !s.includes('\0')),
      fc.subarray(['i', 'l', 'm', 's', 'u', 'x']),
    )
    .map(([p, o]) => new BSONRegExp(p, o.join(''))),
  fc.string().map((c) => new Code(c)),
  fc.string().map((s) => new BSONSymbol(s)),
  fc.uint8Array({ minLength: 12, maxLength: 12 }).map((b) => new DBRef('coll', new ObjectId(b))),
);

const fieldName = fc.oneof(
  fc.string().filter((k) => !k.startsWith('$') && !k.includes('\0') && k !== '_id'),
  fc.nat({ max: 20 }).map(String),
);

const { doc } = fc.letrec<{ value: Value; doc: Doc; arr: Value[] }>((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, scalar, tie('doc'), tie('arr')),
  doc: fc
    .uniqueArray(fc.tuple(fieldName, tie('value')), { maxLength: 5, selector: ([k]) => k })
    .map((entries) => new Map(entries)),
  arr: fc.array(tie('value'), { maxLength: 4 }),
}));

/** A stored document: `_id` first, never an array (the engine's storage rules). */
const stored = fc
  .tuple(
    fc.oneof(
      scalar.filter((v) => !(v instanceof BSONRegExp) && v !== BSON_UNDEFINED),
      doc,
    ),
    doc,
  )
  .map(([id, rest]) => new Map<string, Value>([['_id', id], ...rest]));

describe('saved and shared collections keep every storable value', () => {
  it('the saved format (typed Extended JSON per document, persisted as JSON) round-trips exactly', () => {
    fc.assert(
      fc.property(fc.array(stored, { minLength: 1, maxLength: 4 }), (docs) => {
        const saved: CollectionState = { name: 'c', docs: docs.map((d) => typedEJSON(d)) };
        const restored = (JSON.parse(JSON.stringify(saved)) as CollectionState).docs.map((t) => parseEJSON(t));
        expect(restored.length).toBe(docs.length);
        restored.forEach((d, i) => expect(binaryEqual(d, docs[i]!)).toBe(true));
      }),
      { numRuns: 300 },
    );
  });

  it('the share-link format (compressed state in the fragment) round-trips exactly', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stored, { minLength: 1, maxLength: 4 }), async (docs) => {
        const state = toShareState('test', [{ name: 'c', docs: docs.map((d) => typedEJSON(d)) }], 'db.c.find()', null);
        const decoded = await decodeState(`#s=${await encodeState(state)}`);
        const [collection] = parseShareCollections(decoded);
        expect(collection!.documents.length).toBe(docs.length);
        collection!.documents.forEach((d, i) => expect(binaryEqual(d, docs[i]!)).toBe(true));
      }),
      { numRuns: 100 },
    );
  });
});
