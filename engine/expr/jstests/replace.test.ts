/**
 * Ports of MongoDB's jstests/aggregation/expressions/ replace_one.js and replace_all.js. Each
 * expression runs through aggregate and an update pipeline (harness.ts). replace_all.js now tests
 * a regex `find` behind featureFlagMqlJsEngineGap (8.3) with codes 10503902-10503904; 8.0's
 * ExpressionReplaceBase takes strings only and raises 51744 (replacement), 51745 (find),
 * 51746 (input), which is what is asserted here.
 */
import { describe, expect, it } from 'vitest';
import { BSONRegExp } from '../../bson/values.js';
import { expr, exprCode, exprError } from './harness.js';

type Lit = Parameters<typeof expr>[0];
type Op = '$replaceOne' | '$replaceAll';

/** Both as constants and as fields of the document, like replace_all.js's runAndAssert. */
function replace(op: Op, input: Lit, find: Lit, replacement: Lit): unknown {
  const constant = expr({ [op]: { input, find, replacement } });
  const doc: Record<string, Lit> = {};
  if (input !== '$missing') doc.input = input;
  if (find !== '$missing') doc.find = find;
  if (replacement !== '$missing') doc.replacement = replacement;
  expect(expr({ [op]: { input: '$input', find: '$find', replacement: '$replacement' } }, doc)).toEqual(constant);
  return constant;
}

const nullish: [Lit, Lit, Lit][] = [
  [null, null, null], ['a', null, null], [null, 'b', null], [null, null, 'c'], ['a', 'b', null], [null, 'b', 'c'],
  ['$missing', '$missing', '$missing'], ['a', '$missing', '$missing'], ['$missing', 'b', '$missing'], ['$missing', '$missing', 'c'],
  ['a', 'b', '$missing'], ['a', '$missing', 'c'], ['$missing', 'b', 'c'], [null, null, '$missing'], [null, '$missing', null], ['$missing', null, null],
];

const typed = {
  obj_field: { a: 1, b: 1, c: { d: 2 } }, arr_field1: [1, 2, 3, 'c'], arr_field2: ['aaaaa'], int_field: 1, dbl_field: 1.0, null_field: null, str_field: 'foo',
};

function typeErrors(op: Op): void {
  const code = (input: string, find: string, replacement: string) => exprCode({ [op]: { input: `$${input}`, find: `$${find}`, replacement: `$${replacement}` } }, typed);
  for (const bad of ['obj_field', 'arr_field1', 'int_field', 'dbl_field']) {
    expect(code(bad, 'str_field', 'str_field')).toBe(51746);
    expect(code('str_field', bad, 'str_field')).toBe(51745);
    expect(code('str_field', 'str_field', bad)).toBe(51744);
  }
  // The input is checked first, then find, then replacement; a nullish one never hides a bad one.
  expect(code('str_field', 'arr_field2', 'dbl_field')).toBe(51745);
  expect(code('obj_field', 'arr_field2', 'str_field')).toBe(51746);
  expect(code('int_field', 'arr_field2', 'dbl_field')).toBe(51746);
  expect(code('arr_field2', 'arr_field2', 'arr_field2')).toBe(51746);
  for (const [a, b] of [['null_field', 'str_field'], ['missing_field', 'str_field'], ['str_field', 'null_field'], ['str_field', 'missing_field'], ['missing_field', 'null_field'], ['null_field', 'missing_field'], ['missing_field', 'missing_field'], ['null_field', 'null_field']] as const) {
    expect(code('obj_field', a, b)).toBe(51746);
    expect(code(a, 'obj_field', b)).toBe(51745);
    expect(code(a, b, 'obj_field')).toBe(51744);
  }
}

describe('replace_one.js', () => {
  it('replaces the first occurrence; an empty find matches at the start', () => {
    const r = (i: Lit, f: Lit, x: Lit) => replace('$replaceOne', i, f, x);
    expect(r('albatross', 'ross', 'rachel')).toBe('albatrachel');
    expect(r('albatross', '', 'one ')).toBe('one albatross');
    expect(r('albatross', '', '')).toBe('albatross');
    expect(r('', '', 'foo')).toBe('foo');
    expect(r('', '', '')).toBe('');
    expect(r('albatross', 'rachel', 'ross')).toBe('albatross');
    expect(r('', 'rachel', 'ross')).toBe('');
    expect(r('', 'rachel', '')).toBe('');
    expect(r('an antelope is an animal', 'an', '')).toBe(' antelope is an animal');
    expect(r('an antelope is an animal', 'an', 'this')).toBe('this antelope is an animal');
  });
  it('any null or missing argument gives null', () => {
    for (const [i, f, x] of nullish) expect(replace('$replaceOne', i, f, x)).toBeNull();
  });
  it('a non-string is 51746 (input), 51745 (find), 51744 (replacement), in that order', () => {
    typeErrors('$replaceOne');
    expect(exprError({ $replaceOne: { input: '$obj_field', find: 'a', replacement: 'b' } }, typed)).toEqual({
      code: 51746, errmsg: "$replaceOne requires that 'input' be a string, found: {a: 1, b: 1, c: {d: 2}}",
    });
  });
});

describe('replace_all.js', () => {
  it('replaces every occurrence; an empty find matches between every character', () => {
    const r = (i: Lit, f: Lit, x: Lit) => replace('$replaceAll', i, f, x);
    expect(r('albatross', 'ross', 'rachel')).toBe('albatrachel');
    expect(r('albatross', '', 'one ')).toBe('one aone lone bone aone tone rone oone sone sone ');
    expect(r('albatross', '', '')).toBe('albatross');
    expect(r('', '', 'foo')).toBe('foo');
    expect(r('', '', '')).toBe('');
    expect(r('albatross', 'rachel', 'ross')).toBe('albatross');
    expect(r('', 'rachel', 'ross')).toBe('');
    expect(r('', 'rachel', '')).toBe('');
    expect(r('an antelope is an animal', 'an', '')).toBe(' telope is  imal');
    expect(r('an antelope is an animal', 'an', 'this')).toBe('this thistelope is this thisimal');
  });
  it('any null or missing argument gives null', () => {
    for (const [i, f, x] of nullish) expect(replace('$replaceAll', i, f, x)).toBeNull();
  });
  it('a non-string is 51746 (input), 51745 (find), 51744 (replacement), in that order', () => {
    typeErrors('$replaceAll');
  });
  it('a regex find is not a string in 8.0 (51745)', () => {
    expect(exprError({ $replaceAll: { input: '123-456-7890', find: new BSONRegExp('\\d{3}', ''), replacement: 'xxx' } })).toEqual({
      code: 51745, errmsg: "$replaceAll requires that 'find' be a string, found: /\\d{3}/",
    });
  });
});
