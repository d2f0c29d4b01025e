/**
 * $pop: its argument parses to exactly 1 or -1 (FailedToParse otherwise); a missing path or an
 * empty array is a no-op; a scalar or non-array on the path is an error; positional `$`,
 * `$[<id>]` and numeric array components reach the array.
 * From jstests/core/write/update/update_modifier_pop.js (pop_node.cpp).
 */
import { describe, expect, it } from 'vitest';
import { JsShell, x } from './shell-harness.js';

const noop = x('{"nMatched": 1, "nUpserted": 0, "nModified": 0}');
const changed = x('{"nMatched": 1, "nUpserted": 0, "nModified": 1}');

function withDoc(doc: string): JsShell {
  const sh = new JsShell();
  sh.value(`db.c.insertOne(${doc})`);
  return sh;
}

function writeError(sh: JsShell, update: string): string {
  const r = sh.value(`db.c.update({_id: 0}, ${update})`) as Map<string, unknown>;
  return JSON.stringify(Object.fromEntries(r.get('writeError') as Map<string, unknown>));
}

describe('$pop (update_modifier_pop.js)', () => {
  it.each([
    ['{"a.b": 0}', '$pop expects 1 or -1, found: 0'],
    ['{"a.b": -2}', '$pop expects 1 or -1, found: -2'],
    ['{"a.b": 2.5}', 'Expected an integer: a.b: 2.5'],
    ['{"a.b": 1.1}', 'Expected an integer: a.b: 1.1'],
    ['{a: {b: 1}}', 'Expected a number in: a: { b: 1 }'],
  ])('%s fails to parse (FailedToParse)', (arg, errmsg) => {
    const sh = withDoc('{_id: 0}');
    expect(writeError(sh, `{$pop: ${arg}}`)).toBe(JSON.stringify({ code: 9, errmsg }));
  });

  it.each([
    ['the path does not exist', '{_id: 0}', '{"a.b": 1}'],
    ['the path partly exists', '{_id: 0, a: {c: 1}}', '{"a.b": 1}'],
    ['the array is empty', '{_id: 0, a: {b: []}}', '{"a.b": 1}'],
    ['an array element on the path does not exist', '{_id: 0, a: [{b: 0}, {b: 1}]}', '{"a.2.b": 1}'],
  ])('is a no-op when %s', (_name, doc, arg) => {
    const sh = withDoc(doc);
    const before = sh.docs('c');
    expect(sh.ejson(`db.c.update({_id: 0}, {$pop: ${arg}})`)).toBe(noop);
    expect(sh.docs('c')).toBe(before);
  });

  const prefix = 'Plan executor error during update :: caused by :: ';
  it.each([
    [
      'a scalar blocks the path',
      '{_id: 0, a: {b: 1}}',
      '{"a.b.c": 1}',
      28,
      'Cannot use the part (c) of (a.b.c) to traverse the element ({b: 1})',
    ],
    [
      'an array blocks the path',
      '{_id: 0, a: {b: [1, 2]}}',
      '{"a.b.c": 1}',
      28,
      'Cannot use the part (c) of (a.b.c) to traverse the element ({b: [ 1, 2 ]})',
    ],
    [
      'the path is not an array',
      '{_id: 0, a: {b: {c: 1}}}',
      '{"a.b": 1}',
      14,
      "Path 'a.b' contains an element of non-array type 'object'",
    ],
  ])('fails when %s', (_name, doc, arg, code, message) => {
    const sh = withDoc(doc);
    expect(writeError(sh, `{$pop: ${arg}}`)).toBe(JSON.stringify({ code, errmsg: prefix + message }));
  });

  it('pops from the end, then from the front', () => {
    const sh = withDoc('{_id: 0, a: {b: [1, 2, 3]}}');
    expect(sh.ejson('db.c.update({_id: 0}, {$pop: {"a.b": 1}})')).toBe(changed);
    expect(sh.docs('c')).toBe(x('[{"_id": 0, "a": {"b": [1, 2]}}]'));
    expect(sh.ejson('db.c.update({_id: 0}, {$pop: {"a.b": -1}})')).toBe(changed);
    expect(sh.docs('c')).toBe(x('[{"_id": 0, "a": {"b": [2]}}]'));
  });

  it('through the positional operator', () => {
    const sh = withDoc('{_id: 0, a: [{b: [1, 2, 3]}, {b: [4, 5, 6]}]}');
    sh.value('db.c.update({_id: 0, "a.b": 5}, {$pop: {"a.$.b": 1}})');
    expect(sh.docs('c')).toBe(x('[{"_id": 0, "a": [{"b": [1, 2, 3]}, {"b": [4, 5]}]}]'));
  });

  it('through arrayFilters', () => {
    const sh = withDoc('{_id: 0, a: [{b: [1, 2]}, {b: [4, 5]}, {b: [2, 3]}]}');
    sh.value('db.c.update({_id: 0}, {$pop: {"a.$[i].b": -1}}, {arrayFilters: [{"i.b": 2}]})');
    expect(sh.docs('c')).toBe(x('[{"_id": 0, "a": [{"b": [2]}, {"b": [4, 5]}, {"b": [3]}]}]'));
  });

  it('from a nested array by index', () => {
    const sh = withDoc('{_id: 0, a: [1, [2, 3, 4]]}');
    sh.value('db.c.update({_id: 0}, {$pop: {"a.1": 1}})');
    expect(sh.docs('c')).toBe(x('[{"_id": 0, "a": [1, [2, 3]]}]'));
  });
});
