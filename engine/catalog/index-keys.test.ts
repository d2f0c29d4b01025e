/**
 * Index keys as the server's BtreeKeyGenerator makes them (btree_key_generator.cpp): paths that
 * reach the same array expand together element by element; two different arrays are parallel.
 */
import { describe, expect, it } from 'vitest';
import { ejson } from '../commands/testing.js';
import { d, v } from '../expr/test-helpers.js';
import { extractKeys } from './index-keys.js';

const keys = (doc: object, pattern: string[], sparse = false): string[] =>
  extractKeys(
    d(doc as never),
    pattern.map((p) => p.split('.')),
    sparse,
  ).keys.map((k) => ejson(k as never));
const text = (tuples: unknown[][]): string[] => tuples.map((t) => ejson(v(t as never)));

describe('index keys', () => {
  it('paths through the same array pair the values of each element (no cross product)', () => {
    expect(keys({ a: [{ x: 1, y: 2 }, { x: 3 }] }, ['a.x', 'a.y'])).toEqual(
      text([
        [1, 2],
        [3, null],
      ]),
    );
    expect(keys({ t: [{ visible: true, xxx: 1 }] }, ['abc.visible', 't.visible', 't.xxx'])).toEqual(
      text([[null, true, 1]]),
    );
    expect(keys({ a: [1, 2], b: 'x' }, ['a', 'b'])).toEqual(
      text([
        [1, 'x'],
        [2, 'x'],
      ]),
    );
  });

  it('two different arrays fail with 171, naming the arrays field names', () => {
    expect(() => keys({ a: [1], b: [2] }, ['a', 'b'])).toThrow(
      expect.objectContaining({ code: 171, errmsg: 'cannot index parallel arrays [b] [a]' }),
    );
    expect(() => keys({ x: { a: [1], b: [2] } }, ['x.a', 'x.b'])).toThrow(
      expect.objectContaining({ code: 171, errmsg: 'cannot index parallel arrays [b] [a]' }),
    );
    // nested arrays reached through one array are one path, not parallel
    expect(keys({ a: [{ b: [1, 2] }, { b: [3] }] }, ['a.b'])).toEqual(text([[1], [2], [3]]));
  });

  it('an empty array is undefined at the end of the path and null inside it', () => {
    expect(keys({ a: [] }, ['a'])).toEqual(['[{"$undefined":true}]']);
    expect(keys({ a: [] }, ['a.b'])).toEqual(text([[null]]));
    expect(extractKeys(d({ a: [] }), [['a', 'b']]).multikey).toBe(true);
  });

  it('a numeric component selects an element and does not make the index multikey', () => {
    const r = extractKeys(d({ a: [{ b: 1 }, { b: 2 }] }), [['a', '1', 'b']]);
    expect(r.keys.map((k) => ejson(k as never))).toEqual(text([[2]]));
    expect(r.multikey).toBe(false);
    expect(keys({ a: [[{ b: 'old' }]] }, ['a.0.b'])).toEqual(text([['old']]));
    expect(() => keys({ a: [{ '0': 1 }, 5] }, ['a.0'])).toThrow(expect.objectContaining({ code: 16746 }));
  });

  it('a sparse index drops each key whose fields are all missing', () => {
    expect(keys({ a: [{ b: 1 }, { c: 2 }] }, ['a.b'], true)).toEqual(text([[1]]));
    expect(keys({ a: [{ c: 2 }] }, ['a.b'], true)).toEqual([]);
    expect(keys({ a: [{ c: 2 }] }, ['a.b'], false)).toEqual(text([[null]]));
  });
});
