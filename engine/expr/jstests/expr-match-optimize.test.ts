/**
 * `$expr` in a query is optimized with the canonical query (`ExprMatchExpression::getOptimizer`
 * calls `_expression->optimize()` when `MatchExpression::optimize` runs, after the whole filter is
 * parsed), and a find projection's computed fields with the projection executor
 * (`ProjectionExecutor::optimize`). So a constant subexpression folds: its error fails the command
 * even when no document is read, and the associative folds of `ExpressionNary::optimize` change
 * answers as in aggregate. find, count, distinct, update, delete and findAndModify filters; find
 * and findAndModify projections.
 */
import { describe, expect, it } from 'vitest';
import { isDoc, type Doc, type Value } from '../../bson/values.js';
import { testEngine } from '../../commands/testing.js';
import { d, i, l, v, type Lit } from './harness.js';

const engine = testEngine();
let counter = 0;
const run = (body: Lit): Doc => engine.runCommand('exprmatch', v(body) as Doc);
function coll(docs: Lit[]): string {
  const name = `c${++counter}`;
  if (docs.length > 0) run({ insert: name, documents: docs });
  else run({ create: name });
  return name;
}
function errorOf(reply: Doc): { code: number; errmsg: Value | undefined } | null {
  const we = reply.get('writeErrors');
  const src = Array.isArray(we) && isDoc(we[0]) ? we[0] : reply;
  if (src === reply && Number(String(reply.get('ok'))) === 1) return null;
  return { code: Number(String(src.get('code'))), errmsg: src.get('errmsg') };
}
const firstBatch = (reply: Doc): Doc[] => (reply.get('cursor') as Doc).get('firstBatch') as Doc[];

const DIVIDE = { code: 2, errmsg: "can't $divide by zero" };
const failing = { $expr: { $gt: ['$a', { $divide: [1, 0] }] } };

describe('$expr in a query filter is optimized with the canonical query', () => {
  it('a constant error fails find, count and distinct on an empty collection, and on a missing one', () => {
    const empty = coll([]);
    expect(errorOf(run({ find: empty, filter: failing }))).toEqual(DIVIDE);
    expect(errorOf(run({ find: 'missing', filter: failing }))).toEqual(DIVIDE);
    expect(errorOf(run({ count: empty, query: failing }))).toEqual(DIVIDE);
    expect(errorOf(run({ distinct: empty, key: 'a', query: failing }))).toEqual(DIVIDE);
  });

  it('a constant error fails update, delete and findAndModify statements that match nothing', () => {
    const empty = coll([]);
    expect(errorOf(run({ update: empty, updates: [{ q: failing, u: { $set: { b: 1 } } }] }))).toEqual(DIVIDE);
    expect(errorOf(run({ delete: empty, deletes: [{ q: failing, limit: 0 }] }))).toEqual(DIVIDE);
    expect(errorOf(run({ findAndModify: empty, query: failing, remove: true }))).toEqual(DIVIDE);
    expect(errorOf(run({ findAndModify: empty, query: failing, update: { $set: { b: 1 } } }))).toEqual(DIVIDE);
  });

  it('the whole filter parses before it is optimized: a parse error anywhere wins', () => {
    const empty = coll([]);
    expect(errorOf(run({ find: empty, filter: { ...failing, b: { $bad: 1 } } }))).toEqual({ code: 2, errmsg: 'unknown operator: $bad' });
  });

  it("$and's constants are gathered and decide before any operand is evaluated", () => {
    const c = coll([{ _id: 0, a: i(0) }]);
    // Optimized: the trailing false decides; {$divide: [1, "$a"]} is never evaluated.
    const filter = { $expr: { $and: [{ $divide: [1, '$a'] }, false] } };
    expect(firstBatch(run({ find: c, filter }))).toEqual([]);
    expect(errorOf(run({ update: c, updates: [{ q: filter, u: { $set: { b: 1 } } }] }))).toBeNull();
    // Not a constant: evaluated per document as before.
    expect(errorOf(run({ find: c, filter: { $expr: { $and: [{ $divide: [1, '$a'] }, '$a'] } } }))?.code).toBe(2);
  });

  it('an expression over a command constant folds too (let is seeded before the query is parsed)', () => {
    const empty = coll([]);
    expect(errorOf(run({ find: empty, filter: { $expr: { $divide: [1, '$$z'] } }, let: { z: 0 } }))).toEqual(DIVIDE);
  });

  it('aggregate $match is optimized with its pipeline, not here: an empty collection reads no document', () => {
    const empty = coll([]);
    expect(errorOf(run({ aggregate: empty, pipeline: [{ $match: failing }], cursor: {} }))).toBeNull();
  });
});

describe('find projections are optimized with the projection executor', () => {
  it("$add's constant prefix that overflows int stays a long (folded first), as in aggregate", () => {
    const c = coll([{ _id: 0, a: i(-1) }]);
    const projection = { _id: 0, r: { $add: [i(2147483647), i(1), '$a'] } };
    expect(firstBatch(run({ find: c, projection }))).toEqual([d({ r: l(2147483647) })]);
    const fam = run({ findAndModify: c, query: {}, update: { $set: { b: 1 } }, fields: projection });
    expect(fam.get('value')).toEqual(d({ r: l(2147483647) }));
  });

  it('a constant error fails the find even when the filter matches nothing', () => {
    const c = coll([{ _id: 0 }]);
    expect(errorOf(run({ find: c, filter: { _id: 1 }, projection: { r: { $divide: [1, 0] } } }))).toEqual(DIVIDE);
  });
});
