/**
 * `$group`'s output fields are checked as AccumulationStatement::parseAccumulationStatement does,
 * in its order: an accumulator object whose first field is a `$` name (40234), no dot in the
 * field name (40235), no `$` at its start (40236), exactly one accumulator (40238), a non-array
 * operand (40237); the operand is parsed before the accumulator's name is looked up (15952).
 * Through the real aggregate command.
 */
import { describe, expect, it } from 'vitest';
import { run, testEngine } from './testing.js';

const engine = testEngine();
run(engine, 'db', '{"insert": "c", "documents": [{"_id": 1, "a": 1}]}');

function groupError(group: string): { code: unknown; errmsg: unknown } {
  const reply = run(engine, 'db', `{"aggregate": "c", "pipeline": [{"$group": ${group}}], "cursor": {}}`);
  return { code: Number(String(reply.get('code'))), errmsg: reply.get('errmsg') };
}

describe('$group output fields', () => {
  it('40234 unless the value is an object whose first field is an operator', () => {
    for (const value of ['1', '"$a"', '{}', '{"a": 1}', '{"a": 1, "$sum": 1}', '[1]']) {
      expect(groupError(`{"_id": null, "s": ${value}}`), value).toEqual({ code: 40234, errmsg: "The field 's' must be an accumulator object" });
    }
  });
  it("40235 for a dotted name and 40236 for a $ name, after the accumulator object's shape", () => {
    expect(groupError('{"_id": null, "a.b": {"$sum": 1}}')).toEqual({ code: 40235, errmsg: "The field name 'a.b' cannot contain '.'" });
    expect(groupError('{"_id": null, "$s": {"$sum": 1}}')).toEqual({ code: 40236, errmsg: "The field name '$s' cannot be an operator name" });
    expect(groupError('{"_id": null, "a.b": 1}').code).toBe(40234);
  });
  it('40238 for two accumulators, 40237 for an array operand', () => {
    expect(groupError('{"_id": null, "s": {"$sum": 1, "$avg": 1}}')).toEqual({ code: 40238, errmsg: "The field 's' must specify one accumulator" });
    expect(groupError('{"_id": null, "s": {"$sum": [1, 2]}}')).toEqual({ code: 40237, errmsg: 'The $sum accumulator is a unary operator' });
    expect(groupError('{"_id": null, "s": {"$foo": [1, 2]}}')).toEqual({ code: 40237, errmsg: 'The $foo accumulator is a unary operator' });
  });
  it("an unknown accumulator is 15952, after its operand's own parse errors", () => {
    expect(groupError('{"_id": null, "s": {"$foo": 1}}')).toEqual({ code: 15952, errmsg: "unknown group operator '$foo'" });
    expect(groupError('{"_id": null, "s": {"$foo": {"$bar": 1}}}').code).toBe(168);
  });
});
