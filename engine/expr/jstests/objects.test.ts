/**
 * Ports of MongoDB's jstests/aggregation/expressions/ for objects: expression_get_field.js (its
 * $match {$expr} pipelines also as find and update filters; $bucket is no update stage),
 * expression_set_field.js, merge_objects.js (expression_set_field_null_chars.js is in
 * set-field-refuses-nul-in-field-names.test.ts). Each
 * expression runs through aggregate and an update pipeline (harness.ts); fields named with dots
 * and dollars are read and written as literal names.
 */
import { describe, expect, it } from 'vitest';
import { BSON_UNDEFINED } from '../../bson/values.js';
import { aggregate, collection, expr, exprCode, exprError, find, updateWhere, v } from './harness.js';

type Lit = Parameters<typeof expr>[0];

function testDoc(i: number): Record<string, Lit> {
  return {
    _id: i,
    x: i,
    y: 'c',
    a$b: 'foo',
    'a.b': 'bar',
    'a.$b': 5,
    '.xy': i,
    '.$xz': i,
    '..zz': i,
    $a: 10,
    '$x.$y': 20,
    '$x..$y': { $a: 1, '$b..$c': 2 },
    c: { d: 'x' },
    e: { $f: 30 },
  };
}

describe('expression_get_field.js', () => {
  const doc = { ...testDoc(1), f: [{ $a: 41 }, { '$b..': 42 }], '$v..': null };
  const get = (args: Lit) => expr({ $getField: args }, doc);
  it('argument errors', () => {
    const code = (args: Lit) => exprCode({ $getField: args }, doc);
    expect(code({ input: { a: 'b' } })).toBe(3041702);
    expect(code({ field: 'a' })).toBe(3041703);
    expect(code({ field: true, input: { a: 'b' } })).toBe(5654602);
    expect(code({ field: { a: 1 }, input: { a: 1 } })).toBe(5654601);
    expect(code(5)).toBe(5654602);
    expect(code(true)).toBe(5654602);
    expect(code({ field: null, input: { a: 1 } })).toBe(5654602);
    expect(code({ field: 'a', input: { a: 'b' }, unknown: true })).toBe(3041701);
    expect(code({ field: '$a', input: { a: 'b' } })).toBe(5654600);
    expect(code({ field: '$a.b', input: { a: 'b' } })).toBe(5654600);
    expect(code({ field: '$$CURRENT.a', input: { a: 'b' } })).toBe(5654600);
    expect(code({ $add: [2, 3] })).toBe(5654601);
    expect(code({ field: { $concat: ['a', 'b'] }, input: { a: 1 } })).toBe(5654601);
    expect(code({ field: { $cond: [false, null, 'x'] }, input: { a: 1 } })).toBe(5654601);
    expect(code({ $const: true })).toBe(5654602);
    expect(code({ $const: { a: 1 } })).toBe(5654602);
    expect(code({ field: { $const: [] }, input: { a: 1 } })).toBe(5654602);
  });
  it('reads literal names from $$CURRENT or the input, dots and dollars included', () => {
    expect(get({ field: 'a', input: { a: 'b' } })).toBe('b');
    expect(get('a')).toBeUndefined();
    expect(get('a$b')).toBe('foo');
    expect(get('a.b')).toBe('bar');
    expect(get('x')).toBe(1);
    expect(get('a.$b')).toBe(5);
    expect(get('.xy')).toBe(1);
    expect(get('.$xz')).toBe(1);
    expect(get('..zz')).toBe(1);
    expect(get({ $const: '$a' })).toBe(10);
    expect(get({ $const: '$x.$y' })).toBe(20);
    expect(get({ $const: '$x..$y' })).toEqual(v({ $a: 1, '$b..$c': 2 }));
    expect(get({ field: { $const: '$f' }, input: '$e' })).toBe(30);
    expect(get({ field: 'a.b', input: { $const: { 'a.b': 'b' } } })).toBe('b');
    expect(get({ field: '.ab', input: { $const: { '.ab': 'b' } } })).toBe('b');
    expect(get({ field: 'ab.', input: { $const: { 'ab.': 'b' } } })).toBe('b');
    expect(get({ field: 'a.b.c', input: { $const: { 'a.b.c': 5 } } })).toBe(5);
    expect(get({ field: 'a.b.c', input: { a: { b: { c: 5 } } } })).toBeUndefined();
    expect(get({ field: 'd', input: { $getField: 'c' } })).toBe('x');
    expect(get({ field: 'a$b', input: { a$b: 'b' } })).toBe('b');
    expect(get({ field: 'a$b.b', input: { $const: { 'a$b.b': 5 } } })).toBe(5);
    expect(get({ field: { $const: 'a$b.b' }, input: { $const: { 'a$b.b': 5 } } })).toBe(5);
    expect(get({ field: { $const: '$b.b' }, input: { $const: { '$b.b': 5 } } })).toBe(5);
    expect(get({ field: { $const: '$b' }, input: { $const: { $b: 5 } } })).toBe(5);
    expect(get({ field: { $const: '$.ab' }, input: { $const: { '$.ab': 5 } } })).toBe(5);
    expect(get({ field: { $const: '$$xz' }, input: { $const: { $$xz: 5 } } })).toBe(5);
  });
  it('null and missing', () => {
    expect(get({ field: 'a', input: null })).toBeNull();
    expect(get({ field: 'a', input: { b: 2, c: 3 } })).toBeUndefined();
    expect(get({ field: 'a', input: { a: null, b: 2, c: 3 } })).toBeNull();
    expect(get({ field: { $const: '$a' }, input: { $const: { $a: null, b: 2, c: 3 } } })).toBeNull();
    expect(get({ field: 'a', input: {} })).toBeUndefined();
    expect(get({ $const: '$v..' })).toBeNull();
    expect(get({ $const: '$u..' })).toBeUndefined();
    expect(get({ field: 'doesNotExist2', input: { $getField: 'doesNotExist1' } })).toBeUndefined();
    expect(get({ field: 'x', input: { $getField: 'doesNotExist' } })).toBeUndefined();
    expect(get({ field: 'a', input: true })).toBeUndefined();
  });
  it('nested, and inside arrays', () => {
    expect(get({ field: 'a', input: { $getField: { field: 'b.c', input: { $const: { 'b.c': { a: 5 } } } } } })).toBe(5);
    expect(
      get({ field: 'x', input: { $getField: { field: 'b.c', input: { $const: { 'b.c': { a: 5 } } } } } }),
    ).toBeUndefined();
    expect(
      get({ field: 'a', input: { $getField: { field: 'b.d', input: { $const: { 'b.c': { a: 5 } } } } } }),
    ).toBeUndefined();
    expect(get({ field: { $const: '$a' }, input: { $getField: { $const: '$x..$y' } } })).toBe(1);
    expect(get({ field: { $const: '$b..$c' }, input: { $getField: { $const: '$x..$y' } } })).toBe(2);
    expect(
      get({ field: { $const: 'a$b' }, input: { $arrayElemAt: [[{ $const: { a$b: 1 } }, { $const: { a$b: 2 } }], 0] } }),
    ).toBe(1);
    expect(
      get({
        field: { $const: 'a..' },
        input: { $arrayElemAt: [[{ $const: { 'a..': 1 } }, { $const: { 'a..': 2 } }], 1] },
      }),
    ).toBe(2);
    expect(get({ field: { $const: '$a' }, input: { $arrayElemAt: ['$f', 0] } })).toBe(41);
    expect(get({ field: { $const: '$b..' }, input: { $arrayElemAt: ['$f', 1] } })).toBe(42);
  });
});

describe('expression_get_field.js (with other stages: $match {$expr}, find and update filters)', () => {
  const coll = collection([0, 1].map((k) => ({ ...testDoc(k), f: [{ $a: 41 }, { '$b..': 42 }], '$v..': null })));
  const ids = (docs: Array<{ get(k: string): unknown }>): unknown[] => docs.map((d) => d.get('_id')).sort();
  it('a $getField comparison under $expr selects the documents, in aggregate, find and an update', () => {
    const same = { $expr: { $eq: [{ $getField: '_id' }, { $getField: '.$xz' }] } };
    const out = aggregate(coll, [{ $match: same }, { $project: { aa: { $getField: '.$xz' }, _id: 1 } }]);
    expect(out.map((d) => [d.get('_id'), d.get('aa')])).toEqual([
      [0, 0],
      [1, 1],
    ]);
    expect(ids(find(coll, same, { _id: 1 }))).toEqual([0, 1]);
    const differ = { $expr: { $ne: [{ $getField: '_id' }, { $getField: '.$xz' }] } };
    expect(aggregate(coll, [{ $match: differ }])).toEqual([]);
    expect(find(coll, differ, { _id: 1 })).toEqual([]);
    expect(updateWhere(coll, differ, { $set: { touched: true } })).toBe(0);
    const notDotted = { $expr: { $ne: [{ $getField: '_id' }, { $getField: 'a.b' }] } };
    const projected = aggregate(coll, [
      { $match: notDotted },
      { $project: { a: { $getField: 'x' }, b: { $getField: { $const: 'a.b' } } } },
    ]);
    expect(projected.map((d) => [d.get('_id'), d.get('a'), d.get('b')])).toEqual([
      [0, 0, 'bar'],
      [1, 1, 'bar'],
    ]);
    expect(updateWhere(coll, notDotted, [{ $set: { aa: { $getField: { $const: 'a.b' } } } }])).toBe(2);
    expect(find(coll, { aa: 'bar' }, { _id: 1 }).length).toBe(2);
  });
  it('$addFields reads a dotted name literally', () => {
    const out = aggregate(coll, [
      { $addFields: { aa: { $getField: { $const: 'a.b' } } } },
      { $project: { aa: 1, _id: 1 } },
    ]);
    expect(out.map((d) => [d.get('_id'), d.get('aa')])).toEqual([
      [0, 'bar'],
      [1, 'bar'],
    ]);
  });
});

describe('expression_set_field.js', () => {
  const doc = testDoc(0);
  const set = (args: Lit) => expr({ $setField: args }, doc);
  const unset = (args: Lit) => expr({ $unsetField: args }, doc);
  it('argument errors', () => {
    const setCode = (args: Lit) => exprCode({ $setField: args }, doc);
    const unsetCode = (args: Lit) => exprCode({ $unsetField: args }, doc);
    expect(setCode({ input: { a: 'b' } })).toBe(4161102);
    expect(setCode({})).toBe(4161102);
    expect(unsetCode({ input: { a: 'b' } })).toBe(4161102);
    expect(unsetCode({})).toBe(4161102);
    // $setField gets the jstest's value: 24 / 0 / 12345; $unsetField none.
    const withValue = (value: Lit) => (args: Lit) =>
      typeof args === 'object' && args !== null && !Array.isArray(args) && 'field' in (args as object)
        ? setCode({ ...(args as object), value } as Lit)
        : setCode(args);
    for (const c of [withValue(24), unsetCode]) {
      expect(c({ field: true, input: { a: 'b' } })).toBe(4161107);
      expect(c({ field: { a: 1 }, input: { a: 1 } })).toBe(4161106);
      expect(c({ field: 33, input: 33 })).toBe(4161107);
      expect(c({ field: 'a', input: true })).toBe(4161105);
      expect(c({ field: null, input: {} })).toBe(4161107);
      expect(c({ field: '$field_path', input: {} })).toBe(4161108);
      expect(c({ field: { $concat: ['a.b', '.', 'c'] }, input: { $const: { 'a.b.c': 5 } } })).toBe(4161106);
      expect(c(5)).toBe(4161100);
      expect(c(true)).toBe(4161100);
      expect(c({ $add: [2, 3] })).toBe(4161101);
      expect(c('foo')).toBe(4161100);
    }
    expect(setCode({ value: 'a' })).toBe(4161102);
    expect(setCode({ value: 'a', input: { a: 'b' } })).toBe(4161102);
    expect(setCode({ field: 'a' })).toBe(4161103);
    expect(setCode({ field: 'a', input: { a: 'b' } })).toBe(4161103);
    expect(unsetCode({ field: 'a', value: 'foo' })).toBe(4161101);
    expect(unsetCode({ field: 'a', value: null, input: { a: 'b' } })).toBe(4161101);
    expect(unsetCode({ field: null })).toBe(4161109);
    expect(unsetCode({ field: 'foo' })).toBe(4161109);
    expect(setCode({ field: null, value: 0 })).toBe(4161109);
    expect(setCode({ field: 'foo', value: 0 })).toBe(4161109);
    expect(setCode({ field: 'a', input: { a: 'b' }, unknown: true })).toBe(4161101);
    expect(setCode({ field: 'a', input: { a: 'b' }, value: 24, unknown: true })).toBe(4161101);
  });
  it('sets, replaces and removes; nullish input is null', () => {
    expect(set({ field: 'a', input: { a: 'b' }, value: 24 })).toEqual(v({ a: 24 }));
    expect(set({ field: 'a', input: { b: 'b' }, value: 24 })).toEqual(v({ b: 'b', a: 24 }));
    expect(set({ field: 'a', input: {}, value: 24 })).toEqual(v({ a: 24 }));
    expect(set({ field: 'a', input: { a: 'b' }, value: '$$REMOVE' })).toEqual(v({}));
    expect(set({ field: 'a', input: { b: 'b' }, value: '$$REMOVE' })).toEqual(v({ b: 'b' }));
    expect(set({ field: 'a', input: {}, value: '$$REMOVE' })).toEqual(v({}));
    expect(unset({ field: 'a', input: { a: 'b' } })).toEqual(v({}));
    expect(unset({ field: 'a', input: { b: 'b' } })).toEqual(v({ b: 'b' }));
    expect(unset({ field: 'a', input: {} })).toEqual(v({}));
    expect(set({ field: 'not_going_to_be_a_field', input: null, value: 0 })).toBeNull();
    expect(unset({ field: 'not_going_to_be_a_field', input: null })).toBeNull();
  });
  it('on $$ROOT, every odd name is a literal field (kept in place when replaced, appended when new)', () => {
    // The jstest iterates `for (const field in testFields)`, i.e. over the indexes "0".."10".
    for (const field of ['a', 'a$b', 'a.b', 'x', 'a.$b', '.xy', '.$xz', '..zz', '$a', '$x.$y', '$x..$y', '0', '10']) {
      for (const value of [null, 12345, 'foo', { a: 23, xy: { a: 1, b: 2 } }]) {
        const expected = new Map(v(doc) as Map<string, unknown>);
        expected.set(field, v(value as Lit));
        expect(set({ field: { $const: field }, input: '$$ROOT', value: { $literal: value } })).toEqual(expected);
      }
      const removed = new Map(v(doc) as Map<string, unknown>);
      removed.delete(field);
      expect(set({ field: { $const: field }, input: '$$ROOT', value: '$$REMOVE' })).toEqual(removed);
      expect(unset({ field: { $const: field }, input: '$$ROOT' })).toEqual(removed);
    }
  });
  it('dotted and dollar names are literal; nesting with $getField', () => {
    expect(set({ field: 'a.b', input: { $const: { 'a.b': 'b' } }, value: 12345 })).toEqual(v({ 'a.b': 12345 }));
    expect(set({ field: '.ab', input: { $const: { '.ab': 'b' } }, value: 12345 })).toEqual(v({ '.ab': 12345 }));
    expect(set({ field: 'ab.', input: { $const: { 'ab.': 'b' } }, value: 12345 })).toEqual(v({ 'ab.': 12345 }));
    expect(set({ field: 'a.b.c', input: { $const: { 'a.b.c': 5 } }, value: 12345 })).toEqual(v({ 'a.b.c': 12345 }));
    expect(set({ field: 'a.b.c', input: { a: { b: { c: 5 } } }, value: 12345 })).toEqual(
      v({ a: { b: { c: 5 } }, 'a.b.c': 12345 }),
    );
    expect(set({ field: 'a$b', input: { a$b: 'b' }, value: 12345 })).toEqual(v({ a$b: 12345 }));
    expect(set({ field: 'a$b.b', input: { $const: { 'a$b.b': 5 } }, value: 12345 })).toEqual(v({ 'a$b.b': 12345 }));
    expect(set({ field: { $const: 'a$b.b' }, input: { $const: { 'a$b.b': 5 } }, value: 12345 })).toEqual(
      v({ 'a$b.b': 12345 }),
    );
    expect(set({ field: { $const: '$b.b' }, input: { $const: { '$b.b': 5 } }, value: 12345 })).toEqual(
      v({ '$b.b': 12345 }),
    );
    expect(set({ field: { $const: '$b' }, input: { $const: { $b: 5 } }, value: 12345 })).toEqual(v({ $b: 12345 }));
    expect(set({ field: { $const: '$.ab' }, input: { $const: { '$.ab': 5 } }, value: 12345 })).toEqual(
      v({ '$.ab': 12345 }),
    );
    expect(set({ field: { $const: '$$xz' }, input: { $const: { $$xz: 5 } }, value: 12345 })).toEqual(
      v({ $$xz: 12345 }),
    );
    expect(
      set({
        field: 'b.c',
        input: { $setField: { field: 'b.c', input: { $const: { 'b.c': { a: 5 } } }, value: 'replace me' } },
        value: 'something',
      }),
    ).toEqual(v({ 'b.c': 'something' }));
    expect(
      set({
        field: 'x',
        input: { $setField: { field: 'b.c', input: { $const: { 'b.c': { a: 5 } } }, value: 'forget-me-not' } },
        value: 'something',
      }),
    ).toEqual(v({ 'b.c': 'forget-me-not', x: 'something' }));
    expect(
      set({
        field: 'a',
        input: { $setField: { field: 'b.d', input: { $const: { 'b.c': { a: 5 } } }, value: 'forget-me-not' } },
        value: '$_id',
      }),
    ).toEqual(v({ 'b.c': { a: 5 }, 'b.d': 'forget-me-not', a: 0 }));
    expect(
      set({
        field: { $const: '$h.$i' },
        input: { $setField: { field: { $const: '$g..' }, input: '$e', value: 'forget-me-not' } },
        value: '$_id',
      }),
    ).toEqual(v({ $f: 30, '$g..': 'forget-me-not', '$h.$i': 0 }));
    expect(
      expr(
        {
          $eq: [
            { $getField: { field: 'foo', input: { $setField: { field: 'foo', input: '$$ROOT', value: 1234 } } } },
            1234,
          ],
        },
        doc,
      ),
    ).toBe(true);
    expect(
      set({
        field: { $const: '$x..$y' },
        input: {},
        value: {
          $setField: { field: { $const: '$a' }, input: { $getField: { $const: '$x..$y' } }, value: 'forget-me-not' },
        },
      }),
    ).toEqual(v({ '$x..$y': { $a: 'forget-me-not', '$b..$c': 2 } }));
  });
});

describe('merge_objects.js', () => {
  it('later objects win, field order of first appearance', () => {
    expect(expr({ $mergeObjects: ['$subObject', { d: 1 }] }, { _id: 0, subObject: { b: 1, c: 1 } })).toEqual(
      v({ b: 1, c: 1, d: 1 }),
    );
    expect(expr({ $mergeObjects: ['$$ROOT', { newField: 'newValue' }] }, { _id: 1, a: 0, b: 1 })).toEqual(
      v({ _id: 1, a: 0, b: 1, newField: 'newValue' }),
    );
    expect(expr({ $mergeObjects: ['$$ROOT', { a: 'newValue' }] }, { _id: 2, a: 0, b: 1 })).toEqual(
      v({ _id: 2, a: 'newValue', b: 1 }),
    );
    expect(expr({ $mergeObjects: [{ a: 'defaultValue' }, '$$ROOT'] }, { _id: 3, a: 0, b: 1 })).toEqual(
      v({ a: 0, _id: 3, b: 1 }),
    );
    expect(expr({ $mergeObjects: ['$$ROOT', '$subObject'] }, { _id: 4, a: 0, subObject: { b: 1, c: 2 } })).toEqual(
      v({ _id: 4, a: 0, subObject: { b: 1, c: 2 }, b: 1, c: 2 }),
    );
    expect(
      expr(
        { $mergeObjects: ['$subObject', { subObject1: { d: 1 } }, { e: 1 }] },
        { _id: 5, subObject: { b: 1, c: 1 } },
      ),
    ).toEqual(v({ b: 1, c: 1, subObject1: { d: 1 }, e: 1 }));
  });
  it('40400 for a non-object; null and undefined values are kept, missing ones dropped', () => {
    expect(exprError({ $mergeObjects: ['$a', { a: 'newString' }] }, { _id: 6, a: 'string' })).toEqual({
      code: 40400,
      errmsg: '$mergeObjects requires object inputs, but input "string" is of type string',
    });
    expect(exprCode({ $mergeObjects: ['$a', '$c'] }, { _id: 7, a: { b: 1 }, c: 1 })).toBe(40400);
    expect(expr({ $mergeObjects: ['$a', { b: null }] }, { a: { b: 1 } })).toEqual(v({ b: null }));
    expect(expr({ $mergeObjects: ['$a', { b: BSON_UNDEFINED }] }, { a: { b: 1 } })).toEqual(v({ b: BSON_UNDEFINED }));
    expect(expr({ $mergeObjects: ['$a', { b: '$nonExistentField' }] }, { a: { b: 1 } })).toEqual(v({ b: 1 }));
    expect(expr({ $mergeObjects: ['$a', { b: '' }] }, { a: { b: 1 } })).toEqual(v({ b: '' }));
    expect(expr({ $mergeObjects: [{}] })).toEqual(v({}));
    expect(expr({ $mergeObjects: [{}, {}] })).toEqual(v({}));
    expect(expr({ $mergeObjects: ['$a', { b: '$$REMOVE' }] }, { a: { b: 2 } })).toEqual(v({ b: 2 }));
  });
});
