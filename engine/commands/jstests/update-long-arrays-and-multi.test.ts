/**
 * Array elements past index 9 keep their order under every modifier (numeric, not lexicographic,
 * order of "10" after "9"); multi-updates reach every matching document exactly once, with or
 * without an index on the query field (multikey included) and when they change the indexed field.
 *
 * From jstests/core/query/update/: update_array_many_elements.js, update_multi7.js,
 * update_index.js.
 */
import { describe, expect, it } from 'vitest';
import { parseEJSON } from '../../bson/ejson.js';
import type { Doc } from '../../bson/values.js';
import { jsShell, lit, type JsShell } from './statement-shell.js';

const scores = Array.from({ length: 16 }, (_, i) => i);
const list = (xs: (number | string)[]) => `[${xs.join(', ')}]`;
const with_ = (changes: Record<number, number | string>) => list(scores.map((v, i) => changes[i] ?? v));

describe('arrays of more than ten elements (update_array_many_elements.js)', () => {
  it.each([
    ['{$pop: {scores: -1}}', '', `{_id: 1, scores: ${list(scores.slice(1))}}`],
    ['{$pop: {scores: 1}}', '', `{_id: 1, scores: ${list(scores.slice(0, 15))}}`],
    ['{$pull: {scores: {$gte: 5, $lte: 10}}}', '', `{_id: 1, scores: [0, 1, 2, 3, 4, 11, 12, 13, 14, 15]}`],
    ['{$pullAll: {scores: [1, 2, 3, 4, 5]}}', '', `{_id: 1, scores: [0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]}`],
    ['{$push: {scores: 16}}', '', `{_id: 1, scores: ${list([...scores, 16])}}`],
    [
      '{$push: {scores: {$each: [16, 17, 18], $position: 10, $slice: -10}}}',
      '',
      `{_id: 1, scores: [9, 16, 17, 18, 10, 11, 12, 13, 14, 15]}`,
    ],
    ['{$addToSet: {scores: 10}}', '', `{_id: 1, scores: ${list(scores)}}`],
    ['{$addToSet: {scores: {$each: [14, 15, 16]}}}', '', `{_id: 1, scores: ${list([...scores, 16])}}`],
    [
      '{$set: {"scores.1": 10, "scores.10": 100, "scores.13": 130}}',
      '',
      `{_id: 1, scores: ${with_({ 1: 10, 10: 100, 13: 130 })}}`,
    ],
    [
      '{$set: {"scores.$[element]": 99}}',
      ', arrayFilters: [{element: {$gte: 9}}]',
      `{_id: 1, scores: ${with_({ 9: 99, 10: 99, 11: 99, 12: 99, 13: 99, 14: 99, 15: 99 })}}`,
    ],
    ['{$set: {"scores.$[]": 99}}', '', `{_id: 1, scores: ${list(scores.map(() => 99))}}`],
    [
      '{$inc: {"scores.1": 10, "scores.10": 100, "scores.12": 1000}}',
      '',
      `{_id: 1, scores: ${with_({ 1: 11, 10: 110, 12: 1012 })}}`,
    ],
    ['{$rename: {"scores": "array"}}', '', `{_id: 1, array: ${list(scores)}}`],
    [
      '{$max: {"scores.1": 10, "scores.10": 10, "scores.12": 100}}',
      '',
      `{_id: 1, scores: ${with_({ 1: 10, 12: 100 })}}`,
    ],
    ['{$min: {"scores.1": 10, "scores.10": 10, "scores.12": 10}}', '', `{_id: 1, scores: ${with_({ 12: 10 })}}`],
    ['{$mul: {"scores.1": 10, "scores.10": 100}}', '', `{_id: 1, scores: ${with_({ 1: 10, 10: 1000 })}}`],
    [
      '{$unset: {"scores.1": "", "scores.10": "", "scores.12": ""}}',
      '',
      `{_id: 1, scores: ${with_({ 1: 'null', 10: 'null', 12: 'null' })}}`,
    ],
    [
      '{$bit: {"scores.1": {and: NumberInt(10)}, "scores.10": {xor: NumberInt(170)}, "scores.13": {or: NumberInt(7)}}}',
      '',
      `{_id: 1, scores: ${with_({ 1: 0, 10: 160, 13: 15 })}}`,
    ],
  ])('%s', (u, extra, expected) => {
    const s = jsShell();
    s.js(`db.c.insertOne({_id: 1, scores: ${list(scores)}})`);
    s.js(`db.runCommand({update: "c", updates: [{q: {_id: 1}, u: ${u}${extra}}]})`);
    expect(s.contents('c')).toBe(lit(`[${expected}]`));
  });

  it('positional $ on element 10', () => {
    const s = jsShell();
    s.js(`db.c.insertOne({_id: 1, scores: ${list(scores)}})`);
    s.js(`db.c.updateOne({_id: 1, scores: 10}, {$set: {"scores.$": 100}})`);
    expect(s.contents('c')).toBe(lit(`[{_id: 1, scores: ${with_({ 10: 100 })}}]`));
  });

  it('$currentDate on elements 1 and 10 writes the operation time there', () => {
    const s = jsShell();
    s.js(`db.c.insertOne({_id: 1, scores: ${list(scores)}})`);
    s.js(`db.c.updateOne({_id: 1}, {$currentDate: {"scores.1": true, "scores.10": true}})`);
    const doc = (parseEJSON(s.contents('c')) as Doc[])[0]!;
    const stored = doc.get('scores') as unknown[];
    expect(stored[1]).toBeInstanceOf(Date);
    expect(stored[10]).toEqual(stored[1]);
    expect(stored.filter((v) => !(v instanceof Date))).toHaveLength(14);
  });
});

describe('multi-updates reach each match once (update_multi7.js, update_index.js)', () => {
  function xs(s: JsShell): string {
    return (parseEJSON(s.js('db.t.find().sort({_id: 1}).toArray()')) as Doc[])
      .map((d) => String(d.get('x') ?? ''))
      .join(',');
  }
  const multi = (s: JsShell, q: string, u: string) => s.js(`db.t.updateMany(${q}, ${u})`);

  it('by _id, then all', () => {
    const s = jsShell();
    s.js('db.t.insertMany([{_id: 1, x: 1}, {_id: 2, x: 5}])');
    s.js('db.t.updateOne({_id: 1}, {$inc: {x: 1}})');
    s.js('db.t.updateOne({_id: 1}, {$inc: {x: 1}})');
    s.js('db.t.updateOne({_id: 2}, {$inc: {x: 1}})');
    expect(xs(s)).toBe('3,6');
    multi(s, '{}', '{$inc: {x: 1}}');
    expect(xs(s)).toBe('4,7');
    multi(s, '{}', '{$set: {x: 2}}');
    expect(xs(s)).toBe('2,2');
  });

  it.each([false, true])('non-matching documents in the cursor, indexes on a and b: %s', (indexed) => {
    const s = jsShell();
    s.js('db.t.insertMany([{_id: 1, x: 1, a: 1, b: 1}, {_id: 2, x: 5, a: 1, b: 2}])');
    if (indexed) s.js('db.t.createIndex({a: 1}); db.t.createIndex({b: 1})');
    const steps: [string, string][] = [
      ['{a: 1}', '2,6'],
      ['{b: 1}', '3,6'],
      ['{b: 3}', '3,6'],
      ['{b: 2}', '3,7'],
    ];
    for (const [q, after] of steps) {
      multi(s, q, '{$inc: {x: 1}}');
      expect(xs(s)).toBe(after);
    }
  });

  it.each([false, true])('multikey field, index on it: %s', (indexed) => {
    const s = jsShell();
    s.js('db.t.insertMany([{_id: 1, x: 1, a: [1, 2]}, {_id: 2, x: 5, a: [2, 3]}])');
    if (indexed) s.js('db.t.createIndex({a: 1})');
    const steps: [string, string, string][] = [
      ['{a: 1}', '{$inc: {x: 1}}', '2,5'],
      ['{a: 1}', '{$inc: {x: 1}}', '3,5'],
      ['{a: 3}', '{$inc: {x: 1}}', '3,6'],
      ['{a: 2}', '{$inc: {x: 1}}', '4,7'],
      ['{a: {$gt: 0}}', '{$inc: {x: 1}}', '5,8'],
      ['{a: {$lt: 10}}', '{$inc: {x: -1}}', '4,7'],
    ];
    for (const [q, u, after] of steps) {
      multi(s, q, u);
      expect(xs(s)).toBe(after);
    }
    s.js('db.t.insertMany([{_id: 3}, {_id: 4}, {_id: 5}, {_id: 6}, {_id: 7}, {_id: 8, x: 1}])');
    multi(s, '{}', '{$inc: {x: 1}}');
    expect(xs(s)).toBe('5,8,1,1,1,1,1,2');
  });

  it('$inc of the indexed field in the query: each document once', () => {
    const s = jsShell();
    s.js('db.t.insertMany([{_id: 1, x: 1}, {_id: 2, x: 2}, {_id: 3, x: 3}])');
    s.js('db.t.createIndex({x: 1})');
    multi(s, '{x: {$gt: 0}}', '{$inc: {x: 5}}');
    expect(xs(s)).toBe('6,7,8');
  });

  it.each([false, true])('update_index: $inc of the queried field, index: %s', (indexed) => {
    const s = jsShell();
    s.js('db.t.insertOne({_id: 1, x: 4})');
    if (indexed) s.js('db.t.createIndex({x: 1})');
    s.js('db.t.updateOne({x: 4}, {$inc: {x: 2}})');
    expect(xs(s)).toBe('6');
  });
});
