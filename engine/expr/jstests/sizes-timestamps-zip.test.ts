/**
 * Ports of MongoDB's jstests/aggregation/expressions/ for sizes, timestamp parts and $zip:
 * binarySize.js, bsonSize.js, ts_second_increment.js, zip.js. Each expression runs through
 * aggregate and an update pipeline (harness.ts).
 */
import { calculateObjectSize, Double } from 'bson';
import { describe, expect, it } from 'vitest';
import { Binary, BSON_UNDEFINED, isDoc, Timestamp, type Value } from '../../bson/values.js';
import { aggregate, collection, d, expr, exprCode, exprError, i, l } from './harness.js';

type Lit = Parameters<typeof expr>[0];

describe('binarySize.js', () => {
  it('counts the bytes of a string (NULs included) or a BinData; nullish gives null', () => {
    const cases: [Lit, number | null][] = [
      ['', 0], ['abc', 3], ['ab\0c', 4], ['abc\0', 4], ['é', 2],
      [new Binary(Buffer.alloc(0), 0), 0], [new Binary(Buffer.from('1234', 'base64'), 0), 3],
      [null, null], [BSON_UNDEFINED, null],
    ];
    for (const [x, size] of cases) expect(expr({ $binarySize: '$x' }, { x })).toEqual(size === null ? null : i(size));
    expect(expr({ $binarySize: '$x' }, {})).toBeNull();
  });
  it('any other type is 51276', () => {
    expect(exprError({ $binarySize: '$x' }, { x: 42 })).toEqual({ code: 51276, errmsg: '$binarySize requires a string or BinData argument, found: double' });
  });
});

/** js-bson would store an integral JS number as an int32; the engine's numbers are doubles. */
function asStored(x: Value): unknown {
  if (typeof x === 'number') return new Double(x);
  if (Array.isArray(x)) return x.map(asStored);
  if (isDoc(x)) return new Map([...x].map(([k, y]) => [k, asStored(y)]));
  return x;
}
const shellBsonSize = (doc: Lit): number => calculateObjectSize(asStored(d(doc as never)) as Map<string, unknown>);

describe('bsonSize.js', () => {
  // The shell's Object.bsonsize is js-bson's calculateObjectSize over the stored document.
  it('is the BSON size of $$CURRENT as the document grows', () => {
    const steps: Lit[] = [
      { _id: 1 }, { _id: 1, xs: [1] }, { _id: 1, xs: [1, { subdoc: 12345 }] }, { _id: 1, xs: [1, { subdoc: 12345 }, 'x'.repeat(7)] },
      { _id: 1, xs: [1, { subdoc: 12345 }, 'x'.repeat(7), 'x'.repeat(500)] },
      { _id: 1, xs: [1, { subdoc: 12345 }, 'x'.repeat(7), 'x'.repeat(500)], arr: [1, 2, 3, 4] },
      { _id: 1, xs: [1], arr: { a: { b: { c: 1 } } } },
    ];
    for (const doc of steps) {
      expect(expr({ $bsonSize: '$$CURRENT' }, doc)).toEqual(i(shellBsonSize(doc)));
    }
  });
  it('works on a document of 16 MB', () => {
    const doc = { _id: 1, xs: ['x'.repeat(16 * 1e6)] };
    expect(expr({ $bsonSize: '$$CURRENT' }, doc)).toEqual(i(shellBsonSize(doc)));
  });
  it('a number, a string, BinData or an array is 31393', () => {
    const bad: [Lit, string][] = [[123, 'double'], ['abc', 'string'], [new Binary(Buffer.from('aaaa', 'base64'), 0), 'binData'], [[123, 456], 'array'], [[{ x: 1 }, { y: 2 }], 'array']];
    for (const [x, type] of bad) {
      expect(exprError({ $bsonSize: { $literal: x } })).toEqual({ code: 31393, errmsg: `$bsonSize requires a document input, found: ${type}` });
    }
  });
  // SERVER-79019: an intermediate document of the aggregation may pass 16 MiB.
  it('measures an intermediate aggregate document larger than 16 MiB', () => {
    const coll = collection([{ _id: 1, a: 'x'.repeat(10 * 1024 * 1024) }]);
    const [out] = aggregate(coll, [{ $addFields: { b: { $concat: ['$a', '-'] } } }, { $project: { _id: 0, size: { $bsonSize: '$$ROOT' } } }]);
    expect(Number(out!.get('size'))).toBeGreaterThan(16 * 1024 * 1024);
    const matching = aggregate(coll, [{ $addFields: { b: { $concat: ['$a', '-'] } } }, { $match: { $expr: { $gt: [{ $bsonSize: '$$ROOT' }, 16 * 1024 * 1024] } } }, { $count: 'matching' }]);
    expect(matching.map((x) => Number(x.get('matching')))).toEqual([1]);
  });
});

describe('ts_second_increment.js', () => {
  const doc = { _id: 0, bsonTime: new Timestamp({ t: 1622731060, i: 10 }), invalidBsonTime: 1622731060 };
  it('$tsSecond and $tsIncrement give the parts as longs; missing gives null', () => {
    expect(expr({ $tsSecond: '$bsonTime' }, doc)).toEqual(l(1622731060));
    expect(expr({ $tsIncrement: '$bsonTime' }, doc)).toEqual(l(10));
    expect(expr({ $tsSecond: '$nonExistingField' }, doc)).toBeNull();
    expect(expr({ $tsIncrement: '$nonExistingField' }, doc)).toBeNull();
  });
  it('a non-timestamp is 5687301 / 5687302', () => {
    expect(exprCode({ $tsSecond: '$invalidBsonTime' }, doc)).toBe(5687301);
    expect(exprCode({ $tsIncrement: '$invalidBsonTime' }, doc)).toBe(5687302);
  });
});

describe('zip.js', () => {
  const doc = { long: [1, 2, 3], short: ['x', 'y'] };
  const zip = (spec: Lit) => expr({ $zip: spec }, doc);
  it('argument errors: 34460, 34465, 34461, 34466, 34467, 34462, 34463, 34464, 34468', () => {
    expect(exprCode({ $zip: 3 }, doc)).toBe(34460);
    expect(exprCode({ $zip: { inputs: [] } }, doc)).toBe(34465);
    expect(exprCode({ $zip: { inputs: { a: 'b' } } }, doc)).toBe(34461);
    expect(exprCode({ $zip: { inputs: ['$a'], defaults: ['A'] } }, doc)).toBe(34466);
    expect(exprCode({ $zip: { inputs: ['$a'], defaults: ['A', 'B'], useLongestLength: true } }, doc)).toBe(34467);
    expect(exprCode({ $zip: { inputs: ['$a'], defaults: { a: 'b' } } }, doc)).toBe(34462);
    expect(exprCode({ $zip: { inputs: ['$a'], defaults: ['A'], useLongestLength: 1 } }, doc)).toBe(34463);
    expect(exprCode({ $zip: { inputs: ['$a', '$b'], defaults: ['A'], notAField: 1 } }, doc)).toBe(34464);
    expect(exprCode({ $zip: { inputs: ['A', 'B'] } }, doc)).toBe(34468);
  });
  it('transposes to the shortest input; a nullish input gives null', () => {
    expect(zip({ inputs: [[1, 2, 3], ['A', 'B', 'C']] })).toEqual([[1, 'A'], [2, 'B'], [3, 'C']]);
    expect(zip({ inputs: [[1, 2, 3], null] })).toBeNull();
    expect(zip({ inputs: [null, [1, 2, 3]] })).toBeNull();
    expect(zip({ inputs: ['$missing', [1, 2, 3]] })).toBeNull();
    expect(zip({ inputs: [BSON_UNDEFINED, [1, 2, 3]] })).toBeNull();
    expect(zip({ inputs: [[1, 2, 3], ['A', 'B']] })).toEqual([[1, 'A'], [2, 'B']]);
    expect(zip({ inputs: [['A', 'B'], [1, 2, 3]] })).toEqual([['A', 1], ['B', 2]]);
    expect(zip({ inputs: [[], []] })).toEqual([]);
    expect(zip({ inputs: [['$short'], ['$long']] })).toEqual([[['x', 'y'], [1, 2, 3]]]);
    expect(zip({ inputs: ['$short', '$long'] })).toEqual([['x', 1], ['y', 2]]);
    expect(zip({ inputs: [['$long']] })).toEqual([[[1, 2, 3]]]);
    expect(zip({ inputs: [[1, 2, 3], ['a', 'b', 'c'], ['c', 'b', 'a']] })).toEqual([[1, 'a', 'c'], [2, 'b', 'b'], [3, 'c', 'a']]);
  });
  it('useLongestLength pads with the defaults, or null', () => {
    expect(zip({ inputs: [[1, 2, 3], ['A', 'B']], defaults: ['C', 'D'], useLongestLength: true })).toEqual([[1, 'A'], [2, 'B'], [3, 'D']]);
    expect(zip({ inputs: [[1, 2, 3], ['A', 'B']], useLongestLength: true })).toEqual([[1, 'A'], [2, 'B'], [3, null]]);
  });
});
