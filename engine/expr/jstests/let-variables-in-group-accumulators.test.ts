/**
 * The $group half of MongoDB's jstests/aggregation/expressions/let.js: every expression of its
 * `testExpr` is also the argument of a `$sum` accumulator (`{$group: {_id: 0, res: {$sum: expr}}}`),
 * and `$$ROOT`/`$$CURRENT` alone are pushed by `$push`. The accumulator evaluates its argument
 * with the same variables ($$ROOT, $$CURRENT, $let's vars) as $project does. Through the real
 * aggregate command; the documents are compared as canonical Extended JSON (numeric types
 * included: the shell's numbers are doubles).
 */
import { describe, expect, it } from 'vitest';
import { ejson } from '../../commands/testing.js';
import { aggregate, collection, v, type Lit } from './harness.js';

const sumOf = (coll: string, expression: Lit): string =>
  ejson(aggregate(coll, [{ $group: { _id: 0, res: { $sum: expression } } }]));
const expected = (output: Lit): string => ejson(v([{ _id: 0, res: output }]));

describe('let.js through $group', () => {
  const coll = collection([{ zero: 0, one: 1, two: 2, three: 3, nested: { four: 4 } }]);
  it('$sum of field paths through $$CURRENT and $$ROOT, and of sub-expressions', () => {
    expect(sumOf(coll, '$two')).toBe(expected(2));
    expect(sumOf(coll, '$$CURRENT.two')).toBe(expected(2));
    expect(sumOf(coll, '$$ROOT.two')).toBe(expected(2));
    expect(sumOf(coll, { $add: ['$two', '$$CURRENT.three'] })).toBe(expected(5));
    expect(sumOf(coll, { $add: ['$$CURRENT.two', '$$ROOT.nested.four'] })).toBe(expected(6));
  });
  it('$sum of $let: vars bound together, inner lets shadow outer ones, unicode names', () => {
    expect(sumOf(coll, { $let: { vars: { a: 10 }, in: '$$a' } })).toBe(expected(10));
    expect(sumOf(coll, { $let: { vars: { a: '$zero' }, in: '$$a' } })).toBe(expected(0));
    expect(sumOf(coll, { $let: { vars: { a: { $add: ['$one', '$two'] }, b: 10 }, in: { $multiply: ['$$a', '$$b'] } } })).toBe(expected(30));
    expect(sumOf(coll, { $let: { vars: { var1: 1 }, in: { $let: { vars: { var2: '$$var1' }, in: { $sum: ['$$var1', '$$var2'] } } } } })).toBe(expected(2));
    expect(sumOf(coll, { $let: { vars: { var1: '$one' }, in: { $let: { vars: { var2: '$$var1', var1: 3 }, in: { $sum: ['$$var2', '$$var1'] } } } } })).toBe(expected(4));
    expect(sumOf(coll, { $let: { vars: { x: 6, y: 10 }, in: { $let: { vars: { x: '$$y', y: '$$x' }, in: { $subtract: ['$$x', '$$y'] } } } } })).toBe(expected(4));
    expect(sumOf(coll, { $let: { vars: { 日本語: 10 }, in: '$$日本語' } })).toBe(expected(10));
  });
  it('$sum of $let rebinding CURRENT, to a document or to a number', () => {
    expect(sumOf(coll, { $let: { vars: { CURRENT: '$$ROOT.nested' }, in: { $multiply: ['$four', '$$ROOT.two'] } } })).toBe(expected(8));
    expect(sumOf(coll, { $let: { vars: { CURRENT: '$$CURRENT.nested' }, in: { $multiply: ['$four', '$$ROOT.two'] } } })).toBe(expected(8));
    expect(sumOf(coll, { $let: { vars: { CURRENT: '$nested' }, in: { $multiply: ['$four', '$$ROOT.two'] } } })).toBe(expected(8));
    expect(sumOf(coll, { $let: { vars: { CURRENT: { $const: { ten: 10 } } }, in: { $multiply: ['$ten', '$$ROOT.two'] } } })).toBe(expected(20));
    expect(sumOf(coll, { $let: { vars: { CURRENT: '$three' }, in: { $multiply: ['$$CURRENT', '$$ROOT.two'] } } })).toBe(expected(6));
  });
  it('$push of $$ROOT and of $$CURRENT collects the whole documents', () => {
    const objColl = collection([{ _id: 'obj' }]);
    const whole = ejson(v([{ _id: 0, objs: [{ _id: 'obj' }] }]));
    expect(ejson(aggregate(objColl, [{ $group: { _id: 0, objs: { $push: '$$ROOT' } } }]))).toBe(whole);
    expect(ejson(aggregate(objColl, [{ $group: { _id: 0, objs: { $push: '$$CURRENT' } } }]))).toBe(whole);
  });
});
