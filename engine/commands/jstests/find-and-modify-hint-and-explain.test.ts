/**
 * findAndModify's `hint` and its explain: a hint (key pattern or name) forces that index, even for
 * an `_id` equality (no IDHACK) and an empty update; a sparse index hinted sees only the documents
 * it holds, so an update or remove reaches only those and an upsert inserts when none of them
 * match. Explain shows IDHACK for an unhinted `_id` equality, COLLSCAN otherwise, under an UPDATE
 * stage, and `executionStats` counts what the write would do without writing. A pipeline update
 * takes `sort`.
 *
 * From jstests/core/write/find_and_modify/: find_and_modify_hint.js,
 * find_and_modify_pipeline_update.js.
 */
import { describe, expect, it } from 'vitest';
import { parseEJSON, stringifyEJSON } from '../../bson/ejson.js';
import { isDoc, type Doc, type Value } from '../../bson/values.js';
import { jsShell, lit, type JsShell } from './statement-shell.js';

/** The first stage named `name` in a plan tree (jstests/libs/analyze_plan.js getPlanStage). */
function planStage(plan: Value | undefined, name: string): Doc | undefined {
  if (!isDoc(plan)) return undefined;
  if (plan.get('stage') === name) return plan;
  for (const key of ['inputStage', 'inputStages']) {
    const child = plan.get(key);
    for (const c of Array.isArray(child) ? child : [child]) {
      const found = planStage(c, name);
      if (found) return found;
    }
  }
  return undefined;
}

function explain(s: JsShell, command: string, verbosity = 'queryPlanner'): Doc {
  return parseEJSON(s.js(`db.runCommand({explain: ${command}, verbosity: "${verbosity}"})`)) as Doc;
}

function winningPlan(reply: Doc): Value | undefined {
  return (reply.get('queryPlanner') as Doc).get('winningPlan');
}

/** find_and_modify_hint.js's assertCommandUsesIndex: the plan has an IXSCAN on that key pattern. */
function ixscanKeyPattern(s: JsShell, command: string): string {
  const stage = planStage(winningPlan(explain(s, command)), 'IXSCAN');
  expect(stage).toBeDefined();
  return stringifyEJSON(stage!.get('keyPattern')!);
}

describe('hint (find_and_modify_hint.js)', () => {
  it('normalIndexTest: the hinted index is used, by key pattern or by name, even for _id equality and an empty update', () => {
    const s = jsShell();
    s.js('db.c.insertOne({_id: 0, x: 1, y: 1})');
    s.js('db.c.createIndex({x: 1})');
    s.js('db.c.createIndex({y: -1})');
    const y = lit('{y: -1}');
    expect(ixscanKeyPattern(s, '{findAndModify: "c", query: {x: 1}, update: {$set: {y: 1}}, hint: {y: -1}}')).toBe(y);
    for (const command of [
      `{findAndModify: "c", query: {x: 1}, update: {$set: {y: 1}}, hint: 'y_-1'}`,
      `{findAndModify: "c", query: {_id: 1}, update: {$set: {y: 1}}, hint: 'y_-1'}`,
      `{findAndModify: "c", query: {_id: 1}, update: {}, hint: 'y_-1'}`,
      `{findAndModify: "c", query: {_id: 1}, remove: true, hint: 'y_-1'}`,
    ]) {
      expect(ixscanKeyPattern(s, command)).toBe(y);
    }
    expect(
      planStage(
        winningPlan(explain(s, '{findAndModify: "c", query: {x: 1}, update: {}, hint: {y: -1}}')),
        'IXSCAN',
      )?.get('indexName'),
    ).toBe('y_-1');
    const id = planStage(
      winningPlan(explain(s, '{findAndModify: "c", query: {_id: 1}, update: {}, hint: {_id: 1}}')),
      'IXSCAN',
    );
    expect(id?.get('indexName')).toBe('_id_');
    expect(s.contents('c')).toBe(lit('[{_id: 0, x: 1, y: 1}]'));
  });

  it('sparseIndexTest: a hinted sparse index limits update, upsert and remove to the documents it holds', () => {
    const s = jsShell();
    s.js('db.c.insertMany([{_id: 0, x: 1}, {_id: 1, x: 1}, {_id: 2, x: 1, s: 0}])');
    s.js('db.c.createIndex({x: 1})');
    s.js('db.c.createIndex({s: 1}, {sparse: true})');
    expect(
      planStage(
        winningPlan(explain(s, '{findAndModify: "c", query: {_id: 1}, update: {$set: {y: 1}}, hint: {s: 1}}')),
        'IXSCAN',
      )?.get('indexName'),
    ).toBe('s_1');
    expect(
      s.js(`db.runCommand({findAndModify: "c", query: {}, update: {$set: {y: 1}}, hint: {s: 1}, new: true})`),
    ).toBe(lit(`{lastErrorObject: {n: 1, updatedExisting: true}, value: {_id: 2, x: 1, s: 0, y: 1}, ok: Double(1)}`));
    s.js('db.c.insertOne({_id: 10, x: 2})');
    expect(
      s.js(
        `db.runCommand({findAndModify: "c", query: {x: 2}, update: {$set: {_id: 3, y: 1}}, hint: {s: 1}, upsert: true, new: true})`,
      ),
    ).toBe(
      lit(`{lastErrorObject: {n: 1, updatedExisting: false, upserted: 3}, value: {_id: 3, x: 2, y: 1}, ok: Double(1)}`),
    );
    s.js('db.c.insertOne({_id: 11, x: 1})');
    expect(s.js(`db.runCommand({findAndModify: "c", query: {x: 1}, remove: true, hint: {s: 1}})`)).toBe(
      lit(`{lastErrorObject: {n: 1}, value: {_id: 2, x: 1, s: 0, y: 1}, ok: Double(1)}`),
    );
    expect(s.contents('c')).toBe(
      lit('[{_id: 0, x: 1}, {_id: 1, x: 1}, {_id: 10, x: 2}, {_id: 3, x: 2, y: 1}, {_id: 11, x: 1}]'),
    );
  });

  it('shellHelpersTest: the helpers send the hint (mongosh sends it for findOneAndDelete too)', () => {
    const s = jsShell();
    s.js('db.c.insertMany([{_id: 0, x: 1}, {_id: 1, x: 1}, {_id: 2, x: 1, s: 0}])');
    s.js('db.c.createIndex({x: 1})');
    s.js('db.c.createIndex({s: 1}, {sparse: true})');
    expect(s.js(`db.c.findAndModify({query: {x: 1}, update: {$set: {y: 2}}, hint: {s: 1}, new: true})`)).toBe(
      lit('{_id: 2, x: 1, s: 0, y: 2}'),
    );
    s.js('db.c.insertOne({_id: 3, x: 2})');
    expect(
      s.js(
        `db.c.findOneAndUpdate({x: 2}, {$set: {_id: 4, y: 2}}, {hint: {s: 1}, upsert: true, returnNewDocument: true})`,
      ),
    ).toBe(lit('{_id: 4, x: 2, y: 2}'));
    s.js('db.c.insertOne({_id: 5, x: 3})');
    expect(
      s.js(`db.c.findOneAndReplace({x: 3}, {_id: 6, y: 2}, {hint: {s: 1}, upsert: true, returnNewDocument: true})`),
    ).toBe(lit('{_id: 6, y: 2}'));
    // The legacy shell's findOneAndDelete dropped `hint` and so deleted {_id: 3, x: 2}; mongosh
    // sends it, and the sparse index holds no document with x: 2.
    expect(s.js(`db.c.findOneAndDelete({x: 2}, {hint: {s: 1}})`)).toBe('null');
    expect(s.js(`db.c.findOneAndDelete({x: 2})`)).toBe(lit('{_id: 3, x: 2}'));
  });
});

describe('explain of a pipeline update (find_and_modify_pipeline_update.js)', () => {
  function collection(): JsShell {
    const s = jsShell();
    s.js('db.c.insertMany([{_id: 0, x: 0}, {_id: 1, x: 1}, {_id: 2, x: 2}, {_id: 3, x: 3, y: 3}])');
    return s;
  }

  it('the pipeline update itself: pre-image, post-image, $unset', () => {
    const s = jsShell();
    s.js('db.c.insertMany([{_id: 0}, {_id: 1}])');
    expect(s.js(`db.c.findAndModify({query: {_id: 0}, update: [{$set: {y: 1}}]})`)).toBe(lit('{_id: 0}'));
    expect(s.js(`db.c.findAndModify({query: {_id: 0}, update: [{$set: {z: 2}}], new: true})`)).toBe(
      lit('{_id: 0, y: 1, z: 2}'),
    );
    expect(s.js(`db.c.findAndModify({query: {_id: 0}, update: [{$unset: ["z"]}], new: true})`)).toBe(
      lit('{_id: 0, y: 1}'),
    );
  });

  it.each([
    ['{_id: 3}', 'IDHACK'],
    ['{y: 3}', 'COLLSCAN'],
  ])('query %s: %s under UPDATE, one document would be modified, none is', (query, access) => {
    const s = collection();
    const command = `{findAndModify: "c", query: ${query}, update: [{$set: {y: 999}}]}`;
    const plan = winningPlan(explain(s, command));
    expect(planStage(plan, 'UPDATE')).toBeDefined();
    expect(planStage(plan, access)).toBeDefined();
    const stats = explain(s, command, 'executionStats').get('executionStats') as Doc;
    expect(String(stats.get('nReturned'))).toBe('1');
    expect(String(planStage(stats.get('executionStages'), 'UPDATE')?.get('nWouldModify'))).toBe('1');
    expect(s.js('db.c.find({y: 999}).toArray()')).toBe('[]');
  });

  it('sort picks the document a pipeline update changes', () => {
    const s = jsShell();
    s.js(`db.c.insertMany([{_id: 0, x: 'b'}, {_id: 1, x: 'd'}, {_id: 2, x: 'a'}, {_id: 3, x: 'c'}])`);
    expect(s.js(`db.c.findAndModify({query: {}, update: [{$set: {foo: "bar"}}], sort: {x: -1}, new: true})`)).toBe(
      lit(`{_id: 1, x: 'd', foo: 'bar'}`),
    );
  });
});
