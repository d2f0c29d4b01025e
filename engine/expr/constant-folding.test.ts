/**
 * Constant folding (`Expression::optimize`): aggregate evaluates constant subexpressions when it
 * optimizes the pipeline, so their errors come first, with `Failed to optimize pipeline`, even on
 * an empty collection; an update pipeline is never optimized (`PipelineExecutor`), so the same
 * expression fails only when a document reaches it.
 */
import { describe, expect, it } from 'vitest';
import type { Doc } from '../bson/values.js';
import { run, testEngine } from '../commands/testing.js';
import { isConstantSpec } from './constant-folding.js';
import { i, v } from './test-helpers.js';

function reply(commands: string[]): Doc {
  const engine = testEngine();
  let last: Doc = new Map();
  for (const c of commands) last = run(engine, 't', c);
  return last;
}
const errorOf = (r: Doc) => ({ code: Number(String(r.get('code'))), errmsg: r.get('errmsg') });

describe('constant folding in aggregate', () => {
  it('a constant that cannot be evaluated fails the pipeline on an empty collection', () => {
    const r = reply(['{"aggregate": "c", "cursor": {}, "pipeline": [{"$set": {"a": {"$divide": [1, 0]}}}]}']);
    expect(errorOf(r)).toEqual({ code: 2, errmsg: "Failed to optimize pipeline :: caused by :: can't $divide by zero" });
  });

  it('nested constants fold inside expressions that read fields, and inside untaken $cond branches', () => {
    const docs = '{"insert": "c", "documents": [{"_id": 1, "x": 1}]}';
    expect(errorOf(reply([docs, '{"aggregate": "c", "cursor": {}, "pipeline": [{"$project": {"a": {"$add": ["$x", {"$sqrt": -1}]}}}]}']))).toEqual({
      code: 28714,
      errmsg: "Failed to optimize pipeline :: caused by :: $sqrt's argument must be greater than or equal to 0",
    });
    expect(errorOf(reply([docs, '{"aggregate": "c", "cursor": {}, "pipeline": [{"$set": {"a": {"$cond": ["$x", 1, {"$toUpper": {"$regularExpression": {"pattern": "a", "options": ""}}}]}}}]}']))).toEqual({
      code: 16007,
      errmsg: "Failed to optimize pipeline :: caused by :: can't convert from BSON type regex to String",
    });
  });

  it('every stage parses before the pipeline is optimized', () => {
    const r = reply(['{"aggregate": "c", "cursor": {}, "pipeline": [{"$set": {"a": {"$divide": [1, 0]}}}, {"$nope": 1}]}']);
    expect(errorOf(r).code).toBe(40324);
  });

  it('field paths, variables and $rand are not constants; $literal is', () => {
    expect(isConstantSpec(v({ $add: [1, { $multiply: [2, 3] }] }))).toBe(true);
    expect(isConstantSpec(v({ $add: [1, '$x'] }))).toBe(false);
    expect(isConstantSpec(v({ $add: [1, '$$NOW'] }))).toBe(false);
    expect(isConstantSpec(v({ $add: [1, { $rand: {} }] }))).toBe(false);
    expect(isConstantSpec(v({ $getField: 'a' }))).toBe(false);
    expect(isConstantSpec(v({ $getField: { field: 'a', input: { a: 1 } } }))).toBe(true);
    expect(isConstantSpec(v({ $toUpper: { $literal: '$x' } }))).toBe(true);
    expect(isConstantSpec(v({ $map: { input: [1], as: 'x', in: '$$x' } }))).toBe(false);
  });
});

describe('no constant folding in update pipelines', () => {
  it('an update that matches nothing does not evaluate the constant', () => {
    const r = reply([
      '{"insert": "c", "documents": [{"_id": 1}]}',
      '{"update": "c", "updates": [{"q": {"_id": 2}, "u": [{"$set": {"a": {"$divide": [1, 0]}}}]}]}',
    ]);
    expect(r.get('n')).toEqual(i(0));
    expect(r.has('writeErrors')).toBe(false);
  });
});
