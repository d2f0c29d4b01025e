/**
 * explain of findAndModify (issue 16, theme 6), from get_executor.cpp `getExecutorUpdate` /
 * `getExecutorDelete`: the write stage (UPDATE, DELETE) sits on the access plan, and when `fields`
 * is given a `ProjectionStageDefault` is put above it, shown as `PROJECTION_DEFAULT` with
 * `transformBy` (the specification as written) and, under executionStats, the counters of its
 * child (it works the child once per work of its own). A simple `_id` query keeps IDHACK
 * (`isIdHackEligibleQuery` does not look at the projection). findAndModify's stages return the
 * document, so `nReturned` is 1 when one was matched. With a sort, the canonical query has
 * `limit: 1` (parsed_update.cpp), so SORT shows `limitAmount: 1`.
 */
import { describe, expect, it } from 'vitest';
import { isDoc, type Doc, type Value } from '../../bson/values.js';
import { ejson } from '../testing.js';
import { canon, replyDoc, seeded } from './harness.js';

const DOCS = '[{"_id": 1, "a": 1, "b": 1}, {"_id": 2, "a": 2, "b": 2}]';

/** The stage names from the top down, following inputStage. */
function stages(tree: Value | undefined): string[] {
  const out: string[] = [];
  let node = tree;
  while (isDoc(node)) {
    out.push(String(node.get('stage')));
    node = node.get('inputStage');
  }
  return out;
}

function explain(inner: string, verbosity = 'executionStats'): Doc {
  return replyDoc(seeded(DOCS), `{"explain": ${inner}, "verbosity": "${verbosity}"}`);
}

function planner(reply: Doc): Doc {
  return reply.get('queryPlanner') as Doc;
}

function execStages(reply: Doc): Doc {
  return (reply.get('executionStats') as Doc).get('executionStages') as Doc;
}

describe('findAndModify explain: stage tree', () => {
  it('without fields the write stage is the root', () => {
    const r = explain('{"findAndModify": "c", "query": {"a": 2}, "update": {"$set": {"t": 1}}}');
    expect(stages(planner(r).get('winningPlan'))).toEqual(['UPDATE', 'COLLSCAN']);
    expect(stages(execStages(r))).toEqual(['UPDATE', 'COLLSCAN']);
  });

  it('with fields, PROJECTION_DEFAULT with transformBy sits above UPDATE (queryPlanner and executionStats)', () => {
    const r = explain(
      '{"findAndModify": "c", "query": {"a": 2}, "update": {"$set": {"t": 1}}, "fields": {"b": 1, "_id": 0}}',
    );
    const winning = planner(r).get('winningPlan') as Doc;
    expect(stages(winning)).toEqual(['PROJECTION_DEFAULT', 'UPDATE', 'COLLSCAN']);
    expect([...winning.keys()]).toEqual(['isCached', 'stage', 'transformBy', 'inputStage']);
    expect(ejson(winning.get('transformBy')!)).toBe(canon('{"b": 1, "_id": 0}'));
    const top = execStages(r);
    expect(stages(top)).toEqual(['PROJECTION_DEFAULT', 'UPDATE', 'COLLSCAN']);
    // The projection's counters are its child's; the write stage's own counters are the engine's
    // model of UpdateStage (README: explain), not asserted here.
    const write = top.get('inputStage') as Doc;
    const COMMON = [
      'nReturned',
      'executionTimeMillisEstimate',
      'works',
      'advanced',
      'needTime',
      'needYield',
      'saveState',
      'restoreState',
      'isEOF',
    ];
    expect([...top.keys()]).toEqual(['isCached', 'stage', ...COMMON, 'transformBy', 'inputStage']);
    expect(COMMON.map((k) => ejson(top.get(k)!))).toEqual(COMMON.map((k) => ejson(write.get(k)!)));
    expect(ejson(top.get('nReturned')!)).toBe(canon('1'));
    expect(ejson(top.get('transformBy')!)).toBe(canon('{"b": 1, "_id": 0}'));
  });

  it('with fields and remove, PROJECTION_DEFAULT sits above DELETE', () => {
    const r = explain('{"findAndModify": "c", "query": {"a": 2}, "remove": true, "fields": {"a": 0}}');
    expect(stages(planner(r).get('winningPlan'))).toEqual(['PROJECTION_DEFAULT', 'DELETE', 'COLLSCAN']);
    const top = execStages(r);
    expect(stages(top)).toEqual(['PROJECTION_DEFAULT', 'DELETE', 'COLLSCAN']);
    expect(String(top.get('nReturned'))).toBe('1');
    expect(String((top.get('inputStage') as Doc).get('nWouldDelete'))).toBe('1');
  });

  it('a simple _id query keeps IDHACK below the projection', () => {
    const r = explain(
      '{"findAndModify": "c", "query": {"_id": 2}, "update": {"$set": {"t": 1}}, "fields": {"a": 1}}',
      'queryPlanner',
    );
    expect(stages(planner(r).get('winningPlan'))).toEqual(['PROJECTION_DEFAULT', 'UPDATE', 'IDHACK']);
  });

  it('a sort puts SORT with limitAmount 1 under the write stage; no match returns nothing', () => {
    const r = explain(
      '{"findAndModify": "c", "query": {"a": {"$gt": 5}}, "sort": {"a": -1}, "update": {"$set": {"t": 1}}, "fields": {"a": 1}}',
    );
    const top = execStages(r);
    expect(stages(top)).toEqual(['PROJECTION_DEFAULT', 'UPDATE', 'SORT', 'COLLSCAN']);
    expect(String(top.get('nReturned'))).toBe('0');
    const sort = (top.get('inputStage') as Doc).get('inputStage') as Doc;
    expect(String(sort.get('limitAmount'))).toBe('1');
    expect(String((r.get('executionStats') as Doc).get('nReturned'))).toBe('0');
  });
});
