/**
 * Whatever access path the planner picks, a find returns the same documents as a collection
 * scan (`hint: {$natural: 1}`): indexes only narrow candidates, they never lose matches — also
 * for regexes (prefix bounds, the regex point) and several operators on one field (intersected
 * bounds, multikey or not).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BSONRegExp, Decimal128, Int32, Long, MaxKey, MinKey } from 'bson';
import type { Doc, Value } from '../bson/values.js';
import { ejson, testEngine } from '../commands/testing.js';

const scalar: fc.Arbitrary<Value> = fc.oneof(
  fc.integer({ min: -3, max: 3 }).map((n) => new Int32(n)),
  fc.integer({ min: -3, max: 3 }).map((n) => n + 0.5),
  fc.integer({ min: -3, max: 3 }).map((n) => n as Value),
  fc.integer({ min: -3, max: 3 }).map((n) => Long.fromNumber(n)),
  fc.constantFrom<Value>(
    Decimal128.fromString('1'),
    'a',
    'B',
    'b',
    '',
    'ab',
    'b|',
    null,
    true,
    new MinKey(),
    new MaxKey(),
  ),
  fc.constantFrom<Value>(new BSONRegExp('^a', ''), new BSONRegExp('b', 'i')),
);
const regex: fc.Arbitrary<Value> = fc
  .tuple(
    fc.constantFrom('^a', '^ab', 'b', '^b\\|', '^.', '\\Aa', '^a.*', '^a?b', 'a|b'),
    fc.constantFrom('', 'i', 'm', 's', 'x'),
  )
  .map(([p, o]) => new BSONRegExp(p, o));
const operator = fc.oneof(
  fc.tuple(fc.constantFrom('$gt', '$gte', '$lt', '$lte', '$eq'), scalar),
  regex.map((r) => ['$regex', r] as [string, Value]),
);
const value: fc.Arbitrary<Value> = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }));
const field = fc.constantFrom('a', 'b');

const document = fc.record({ a: fc.option(value, { nil: undefined }), b: fc.option(value, { nil: undefined }) });

const predicate: fc.Arbitrary<Doc> = fc.oneof(
  fc.tuple(field, scalar).map(([f, v]) => new Map<string, Value>([[f, v]])),
  fc
    .tuple(field, fc.constantFrom('$gt', '$gte', '$lt', '$lte', '$eq', '$ne'), scalar)
    .map(([f, op, v]) => new Map<string, Value>([[f, new Map([[op, v]])]])),
  fc
    .tuple(field, fc.array(scalar, { minLength: 1, maxLength: 3 }))
    .map(([f, vs]) => new Map<string, Value>([[f, new Map([['$in', vs]])]])),
  fc.tuple(field, regex).map(([f, r]) => new Map<string, Value>([[f, r]])),
  fc
    .tuple(field, fc.array(fc.oneof(scalar, regex), { minLength: 1, maxLength: 3 }))
    .map(([f, vs]) => new Map<string, Value>([[f, new Map([['$in', vs]])]])),
  fc
    .tuple(field, fc.uniqueArray(operator, { minLength: 2, maxLength: 3, selector: ([op]) => op }))
    .map(([f, ops]) => new Map<string, Value>([[f, new Map(ops)]])),
);

const filter = fc.array(predicate, { minLength: 1, maxLength: 2 }).map((ps) => {
  const out: Doc = new Map();
  for (const p of ps) for (const [k, v] of p) if (!out.has(k)) out.set(k, v);
  return out;
});

/** The find through the planner's choice, and through a collection scan (canonical EJSON). */
function bothWays(docs: readonly { a?: Value | undefined; b?: Value | undefined }[], f: Doc): [string, string] {
  const engine = testEngine();
  const documents = docs.map((d, i) => {
    const doc: Doc = new Map<string, Value>([['_id', new Int32(i)]]);
    if (d.a !== undefined) doc.set('a', d.a);
    if (d.b !== undefined) doc.set('b', d.b);
    return doc;
  });
  if (documents.length > 0)
    engine.runCommand(
      't',
      new Map<string, Value>([
        ['insert', 'c'],
        ['documents', documents],
      ]),
    );
  engine.runCommand(
    't',
    new Map<string, Value>([
      ['createIndexes', 'c'],
      [
        'indexes',
        [
          new Map<string, Value>([['key', new Map([['a', new Int32(1)]])]]),
          new Map<string, Value>([
            [
              'key',
              new Map<string, Value>([
                ['b', new Int32(-1)],
                ['a', new Int32(1)],
              ]),
            ],
          ]),
        ],
      ],
    ]),
  );
  const find = (hint?: Doc): string => {
    const cmd = new Map<string, Value>([
      ['find', 'c'],
      ['filter', f],
      ['sort', new Map([['_id', new Int32(1)]])],
    ]);
    if (hint) cmd.set('hint', hint);
    return ejson(engine.runCommand('t', cmd));
  };
  return [find(), find(new Map([['$natural', new Int32(1)]]))];
}

describe('planner (property)', () => {
  it('index plans return exactly what a collection scan returns', () => {
    fc.assert(
      fc.property(fc.array(document, { maxLength: 12 }), filter, (docs, f) => {
        const [planned, scanned] = bothWays(docs, f);
        expect(planned).toBe(scanned);
      }),
      { numRuns: 400 },
    );
  });
  it('several operators on one field (bounds intersected, or not on a multikey index) lose no match', () => {
    const sameField = fc
      .tuple(field, fc.uniqueArray(operator, { minLength: 2, maxLength: 3, selector: ([op]) => op }))
      .map(([f, ops]) => new Map<string, Value>([[f, new Map(ops)]]));
    fc.assert(
      fc.property(fc.array(document, { maxLength: 12 }), sameField, (docs, f) => {
        const [planned, scanned] = bothWays(docs, f);
        expect(planned).toBe(scanned);
      }),
      { numRuns: 300 },
    );
  });
  it('a regex, alone or in an $in, scans its prefix bounds and loses no string', () => {
    const text = fc.stringMatching(/^[abB|.]{0,3}$/);
    const strings = fc.record({
      a: fc.option(fc.oneof(text, fc.array(text, { maxLength: 2 })), { nil: undefined }),
      b: fc.option(text, { nil: undefined }),
    });
    const regexFilter = fc.oneof(
      fc.tuple(field, regex).map(([f, r]) => new Map<string, Value>([[f, r]])),
      fc
        .tuple(field, fc.array(fc.oneof(text, regex), { minLength: 1, maxLength: 3 }))
        .map(([f, vs]) => new Map<string, Value>([[f, new Map([['$in', vs]])]])),
    );
    fc.assert(
      fc.property(fc.array(strings, { maxLength: 12 }), regexFilter, (docs, f) => {
        const [planned, scanned] = bothWays(docs, f);
        expect(planned).toBe(scanned);
      }),
      { numRuns: 300 },
    );
  });
});
