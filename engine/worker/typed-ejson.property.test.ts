/**
 * Guard for the one-pass typed Extended JSON writer (typed-ejson.ts), which a committed Run uses for
 * every document: over generated values of every BSON type (numbers at their edges, strings that
 * need escapes, names like "", "0", "__proto__"), nested documents in the stored (shaped) layout,
 * in a plain `Map` and in a shaped document that left its shape, arrays around the one-line limit,
 * and every indent and starting level, it writes exactly the text of the general writing below
 * (the function it replaced: entries, `JSON.stringify` per name, `stringifyEJSON` per scalar).
 */
import fc from 'fast-check';
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
import { describe, expect, it } from 'vitest';
import { stringifyEJSON } from '../bson/ejson.js';
import { ShapedDoc, storedLayout } from '../bson/shaped-doc.js';
import { BSON_UNDEFINED, isArray, isDoc, typeOf, type Doc, type Value } from '../bson/values.js';
import { typedEJSON } from './typed-ejson.js';

/** The general writing (the implementation before typed-ejson.ts), the reference. */
function generalTypedEJSON(v: Value, indent = 2, level = 0): string {
  const pad = (n: number): string => (indent > 0 ? '\n' + ' '.repeat(n * indent) : '');
  const sep = indent > 0 ? ': ' : ':';
  if (isDoc(v)) {
    if (v.size === 0) return '{}';
    const parts = [...v].map(
      ([k, x]) => pad(level + 1) + JSON.stringify(k) + sep + generalTypedEJSON(x, indent, level + 1),
    );
    return '{' + parts.join(',') + pad(level) + '}';
  }
  if (isArray(v)) {
    if (v.length === 0) return '[]';
    if (v.length <= 8 && v.every((x) => !isDoc(x) && !isArray(x))) {
      return '[' + v.map((x) => generalTypedEJSON(x, 0)).join(', ') + ']';
    }
    return '[' + v.map((x) => pad(level + 1) + generalTypedEJSON(x, indent, level + 1)).join(',') + pad(level) + ']';
  }
  if (typeOf(v) === 'long') return stringifyEJSON(v);
  return stringifyEJSON(v, { relaxed: true });
}

const scalar: fc.Arbitrary<Value> = fc.oneof(
  fc.double(),
  fc.constantFrom(0, -0, NaN, Infinity, -Infinity, 1e21, -1e21, 2 ** 53, 0.1, 5),
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }).map((n) => new Int32(n)),
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map((n) => Long.fromBigInt(n)),
  fc.constantFrom('1.00', '-0', 'NaN', '-Infinity', '1E+6144').map((s) => Decimal128.fromString(s)),
  fc.string(),
  fc.constantFrom('"', '\\', '\n', '\u2028', '\ud800', 'é', '😀', '</script>'),
  fc.boolean(),
  fc.constant(null),
  fc.constant(BSON_UNDEFINED),
  fc.integer({ min: -1e14, max: 3e14 }).map((ms) => new Date(ms)),
  fc.constant(new Date(NaN)),
  fc.constant(ObjectId.createFromHexString('65a1b2c3d4e5f60718293a4b')),
  fc.tuple(fc.nat(), fc.nat()).map(([t, i]) => new Timestamp({ t, i })),
  fc.uint8Array({ maxLength: 6 }).map((b) => new Binary(b, 4)),
  fc.constant(new BSONRegExp('a"b', 'mi')),
  fc.constantFrom(new MinKey(), new MaxKey()),
  fc.constant(new Code('function () { return "x"; }')),
  fc.constant(new Code('f()', { a: 1 })),
  fc.constant(new BSONSymbol('sym')),
  fc.constant(new DBRef('coll', new Int32(1) as unknown as ObjectId, 'db')),
);

const name = fc.oneof(
  fc.constantFrom('_id', 'a', 'b', '', '0', '10', '__proto__', 'a.b', '$x', 'é', '"q"'),
  fc.string(),
);

type Layout = 'map' | 'shaped' | 'unshaped';

function docOf(entries: readonly (readonly [string, Value])[], layout: Layout): Doc {
  const map: Doc = new Map(entries);
  if (layout === 'map') return map;
  const shaped = storedLayout(map);
  if (layout === 'unshaped' && shaped instanceof ShapedDoc && shaped.size > 0) {
    // A change of names moves a shaped document into a Map of its own.
    const first = shaped.keys().next().value!;
    const v = shaped.get(first)!;
    shaped.delete(first);
    shaped.set(first, v);
  }
  return shaped;
}

const value = fc.letrec<{ v: Value; arr: Value; doc: Value }>((tie) => ({
  v: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('arr'), tie('doc')),
  arr: fc.oneof(fc.array(tie('v'), { maxLength: 10 }), fc.array(scalar, { minLength: 7, maxLength: 10 })),
  doc: fc
    .tuple(
      fc.uniqueArray(fc.tuple(name, tie('v')), { maxLength: 6, selector: (e) => e[0] }),
      fc.constantFrom<Layout>('map', 'shaped', 'unshaped'),
    )
    .map(([entries, layout]) => docOf(entries, layout)),
})).v;

describe('typedEJSON (one pass) writes the general writing’s text', () => {
  it('for every value, indent and level', () => {
    fc.assert(
      fc.property(value, fc.constantFrom(2, 0, 4, -1), fc.nat({ max: 3 }), (v, indent, level) => {
        expect(typedEJSON(v, indent, level)).toBe(generalTypedEJSON(v, indent, level));
      }),
      { numRuns: 1500 },
    );
  });

  it('for documents of one shape written one after another (the kept quoted names)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(name, { minLength: 1, maxLength: 6 }),
        fc.array(fc.array(value, { minLength: 6, maxLength: 6 }), { minLength: 2, maxLength: 5 }),
        (names, rows) => {
          for (const row of rows) {
            const doc = docOf(
              names.map((n, i) => [n, row[i]!] as const),
              'shaped',
            );
            expect(typedEJSON(doc)).toBe(generalTypedEJSON(doc));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
