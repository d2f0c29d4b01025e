/**
 * $min, $max and $mul: the new value replaces the old one only when it compares lower (higher)
 * in BSON order, across numeric types and dates, with positional paths; $mul multiplies with the
 * operands' numeric type promotion.
 * From jstests/core/write/update/update_min_max_examples.js and update_mul_examples.js.
 */
import { describe, expect, it } from 'vitest';
import { JsShell, x } from './shell-harness.js';

describe('$min / $max (update_min_max_examples.js)', () => {
  const sh = new JsShell();

  it('numbers: $min lowers, $max keeps a higher value', () => {
    sh.value('db.update_min_max.insert({_id: 1, a: 2})');
    expect(sh.ejson('db.update_min_max.update({_id: 1}, {$min: {a: 1}})')).toBe(
      x('{"nMatched": 1, "nUpserted": 0, "nModified": 1}'),
    );
    expect(sh.ejson('db.update_min_max.findOne({_id: 1})')).toBe(x('{"_id": 1, "a": 1}'));
    sh.value('db.update_min_max.insert({_id: 2, a: 2})');
    expect(sh.ejson('db.update_min_max.update({_id: 2}, {$max: {a: 1}})')).toBe(
      x('{"nMatched": 1, "nUpserted": 0, "nModified": 0}'),
    );
    expect(sh.ejson('db.update_min_max.findOne({_id: 2})')).toBe(x('{"_id": 2, "a": 2}'));
  });

  it('dates: a later date does not replace with $min, does with $max', () => {
    sh.value('db.update_min_max.insert({_id: 3, a: ISODate("2022-08-11T12:29:31.757Z")})');
    expect(sh.ejson('db.update_min_max.findOne({_id: 3, a: ISODate("2022-08-11T12:29:31.759Z")})')).toBe('null');
    sh.value('db.update_min_max.update({_id: 3}, {$min: {a: ISODate("2022-08-11T12:29:31.759Z")}})');
    expect(sh.ejson('db.update_min_max.findOne({_id: 3})')).toBe(
      x('{"_id": 3, "a": {"$date": "2022-08-11T12:29:31.757Z"}}'),
    );
    sh.value('db.update_min_max.insert({_id: 4, a: ISODate("2022-08-11T12:29:31.759Z")})');
    sh.value('db.update_min_max.update({_id: 4}, {$max: {a: ISODate("2022-08-11T12:29:31.761Z")}})');
    expect(sh.ejson('db.update_min_max.findOne({_id: 4})')).toBe(
      x('{"_id": 4, "a": {"$date": "2022-08-11T12:29:31.761Z"}}'),
    );
  });

  it('doubles one ulp-ish apart are ordered exactly', () => {
    sh.value('db.update_min_max.insert({_id: 5, a: 1e-15})');
    sh.value('db.update_min_max.update({_id: 5}, {$max: {a: 0.000000000000001000000000000001}})');
    expect(sh.ejson('db.update_min_max.findOne({_id: 5})')).toBe(x('{"_id": 5, "a": 1.000000000000001e-15}'));
    sh.value('db.update_min_max.insert({_id: 6, a: 0.000000000000001000000000000001})');
    sh.value('db.update_min_max.update({_id: 6}, {$min: {a: 1e-15}})');
    expect(sh.ejson('db.update_min_max.findOne({_id: 6})')).toBe(x('{"_id": 6, "a": 1e-15}'));
  });

  it('with the positional operator', () => {
    sh.value('db.update_min_max.insert({_id: 7, y: [{a: 2}, {a: 6}, {a: [9, 1, 1]}]})');
    sh.value('db.update_min_max.update({_id: 7, "y.a": 6}, {$max: {"y.$.a": 7}})');
    expect(sh.ejson('db.update_min_max.findOne({_id: 7})')).toBe(
      x('{"_id": 7, "y": [{"a": 2}, {"a": 7}, {"a": [9, 1, 1]}]}'),
    );
    sh.value('db.update_min_max.insert({_id: 8, y: [{a: 2}, {a: 6}, {a: [9, 1, 1]}]})');
    sh.value('db.update_min_max.update({_id: 8, "y.a": 6}, {$min: {"y.$.a": 5}})');
    expect(sh.ejson('db.update_min_max.findOne({_id: 8})')).toBe(
      x('{"_id": 8, "y": [{"a": 2}, {"a": 5}, {"a": [9, 1, 1]}]}'),
    );
  });
});

describe('$mul (update_mul_examples.js)', () => {
  it.each([
    ['10', '{"_id": 1, "a": 20}'],
    ['-10', '{"_id": 1, "a": -20}'],
    ['0', '{"_id": 1, "a": 0}'],
    ['1.1', '{"_id": 1, "a": 2.2}'],
    ['-0.1', '{"_id": 1, "a": -0.2}'],
  ])('{a: 2} times %s', (factor, expected) => {
    const sh = new JsShell();
    sh.value('db.update_mul.insertOne({_id: 1, a: 2})');
    expect(sh.ejson(`db.update_mul.update({}, {$mul: {a: ${factor}}})`)).toBe(
      x('{"nMatched": 1, "nUpserted": 0, "nModified": 1}'),
    );
    expect(sh.ejson('db.update_mul.findOne()')).toBe(x(expected));
  });
});
