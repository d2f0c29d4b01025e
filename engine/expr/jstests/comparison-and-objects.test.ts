/**
 * Ports of MongoDB's jstests/aggregation/expressions/ for comparison, object literals and
 * conditionals: cmp_literal.js, comparison_missing_and_key_values.js (its $project form, and its
 * $match {$expr} form as the matched _ids of aggregate's $match, find and an update's filter),
 * expression_object.js, empty_obj_arg.js, expression_cond.js. Each expression runs through
 * aggregate and an update pipeline (harness.ts).
 */
import { describe, expect, it } from 'vitest';
import { BSON_UNDEFINED, MaxKey, MinKey } from '../../bson/values.js';
import { aggregate, collection, expr, exprCode, find, i, updateWhere, v } from './harness.js';

type Lit = Parameters<typeof expr>[0];

describe('cmp_literal.js', () => {
  it("a string starting with '$' is a field path unless wrapped in $literal", () => {
    expect(expr({ $eq: ['$string', '$string'] }, { string: 'foo' })).toBe(true);
    expect(expr({ $eq: ['$string', { $literal: '$string' }] }, { string: 'foo' })).toBe(false);
  });
});

describe('comparison_missing_and_key_values.js ($project form)', () => {
  // MinKey < missing == undefined < null < number < string < [] < MaxKey: a missing operand is
  // EOO, which canonicalizeBSONType ranks with undefined, above MinKey and below null.
  const docs: Array<{ id: string; doc: Lit; rank: number }> = [
    { id: 'minkey', doc: { f: new MinKey() }, rank: 0 },
    { id: 'missing', doc: {}, rank: 1 },
    { id: 'undefined', doc: { f: BSON_UNDEFINED }, rank: 1 },
    { id: 'null', doc: { f: null }, rank: 2 },
    { id: 'number', doc: { f: 5 }, rank: 3 },
    { id: 'string', doc: { f: 'hello' }, rank: 4 },
    { id: 'emptyArray', doc: { f: [] }, rank: 5 },
    { id: 'maxkey', doc: { f: new MaxKey() }, rank: 6 },
  ];
  const rhsValues: Array<{ value: Lit; rank: number }> = [
    { value: new MinKey(), rank: 0 },
    { value: BSON_UNDEFINED, rank: 1 },
    { value: null, rank: 2 },
    { value: 5, rank: 3 },
    { value: 'hello', rank: 4 },
    { value: { $literal: [] }, rank: 5 },
    { value: new MaxKey(), rank: 6 },
  ];
  const ops: Record<string, (a: number, b: number) => unknown> = {
    $eq: (a, b) => a === b,
    $ne: (a, b) => a !== b,
    $gt: (a, b) => a > b,
    $gte: (a, b) => a >= b,
    $lt: (a, b) => a < b,
    $lte: (a, b) => a <= b,
    $cmp: (a, b) => i(a === b ? 0 : a < b ? -1 : 1),
  };
  for (const [op, reference] of Object.entries(ops)) {
    it(`${op} follows the comparison order, both operand orders`, () => {
      for (const rhs of rhsValues) {
        for (const { id, doc, rank } of docs) {
          expect(expr({ [op]: ['$f', rhs.value] }, doc), `${op} ${id} vs ${rhs.rank}`).toEqual(
            reference(rank, rhs.rank),
          );
          expect(expr({ [op]: [rhs.value, '$f'] }, doc), `${op} ${rhs.rank} vs ${id}`).toEqual(
            reference(rhs.rank, rank),
          );
        }
      }
    });
  }
});

describe('comparison_missing_and_key_values.js ($match {$expr} form)', () => {
  const docs: Array<{ _id: string; f?: Lit; rank: number }> = [
    { _id: 'minkey', f: new MinKey(), rank: 0 },
    { _id: 'missing', rank: 1 },
    { _id: 'undefined', f: BSON_UNDEFINED, rank: 1 },
    { _id: 'null', f: null, rank: 2 },
    { _id: 'number', f: 5, rank: 3 },
    { _id: 'string', f: 'hello', rank: 4 },
    { _id: 'emptyArray', f: [], rank: 5 },
    { _id: 'maxkey', f: new MaxKey(), rank: 6 },
  ];
  const coll = collection(docs.map(({ rank: _rank, ...doc }) => doc as Lit));
  const rhsValues: Array<{ value: Lit; rank: number }> = [
    { value: new MinKey(), rank: 0 },
    { value: BSON_UNDEFINED, rank: 1 },
    { value: null, rank: 2 },
    { value: 5, rank: 3 },
    { value: 'hello', rank: 4 },
    { value: { $literal: [] }, rank: 5 },
    { value: new MaxKey(), rank: 6 },
  ];
  const ops: Record<string, (a: number, b: number) => boolean> = {
    $eq: (a, b) => a === b,
    $ne: (a, b) => a !== b,
    $gt: (a, b) => a > b,
    $gte: (a, b) => a >= b,
    $lt: (a, b) => a < b,
    $lte: (a, b) => a <= b,
  };
  const ids = (found: Array<{ get(k: string): unknown }>): string[] => found.map((d) => String(d.get('_id'))).sort();
  for (const [op, reference] of Object.entries(ops)) {
    it(`matches ${op} across the comparison order, both operand orders (aggregate $match, find, update filter)`, () => {
      for (const rhs of rhsValues) {
        for (const fieldFirst of [true, false]) {
          const filter = { $expr: { [op]: fieldFirst ? ['$f', rhs.value] : [rhs.value, '$f'] } };
          const want = docs
            .filter((d) => (fieldFirst ? reference(d.rank, rhs.rank) : reference(rhs.rank, d.rank)))
            .map((d) => d._id)
            .sort();
          const label = `${op} ${fieldFirst ? 'f' : String(rhs.rank)} vs ${fieldFirst ? String(rhs.rank) : 'f'}`;
          expect(ids(aggregate(coll, [{ $match: filter }, { $project: { _id: 1 } }])), label).toEqual(want);
          expect(ids(find(coll, filter, { _id: 1 })), label).toEqual(want);
          expect(updateWhere(coll, filter, { $set: { touched: true } }), label).toBe(want.length);
        }
      }
    });
  }
  it('treats a missing field as greater than MinKey (SERVER-131544): $gte matches every document, $gt all but the MinKey one', () => {
    expect(ids(find(coll, { $expr: { $gte: ['$f', new MinKey()] } }, { _id: 1 }))).toEqual(
      docs.map((d) => d._id).sort(),
    );
    expect(ids(find(coll, { $expr: { $gt: ['$f', new MinKey()] } }, { _id: 1 }))).toEqual(
      docs
        .filter((d) => d._id !== 'minkey')
        .map((d) => d._id)
        .sort(),
    );
    // As an update's filter: n counts the same documents.
    for (const [op, want] of [
      ['$gte', docs.length],
      ['$gt', docs.length - 1],
    ] as const) {
      const marked = collection(docs.map(({ rank: _rank, ...doc }) => doc as Lit));
      expect(updateWhere(marked, { $expr: { [op]: ['$f', new MinKey()] } }, { $set: { seen: true } })).toBe(want);
      expect(find(marked, { seen: true }, { _id: 1 }).length).toBe(want);
    }
  });
});

describe('expression_object.js', () => {
  const cases: Array<[Lit, Lit]> = [
    [{ label1: '$fieldRef1' }, { _id: 'doc1' }],
    [{ label2: { $eq: ['$_id', { label21: '$fieldRef21' }] } }, { _id: 'doc1', label2: false }],
    [{ label3: { $eq: [{ label31: '$fieldRef31' }, '$_id'] } }, { _id: 'doc1', label3: false }],
    [{ label4: { $eq: [{ label41: '$fieldRef41' }, { label42: '$fieldRef42' }] } }, { _id: 'doc1', label4: true }],
    [
      {
        label5: {
          $eq: [
            { label51: { $eq: ['$_id', { label511: '$fieldRef511' }] } },
            { label52: { $eq: [{ label521: '$fieldRef521' }, '$_id'] } },
          ],
        },
      },
      { _id: 'doc1', label5: false },
    ],
    [
      { label6: { $eq: [{ label61: { $eq: [{ label611: '$fieldRef611' }, '$_id'] } }, '$_id'] } },
      { _id: 'doc1', label6: false },
    ],
  ];
  it('an object literal whose fields are all missing is the empty object, in find projections', () => {
    const coll = collection([{ _id: 'doc1', field: 'val1' }]);
    for (const [projection, result] of cases) expect(find(coll, {}, projection)).toEqual([v(result)]);
  });
  it('and through aggregate and update', () => {
    for (const [projection, result] of cases) {
      const [name, spec] = Object.entries(projection as Record<string, Lit>)[0]!;
      expect(expr(spec, { _id: 'doc1', field: 'val1' })).toEqual((v(result) as Map<string, unknown>).get(name));
    }
  });
});

describe('empty_obj_arg.js', () => {
  it('an empty object is a truthy operand and a value', () => {
    expect(expr({ $and: [{}] })).toBe(true);
    expect(expr({ $ifNull: ['$b', {}] })).toEqual(new Map());
  });
});

describe('expression_cond.js', () => {
  const years = [1999, 2021, 2000];
  const each = (spec: Lit) => years.map((year) => expr({ $cond: spec }, { year }));
  it('array and object forms; constant, null and undefined conditions; nested', () => {
    expect(each([{ $gt: ['$year', 2000] }, 'new', 'old'])).toEqual(['old', 'new', 'old']);
    expect(each([true, { $concat: ['n', 'e', 'w'] }, 'old'])).toEqual(['new', 'new', 'new']);
    expect(each([false, 'new', { $concat: ['o', 'l', 'd'] }])).toEqual(['old', 'old', 'old']);
    expect(each([{ $eq: ['A', 'a'] }, 'new', { $concat: ['o', 'l', 'd'] }])).toEqual(['old', 'old', 'old']);
    expect(each([null, 'new', 'old'])).toEqual(['old', 'old', 'old']);
    expect(each([BSON_UNDEFINED, 'new', 'old'])).toEqual(['old', 'old', 'old']);
    expect(each([true, BSON_UNDEFINED, 'old'])).toEqual([BSON_UNDEFINED, BSON_UNDEFINED, BSON_UNDEFINED]);
    expect(each([BSON_UNDEFINED, null, null])).toEqual([null, null, null]);
    expect(each({ if: { $gt: ['$year', 2000] }, then: 'new', else: 'old' })).toEqual(['old', 'new', 'old']);
    const nested = {
      if: { $gt: ['$year', 2000] },
      then: 'new',
      else: { $cond: [{ $eq: ['$year', 2000] }, '2000 was in XX century', 'old'] },
    };
    expect(each(nested)).toEqual(['old', 'new', '2000 was in XX century']);
  });
  it('errors: 16020 arity, 17083 unknown field, 17080 no if, 17081 no then, 17082 no else', () => {
    for (const spec of [['new', 'old'], [], null, BSON_UNDEFINED]) expect(exprCode({ $cond: spec as Lit })).toBe(16020);
    expect(exprCode({ $cond: { i: { $gt: ['$year', 2000] }, then: 'new', else: 'old' } })).toBe(17083);
    expect(exprCode({ $cond: { then: 'new', else: 'old' } })).toBe(17080);
    expect(exprCode({ $cond: { if: { $gt: ['$year', 2000] }, else: 'old' } })).toBe(17081);
    expect(exprCode({ $cond: { if: { $gt: ['$year', 2000] }, then: 'new' } })).toBe(17082);
  });
});
