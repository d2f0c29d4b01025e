/**
 * Ports of MongoDB's jstests/aggregation/expressions/ for conditionals: cond.js, switch.js,
 * switch_errors.js, ifnull.js. Each expression runs through aggregate and an update pipeline
 * (harness.ts).
 */
import { describe, expect, it } from 'vitest';
import { BSON_UNDEFINED } from '../../bson/values.js';
import { aggregate, collection, expr, exprCode, v } from './harness.js';

type Lit = Parameters<typeof expr>[0];

describe('cond.js', () => {
  const cond = (arg: Lit, doc: Lit = {}) => expr({ $cond: arg }, doc);
  it('arity 16020; object form 17080-17083', () => {
    for (const args of [[], [1], [false], [1, 1], [1, 1, null, 1], [1, 1, 1, BSON_UNDEFINED]]) expect(exprCode({ $cond: args })).toBe(16020);
    expect(exprCode({ $cond: { else: 1, then: 1 } })).toBe(17080);
    expect(exprCode({ $cond: { if: 1, else: 1 } })).toBe(17081);
    expect(exprCode({ $cond: { if: 1, then: 1 } })).toBe(17082);
    expect(exprCode({ $cond: { asdf: 1, then: 1 } })).toBe(17083);
  });
  it('array and object forms in any order; truthiness; field paths; nesting', () => {
    expect(cond([true, 1, 2])).toBe(1);
    expect(cond([false, 1, 2])).toBe(2);
    for (const o of [{ if: true, then: 1, else: 2 }, { if: true, else: 2, then: 1 }, { then: 1, if: true, else: 2 }, { then: 1, else: 2, if: true }, { else: 2, then: 1, if: true }, { else: 2, if: true, then: 1 }]) {
      expect(cond(o)).toBe(1);
    }
    expect(cond([{ $and: [] }, { $add: [1] }, { $add: [1, 1] }])).toBe(1);
    expect(cond([{ $or: [] }, { $add: [1] }, { $add: [1, 1] }])).toBe(2);
    expect(cond(['$t', '$x', '$y'], { t: true, f: false, x: 'foo', y: 'bar' })).toBe('foo');
    expect(cond(['$f', '$x', '$y'], { t: true, f: false, x: 'foo', y: 'bar' })).toBe('bar');
    expect(cond([1, 'a', 'b'])).toBe('a');
    expect(cond(['', 'a', 'b'])).toBe('a');
    expect(cond([0, 'a', 'b'])).toBe('b');
    const meal = {
      $cond: [{ $eq: ['$noonSense', 'am'] }, { $cond: [{ $eq: ['$mealCombined', 'yes'] }, 'brunch', 'breakfast'] }, { $cond: [{ $eq: ['$mealCombined', 'yes'] }, 'linner', 'dinner'] }],
    };
    const meals = ([['am', 'no'], ['am', 'yes'], ['pm', 'yes'], ['pm', 'no']] as const).map(([noonSense, mealCombined]) => expr(meal, { noonSense, mealCombined }));
    expect(meals.sort()).toEqual(['breakfast', 'brunch', 'dinner', 'linner']);
  });
});

describe('switch.js', () => {
  const sw = (arg: Lit) => expr({ $switch: arg });
  it('first matching branch, default, nullish cases are false, missing results stay missing', () => {
    expect(sw({ branches: [{ case: { $eq: [1, 1] }, then: 'one is equal to one!' }] })).toBe('one is equal to one!');
    expect(sw({ branches: [{ case: { $eq: [1, 1] }, then: 'one is equal to one!' }, { case: { $eq: [2, 2] }, then: 'two is equal to two!' }] })).toBe('one is equal to one!');
    expect(sw({ branches: [{ case: { $eq: [1, 2] }, then: 'one is equal to two!' }], default: 'no case matched.' })).toBe('no case matched.');
    expect(sw({ branches: [{ case: null, then: 'Null was true!' }], default: 'No case matched.' })).toBe('No case matched.');
    expect(sw({ branches: [{ case: '$missingField', then: 'Null was true!' }], default: 'No case matched.' })).toBe('No case matched.');
    expect(sw({ branches: [{ case: true, then: null }], default: false })).toBeNull();
    expect(sw({ branches: [{ case: true, then: '$missingField' }], default: false })).toBeUndefined();
    expect(sw({ branches: [{ case: null, then: false }], default: null })).toBeNull();
    expect(sw({ branches: [{ case: null, then: false }], default: '$missingField' })).toBeUndefined();
  });
});

describe('switch_errors.js', () => {
  it('40060-40068', () => {
    expect(exprCode({ $switch: 'not an object' })).toBe(40060);
    expect(exprCode({ $switch: { branches: 'not an array' } })).toBe(40061);
    expect(exprCode({ $switch: { branches: ['not an object'] } })).toBe(40062);
    expect(exprCode({ $switch: { branches: [{}] } })).toBe(40064);
    expect(exprCode({ $switch: { branches: [{ case: 1 }] } })).toBe(40065);
    expect(exprCode({ $switch: { branches: [{ case: true, then: false, badKey: 1 }] } })).toBe(40063);
    expect(exprCode({ $switch: { notAnArgument: 1 } })).toBe(40067);
    expect(exprCode({ $switch: { branches: [] } })).toBe(40068);
    expect(exprCode({ $switch: {} })).toBe(40068);
    expect(exprCode({ $switch: { branches: [{ case: { $eq: ['$x', 0] }, then: 1 }] } }, { x: 1 })).toBe(40066);
  });
});

describe('ifnull.js', () => {
  const doc = { zero: 0, one: 1, two: 2, three: 3, my_false: false, my_str: '', my_null: null, my_undefined: BSON_UNDEFINED, my_obj: {}, my_list: [], my_list_of_docs: [{ z: 1 }, { z: 2 }] };
  const ifNull = (args: Lit[]) => expr({ $ifNull: args }, doc as never);
  it('1257300 for fewer than two arguments', () => {
    for (const args of [[], ['$one'], ['$my_null']]) expect(exprCode({ $ifNull: args }, doc as never)).toBe(1257300);
  });
  it('the first argument that is neither null, undefined nor missing; else the last one', () => {
    const cases: [Lit[], Lit | undefined][] = [
      [['$one', '$two'], 1], [['$two', '$one'], 2], [['$my_false', '$one'], false], [['$my_str', '$one'], ''], [['$my_list', '$one'], []],
      [['$my_obj', '$one'], {}], [['$one', '$my_null'], 1], [['$two', '$my_undefined'], 2], [['$one', '$two', '$three'], 1],
      [['$one', '$two', '$my_null'], 1], [['$one', '$my_null', '$two'], 1], [['$one', '$two', null], 1], [['$two', '$my_undefined', null], 2],
      [['$my_null', '$two'], 2], [['$my_null', '$one'], 1], [['$my_null', '$my_null'], null], [['$my_null', '$my_false', '$one'], false],
      [['$my_null', '$my_null', '$my_false'], false], [['$my_null', '$my_null', '$my_null', '$my_null'], null],
      [['$nonexistent', '$nonexistent', null], null], [['$my_null', '$my_null', null], null], [['$my_null', '$my_null', BSON_UNDEFINED], BSON_UNDEFINED],
      [['$my_undefined', '$two'], 2], [['$my_undefined', '$one'], 1], [['$my_undefined', '$my_null'], null], [['$my_undefined', '$my_false', '$one'], false],
      [['$my_undefined', '$my_null', '$missingField', '$my_str', '$two'], ''], [['$my_undefined', '$my_undefined', null], null],
      [[{ $add: ['$one', '$one'] }, '$three'], 2], [['$missingField', { $multiply: ['$two', '$three'] }], 6], [[{ $add: ['$one', '$one'] }, '$three', '$zero'], 2],
      [['$my_null', '$my_undefined'], BSON_UNDEFINED], [['$my_undefined', '$my_undefined'], BSON_UNDEFINED],
      [[null, '$one'], 1], [[null, null, '$one'], 1], [[null, null], null], [[null, 2], 2], [[2, '$one'], 2], [[2, 3], 2], [['$my_null', null, '$three'], 3], [['$my_null', 3, '$one'], 3],
    ];
    for (const [args, expected] of cases) expect(ifNull(args), JSON.stringify(args)).toEqual(v(expected as Lit));
  });
  it('errors inside arguments propagate (2, 16610); nesting', () => {
    expect(exprCode({ $ifNull: [{ $divide: ['$one', '$zero'] }, '$zero'] }, doc as never)).toBe(2);
    expect(exprCode({ $ifNull: [{ $mod: ['$one', '$zero'] }, '$zero'] }, doc as never)).toBe(16610);
    const nested = { $ifNull: ['$a', { $ifNull: ['$b', { $ifNull: ['$c', '$d'] }] }] };
    expect(expr(nested, { d: 'foo' })).toBe('foo');
    expect(expr(nested, { d: 'foo', b: 'bar' })).toBe('bar');
    expect(expr({ $ifNull: ['$a', { $ifNull: ['$b', { $ifNull: ['$c', '$d'] }] }, '$e'] }, { d: 'foo', b: 'bar' })).toBe('bar');
  });
  it('an object literal inside $ifNull replaces an array field in $set (not applied per element)', () => {
    const coll = collection([{ _id: 1, three: 3, my_list_of_docs: [{ z: 1 }, { z: 2 }] }]);
    const [out] = aggregate(coll, [{ $set: { my_list_of_docs: { $ifNull: [null, { b: '$three' }] } } }, { $project: { _id: 0, my_list_of_docs: 1, three: 1 } }]);
    expect(out).toEqual(v({ three: 3, my_list_of_docs: { b: 3 } }));
  });
});
