/**
 * Ports of MongoDB's jstests/aggregation/expressions/ for variables and the expressions that bind
 * them: let.js, map.js, filter.js. Each expression runs through aggregate and an update pipeline
 * (harness.ts).
 */
import { describe, expect, it } from 'vitest';
import { BSON_UNDEFINED, Decimal128 } from '../../bson/values.js';
import { expr, exprCode } from './harness.js';

type Lit = Parameters<typeof expr>[0];
const FAILED_TO_PARSE = 9;

describe('let.js', () => {
  const doc = { zero: 0, one: 1, two: 2, three: 3, nested: { four: 4 } };
  const out = (e: Lit) => expr(e, doc);
  it('$$CURRENT and $$ROOT paths, and sub-expressions', () => {
    expect(out('$two')).toBe(2);
    expect(out('$$CURRENT.two')).toBe(2);
    expect(out('$$ROOT.two')).toBe(2);
    expect(out({ $add: ['$two', '$$CURRENT.three'] })).toBe(5);
    expect(out({ $add: ['$$CURRENT.two', '$$ROOT.nested.four'] })).toBe(6);
  });
  it('$let binds its vars for in; inner lets see and shadow outer ones; vars are bound together', () => {
    expect(out({ $let: { vars: { a: 10 }, in: '$$a' } })).toBe(10);
    expect(out({ $let: { vars: { a: '$zero' }, in: '$$a' } })).toBe(0);
    expect(out({ $let: { vars: { a: { $add: ['$one', '$two'] }, b: 10 }, in: { $multiply: ['$$a', '$$b'] } } })).toBe(30);
    expect(out({ $let: { vars: { var1: 1 }, in: { $let: { vars: { var2: '$$var1' }, in: { $sum: ['$$var1', '$$var2'] } } } } })).toBe(2);
    expect(out({ $let: { vars: { var1: '$one' }, in: { $let: { vars: { var2: '$$var1', var1: 3 }, in: { $sum: ['$$var2', '$$var1'] } } } } })).toBe(4);
    expect(out({ $let: { vars: { x: 6, y: 10 }, in: { $let: { vars: { x: '$$y', y: '$$x' }, in: { $subtract: ['$$x', '$$y'] } } } } })).toBe(4);
    expect(out({ $let: { vars: { 日本語: 10 }, in: '$$日本語' } })).toBe(10);
  });
  it('$let may rebind CURRENT, to a document or to any value', () => {
    expect(out({ $let: { vars: { CURRENT: '$$ROOT.nested' }, in: { $multiply: ['$four', '$$ROOT.two'] } } })).toBe(8);
    expect(out({ $let: { vars: { CURRENT: '$$CURRENT.nested' }, in: { $multiply: ['$four', '$$ROOT.two'] } } })).toBe(8);
    expect(out({ $let: { vars: { CURRENT: '$nested' }, in: { $multiply: ['$four', '$$ROOT.two'] } } })).toBe(8);
    expect(out({ $let: { vars: { CURRENT: { $const: { ten: 10 } } }, in: { $multiply: ['$ten', '$$ROOT.two'] } } })).toBe(20);
    expect(out({ $let: { vars: { CURRENT: '$three' }, in: { $multiply: ['$$CURRENT', '$$ROOT.two'] } } })).toBe(6);
  });
  it('$$ROOT and $$CURRENT alone are the whole document', () => {
    expect(expr('$$ROOT', { _id: 'obj' })).toEqual(new Map([['_id', 'obj']]));
    expect(expr('$$CURRENT', { _id: 'obj' })).toEqual(new Map([['_id', 'obj']]));
  });
  it('FailedToParse for names a user may not define or read; 17276 for a var read by its sibling', () => {
    expect(exprCode({ $let: { vars: { ROOT: 1 }, in: '$$ROOT' } }, doc)).toBe(FAILED_TO_PARSE);
    expect(exprCode({ $let: { vars: { FOO: 1 }, in: '$$FOO' } }, doc)).toBe(FAILED_TO_PARSE);
    expect(exprCode({ $let: { vars: { _underbar: 1 }, in: '$$FOO' } }, doc)).toBe(FAILED_TO_PARSE);
    expect(exprCode({ $let: { vars: { 'a.b': 1 }, in: '$$FOO' } }, doc)).toBe(FAILED_TO_PARSE);
    expect(exprCode({ $let: { vars: { 'a b': 1 }, in: '$$FOO' } }, doc)).toBe(FAILED_TO_PARSE);
    expect(exprCode('$$_underbar', doc)).toBe(FAILED_TO_PARSE);
    expect(exprCode('$$with spaces', doc)).toBe(FAILED_TO_PARSE);
    expect(exprCode({ $let: { vars: { var1: '$one', var2: '$$var1' }, in: '$$var1' } }, doc)).toBe(17276);
  });
});

describe('map.js', () => {
  const doc = { simple: [1, 2, 3, 4], nested: [{ a: 1 }, { a: 2 }], mixed: [{ a: 1 }, {}, { a: 2 }, { a: null }], notArray: 1, null: null };
  it('maps each element through in, under as (default this); a missing result becomes null', () => {
    expect(expr({ $map: { input: '$simple', as: 'var', in: '$$var' } }, doc)).toEqual([1, 2, 3, 4]);
    expect(expr({ $map: { input: '$simple', as: 'var', in: { $add: [10, '$$var'] } } }, doc)).toEqual([11, 12, 13, 14]);
    expect(expr({ $map: { input: '$simple', in: '$$this' } }, doc)).toEqual([1, 2, 3, 4]);
    expect(expr({ $map: { input: '$nested', as: 'var', in: '$$var.a' } }, doc)).toEqual([1, 2]);
    expect(expr({ $map: { input: '$nested', as: 'CURRENT', in: '$a' } }, doc)).toEqual([1, 2]);
    expect(expr({ $map: { input: '$mixed', as: 'var', in: '$$var.a' } }, doc)).toEqual([1, null, 2, null]);
    expect(expr({ $map: { input: '$null', as: 'var', in: '$$var' } }, doc)).toBeNull();
  });
  it('errors: FailedToParse for as ROOT, 16883 not an array, 16879/16880/16882 fields, 17276 unknown variable', () => {
    expect(exprCode({ $map: { input: '$simple', as: 'ROOT', in: '$$ROOT' } }, doc)).toBe(FAILED_TO_PARSE);
    expect(exprCode({ $map: { input: '$notArray', as: 'var', in: '$$var' } }, doc)).toBe(16883);
    expect(exprCode({ $map: { x: 1, input: '$simple', as: 'var', in: '$$var' } }, doc)).toBe(16879);
    expect(exprCode({ $map: { as: 'var', in: '$$var' } }, doc)).toBe(16880);
    expect(exprCode({ $map: { input: '$simple', as: 'var' } }, doc)).toBe(16882);
    expect(exprCode({ $map: { input: '$simple', in: '$$var' } }, doc)).toBe(17276);
  });
});

describe('filter.js', () => {
  const docs: Lit[] = [
    { _id: 0, c: 1, d: 3, a: [1, 2, 3, 4, 5] }, { _id: 1, c: 2, d: 4, a: [1, 2] }, { _id: 2, c: 3, d: 5, a: [] }, { _id: 3, c: 4, d: 6, a: [4] },
    { _id: 4, c: 5, d: 7, a: null }, { _id: 5, c: 6, d: 8, a: BSON_UNDEFINED }, { _id: 6, c: 7, d: 9 },
  ];
  const each = (e: Lit) => docs.map((doc) => expr(e, doc));
  const eq = (x: number) => ({ $filter: { input: '$a', cond: { $eq: ['$$this', x] } } });
  it('keeps the elements whose cond is true; a nullish or missing input gives null', () => {
    expect(each({ $filter: { input: '$a', as: 'x', cond: { $gt: ['$$x', 2] } } })).toEqual([[3, 4, 5], [], [], [4], null, null, null]);
    expect(each({ $filter: { input: '$a', cond: { $eq: [2, '$$this'] } } })).toEqual([[2], [2], [], [], null, null, null]);
    const withLet = { $let: { vars: { value: '$d' }, in: { $filter: { input: '$a', cond: { $gte: [{ $add: ['$c', '$$this'] }, '$$value'] } } } } };
    expect(each(withLet)).toEqual([[2, 3, 4, 5], [2], [], [4], null, null, null]);
    const andOr = { $or: [{ $and: [{ $gt: ['$$this', 1] }, { $lt: ['$$this', 3] }] }, { $eq: ['$$this', 5] }] };
    expect(each({ $filter: { input: '$a', cond: andOr } })).toEqual([[2, 5], [2], [], [], null, null, null]);
  });
  it('as an argument of $and, $or, $cond and $switch', () => {
    const andOr = { $or: [{ $and: [{ $gt: ['$$this', 1] }, { $lt: ['$$this', 3] }] }, { $eq: ['$$this', 5] }] };
    expect(each({ $or: [{ $and: [{ $filter: { input: '$a', cond: andOr } }, '$d'] }, eq(1)] })).toEqual([true, true, true, true, false, false, false]);
    expect(each({ $cond: { if: eq(1), then: eq(2), else: eq(3) } })).toEqual([[2], [2], [], [], null, null, null]);
    const sw = { $switch: { branches: [{ case: eq(1), then: eq(2) }, { case: eq(3), then: eq(4) }], default: eq(5) } };
    expect(each(sw)).toEqual([[2], [2], [], [], null, null, null]);
  });
  // The stored jstest expects 16867 for a bad 'as', the code of the older Variables::
  // uassertValidNameForUserWrite; variable_validation.cpp (what 8.0 runs) answers FailedToParse.
  it('errors: 28646 not an object, 28647 extra field, 28648 no input, 28650 no cond, FailedToParse bad as, 28651 not an array, 17276 unknown variable', () => {
    const doc = docs[0]!;
    expect(exprCode({ $filter: 'string' }, doc)).toBe(28646);
    expect(exprCode({ $filter: { input: '$a', as: 'x', cond: true, extra: 1 } }, doc)).toBe(28647);
    expect(exprCode({ $filter: { as: 'x', cond: true } }, doc)).toBe(28648);
    expect(exprCode({ $filter: { input: '$a', as: 'x' } }, doc)).toBe(28650);
    expect(exprCode({ $filter: { input: '$a', as: '$x', cond: true } }, doc)).toBe(FAILED_TO_PARSE);
    expect(exprCode({ $filter: { input: 'string', as: 'x', cond: true } }, doc)).toBe(28651);
    expect(exprCode({ $filter: { input: '$a', cond: { $eq: [1, '$$var'] } } }, doc)).toBe(17276);
    expect(exprCode({ $filter: { input: '$a', as: 'x', cond: true } }, { a: 'string' })).toBe(28651);
  });
  it('a cond that is not boolean is coerced to bool', () => {
    const date = new Date('2024-01-01T00:00:00Z');
    const a = [date, null, BSON_UNDEFINED, 0, false, Decimal128.fromString('1'), [], { c: 3 }];
    expect(expr({ $filter: { input: '$a', as: 'x', cond: '$$x' } }, { _id: 0, a })).toEqual([date, Decimal128.fromString('1'), [], new Map([['c', 3]])]);
  });
  it('deep paths through the variable, and nested filters', () => {
    const a = [1, 2, 3, 4].map((d) => ({ b: { c: { d } } }));
    expect(expr({ $filter: { input: '$a', cond: { $gt: ['$$this.b.c.d', 2] } } }, { a })).toEqual(expr({ $literal: a.slice(2) }));
    const nested = { $filter: { input: '$a', cond: { $filter: { input: '$$this', cond: { $gt: ['$$this', 3] } } } } };
    expect(expr(nested, { a: [[1, 2, 3], null, [4, 5, 6]] })).toEqual([[1, 2, 3], [4, 5, 6]]);
  });
  // The jstest also sets the failpoint failOnPoisonedFieldLookup (not modelled): '$POISON' here is
  // only a missing field; the $ln cases check the short circuit, since $ln of a negative fails.
  it('$and and $or inside cond short-circuit', () => {
    const doc = { _id: 0, a: [-1, -2, -3, -4] };
    expect(expr({ $filter: { input: '$a', cond: { $and: [{ $gt: ['$$this', 0] }, '$POISON'] } } }, doc)).toEqual([]);
    expect(expr({ $filter: { input: '$a', cond: { $or: [{ $lt: ['$$this', 0] }, '$POISON'] } } }, doc)).toEqual([-1, -2, -3, -4]);
    expect(expr({ $filter: { input: '$a', cond: { $and: [{ $gt: ['$$this', 0] }, { $ln: '$$this' }] } } }, doc)).toEqual([]);
    expect(expr({ $filter: { input: '$a', cond: { $or: [{ $lt: ['$$this', 0] }, { $ln: '$$this' }] } } }, doc)).toEqual([-1, -2, -3, -4]);
  });
});
