/**
 * Ports of MongoDB's jstests/aggregation/expressions/ for $concat: concat.js, concat_error.js,
 * concat_preserve_arg_order.js. Each expression runs through aggregate and an update pipeline
 * (harness.ts).
 */
import { describe, expect, it } from 'vitest';
import { Binary, BSONRegExp, BSON_UNDEFINED, Code, MaxKey, MinKey, ObjectId, Timestamp } from '../../bson/values.js';
import { expr, exprError, i, l } from './harness.js';

type Lit = Parameters<typeof expr>[0];

describe('concat.js', () => {
  it('an empty string and no arguments give the empty string', () => {
    expect(expr({ $concat: [{ $toLower: '$b' }] })).toBe('');
    expect(expr({ $concat: [] })).toBe('');
  });
});

describe('concat_error.js', () => {
  const doc = { v: '$', w: '.', x: 'foo', y: 'bar', z: 'z\0z' };
  it('joins strings in order, "$" and NULs included', () => {
    expect(expr({ $concat: ['X', '$x', 'Y', '$y'] }, doc)).toBe('XfooYbar');
    expect(expr({ $concat: ['$v', 'X', '$w', 'Y'] }, doc)).toBe('$X.Y');
    expect(expr({ $concat: ['$w', 'X', '$v', 'Y'] }, doc)).toBe('.X$Y');
    expect(expr({ $concat: ['X', '$z', 'a\0a', 'Y'] }, doc)).toBe('Xz\0za\0aY');
  });
  it('any null, undefined or missing argument gives null', () => {
    for (const e of [['$missing'], [null], [BSON_UNDEFINED], ['$x', '$missing', '$y'], ['$x', null, '$y'], ['$x', BSON_UNDEFINED, '$y']] as Lit[][]) {
      expect(expr({ $concat: e }, doc)).toBeNull();
    }
  });
  it('every other type is 16702, named in the message', () => {
    const cases: [Lit, string][] = [
      [new MinKey(), 'minKey'], [1, 'double'], [i(1), 'int'], [l(1), 'long'], [true, 'bool'], [new Code('function () {}'), 'javascript'],
      [{ $literal: {} }, 'object'], [{ $literal: [] }, 'array'], [new Timestamp({ t: 0, i: 0 }), 'timestamp'], [new Date(0), 'date'],
      [new Binary(Buffer.alloc(0), 0), 'binData'], [new BSONRegExp('asdf', ''), 'regex'], [new MaxKey(), 'maxKey'],
      [new ObjectId('0123456789abcdef01234567'), 'objectId'],
    ];
    for (const [arg, type] of cases) {
      expect(exprError({ $concat: [arg] }, doc)).toEqual({ code: 16702, errmsg: `$concat only supports strings, not ${type}` });
    }
  });
});

describe('concat_preserve_arg_order.js', () => {
  it('constants are not moved to the end when folding', () => {
    expect(expr({ $concat: ['1', { $concat: ['foo', '$x', 'bar'] }, '2'] }, { x: '3' })).toBe('1foo3bar2');
  });
});
