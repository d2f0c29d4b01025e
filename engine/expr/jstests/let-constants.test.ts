/**
 * A command's `let` variables (and an update statement's `c`) are constants: the server seeds them
 * into the expression context before parsing (`Variables::seedVariablesWithLetParameters`,
 * `setConstantValue`), so `ExpressionFieldPath::optimize` turns `$$name` into its value. Parsers
 * that optimize an operand to demand a constant (`$percentile`'s `parseP`) accept it, and
 * aggregate's pipeline optimization folds it like any constant (errors at optimize, the
 * associative folds of `ExpressionNary::optimize`). Names rebound by `$let`/`$map`... are not
 * the command's. From percentile_expression_syntax.js's `letSpec` cases and expression.cpp.
 */
import { describe, expect, it } from 'vitest';
import { isDoc, type Doc, type Value } from '../../bson/values.js';
import { testEngine } from '../../commands/testing.js';
import { d, i, l, v, type Lit } from './harness.js';

const engine = testEngine();
let counter = 0;
const run = (body: Lit): Doc => engine.runCommand('letconst', v(body) as Doc);
function coll(docs: Lit[]): string {
  const name = `c${++counter}`;
  if (docs.length > 0) run({ insert: name, documents: docs });
  else run({ create: name });
  return name;
}
const firstBatch = (reply: Doc): Doc[] => {
  if (reply.get('ok') !== 1) throw new Error(`${String(reply.get('code'))}: ${String(reply.get('errmsg'))}`);
  return (reply.get('cursor') as Doc).get('firstBatch') as Doc[];
};
function errorOf(reply: Doc): { code: number; errmsg: Value | undefined } {
  const we = reply.get('writeErrors');
  const src = Array.isArray(we) && isDoc(we[0]) ? we[0] : reply;
  return { code: Number(String(src.get('code'))), errmsg: src.get('errmsg') };
}

const RANGE = "The $percentile 'p' field must be an array of numbers from [0.0, 1.0], but found: ";
const pctl = (p: Lit): Lit => ({ $percentile: { p, input: ['$k1', '$k2'], method: 'approximate' } });

describe("parseP: 'p' from the command's let is a constant", () => {
  it('aggregate: a let value that is not an array is 7750301, one with a non-number 7750302, a valid one ranks', () => {
    const c = coll([{ _id: 0, k1: i(3), k2: i(2) }]);
    const agg = (letSpec: Lit) => run({ aggregate: c, pipeline: [{ $project: { _id: 0, r: pctl('$$pvals') } }], let: letSpec, cursor: {} });
    expect(errorOf(agg({ pvals: 0.5 }))).toEqual({ code: 7750301, errmsg: `Invalid $project :: caused by :: ${RANGE}0.5` });
    expect(errorOf(agg({ pvals: [0.5, 'foo'] }))).toEqual({ code: 7750302, errmsg: `Invalid $project :: caused by :: ${RANGE}"foo"` });
    expect(firstBatch(agg({ pvals: [0, 1] }))).toEqual([d({ r: [2, 3] })]);
    // An expression over let variables folds too (every operand is constant after optimize).
    const viaConcat = run({
      aggregate: c,
      pipeline: [{ $project: { _id: 0, r: pctl({ $concatArrays: ['$$lo', [1]] }) } }],
      let: { lo: [0] },
      cursor: {},
    });
    expect(firstBatch(viaConcat)).toEqual([d({ r: [2, 3] })]);
  });

  it('update: let and c values are constants for the pipeline; a field path still is not (7750300)', () => {
    const c = coll([{ _id: 0, k1: i(3), k2: i(2) }]);
    expect(run({ update: c, updates: [{ q: {}, u: [{ $set: { r: pctl('$$pvals') } }] }], let: { pvals: [1] } }).get('nModified')).toEqual(i(1));
    expect(run({ update: c, updates: [{ q: {}, u: [{ $set: { s: pctl('$$ps') } }], c: { ps: [0] } }] }).get('nModified')).toEqual(i(1));
    expect(firstBatch(run({ find: c, projection: { _id: 0, r: 1, s: 1 } }))).toEqual([d({ r: [3], s: [2] })]);
    const bad = run({ update: c, updates: [{ q: {}, u: [{ $set: { r: pctl('$$pvals') } }] }], let: { pvals: 'x' } });
    expect(errorOf(bad)).toEqual({ code: 7750301, errmsg: `Invalid $set :: caused by :: ${RANGE}"x"` });
    expect(errorOf(run({ update: c, updates: [{ q: {}, u: [{ $set: { r: pctl('$k1') } }] }] })).code).toBe(7750300);
  });

  it('findAndModify, find projection and a find $expr filter see the let values too', () => {
    const c = coll([{ _id: 0, k1: i(3), k2: i(2) }]);
    const fam = run({ findAndModify: c, query: {}, update: [{ $set: { r: pctl('$$pvals') } }], new: true, let: { pvals: [0] } });
    expect(fam.get('value')).toEqual(d({ _id: 0, k1: i(3), k2: i(2), r: [2] }));
    const found = run({ find: c, filter: { $expr: { $eq: [pctl('$$pvals'), [3]] } }, projection: { _id: 0, p: pctl('$$pvals') }, let: { pvals: [1] } });
    expect(firstBatch(found)).toEqual([d({ p: [3] })]);
  });
});

describe("aggregate's optimization folds let variables like constants", () => {
  it('a constant subexpression over a let variable fails at optimize, even on an empty collection', () => {
    const c = coll([]);
    const reply = run({ aggregate: c, pipeline: [{ $set: { r: { $divide: [1, '$$zero'] } } }], let: { zero: 0 }, cursor: {} });
    expect(errorOf(reply)).toEqual({ code: 2, errmsg: "Failed to optimize pipeline :: caused by :: can't $divide by zero" });
    // An update's pipeline is never optimized: no document, no error.
    const up = run({ update: c, updates: [{ q: {}, u: [{ $set: { r: { $divide: [1, '$$zero'] } } }] }], let: { zero: 0 } });
    expect(up.get('ok')).toBe(1);
    expect(up.has('writeErrors')).toBe(false);
  });

  it("$add's constant prefix includes let variables: an int prefix that overflows stays a long in aggregate, not in update", () => {
    const c = coll([{ _id: 0, a: i(-1) }]);
    const expr = { $add: ['$$big', i(1), '$a'] };
    const agg = run({ aggregate: c, pipeline: [{ $project: { _id: 0, r: expr } }], let: { big: i(2147483647) }, cursor: {} });
    expect(firstBatch(agg)).toEqual([d({ r: l(2147483647) })]);
    run({ update: c, updates: [{ q: {}, u: [{ $set: { r: expr } }] }], let: { big: i(2147483647) } });
    expect(firstBatch(run({ find: c, projection: { _id: 0, r: 1 } }))).toEqual([d({ r: i(2147483647) })]);
  });

  it('a name rebound by $let or $map is the local, not the command constant', () => {
    const c = coll([{ _id: 0, a: i(5), arr: [i(1), i(2)] }]);
    const agg = run({
      aggregate: c,
      pipeline: [
        {
          $project: {
            _id: 0,
            viaLet: { $let: { vars: { x: '$a' }, in: { $multiply: ['$$x', i(2)] } } },
            viaMap: { $map: { input: '$arr', as: 'x', in: { $add: ['$$x', i(10)] } } },
            outer: { $add: ['$$x', i(1)] },
          },
        },
      ],
      let: { x: i(100) },
      cursor: {},
    });
    expect(firstBatch(agg)).toEqual([d({ viaLet: i(10), viaMap: [i(11), i(12)], outer: i(101) })]);
  });

  it("$setField's field must be a constant before optimization: a let variable is still refused (4161108)", () => {
    const c = coll([{ _id: 0 }]);
    const reply = run({ aggregate: c, pipeline: [{ $project: { r: { $setField: { field: '$$f', input: {}, value: 1 } } } }], let: { f: 'a' }, cursor: {} });
    expect(errorOf(reply).code).toBe(4161108);
  });
});
