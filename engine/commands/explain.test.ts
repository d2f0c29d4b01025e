import { describe, expect, test } from 'vitest';
import { runExplain } from './explain.js';
import { buildErrorReply, toEngineError } from './update/reply.js';
import { ej, testDb, type TestDb } from './update/test-support.js';

function run(t: TestDb, cmd: string): string {
  try {
    return ej(runExplain(t.ctx(cmd)));
  } catch (e) {
    return ej(buildErrorReply(toEngineError(e)));
  }
}

const TAIL =
  '"serverInfo":{"host":"upsert-lab","port":27017,"version":"8.0.0","gitVersion":"upsert-lab"},"serverParameters":{"internalQueryFacetBufferSizeBytes":104857600,"internalQueryFacetMaxOutputDocSizeBytes":104857600,"internalLookupStageIntermediateDocumentMaxSizeBytes":104857600,"internalDocumentSourceGroupMaxMemoryBytes":104857600,"internalQueryMaxBlockingSortMemoryUsageBytes":104857600,"internalQueryProhibitBlockingMergeOnMongoS":0,"internalQueryMaxAddToSetBytes":104857600,"internalDocumentSourceSetWindowFieldsMaxMemoryBytes":104857600,"internalQueryFrameworkControl":"trySbeRestricted","internalQueryPlannerIgnoreIndexWithCollationForRegex":1},"ok":1.0}';

describe('explain', () => {
  test('explain never modifies anything and writes no oplog entry', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "a": 1}, {"_id": 2, "a": 2}]');
    const before = t.oplogSize();
    run(
      t,
      '{"explain": {"update": "c", "updates": [{"q": {"a": 1}, "u": {"$set": {"b": 1}}, "multi": true}]}, "verbosity": "executionStats"}',
    );
    run(t, '{"explain": {"update": "c", "updates": [{"q": {"a": 9}, "u": {"$set": {"b": 1}}, "upsert": true}]}}');
    run(t, '{"explain": {"update": "new", "updates": [{"q": {"a": 9}, "u": {"$set": {"b": 1}}, "upsert": true}]}}');
    expect(t.contents('c')).toBe('[{"_id":1,"a":1},{"_id":2,"a":2}]');
    expect(t.oplogSize()).toBe(before);
    expect(t.catalog.getCollection('test', 'new')).toBeUndefined();
  });

  test('queryPlanner: UPDATE over COLLSCAN with the filter', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "a": 1}]');
    expect(
      run(
        t,
        '{"explain": {"update": "c", "updates": [{"q": {"a": 1}, "u": {"$set": {"b": 1}}}]}, "verbosity": "queryPlanner"}',
      ),
    ).toMatch(
      /^\{"explainVersion":"1","queryPlanner":\{"namespace":"test.c","parsedQuery":\{"a":\{"\$eq":1\}\},"indexFilterSet":false,"planCacheShapeHash":"[0-9A-F]{8}","planCacheKey":"[0-9A-F]{8}","optimizationTimeMillis":0,"maxIndexedOrSolutionsReached":false,"maxIndexedAndSolutionsReached":false,"maxScansToExplodeReached":false,"prunedSimilarIndexes":false,"winningPlan":/,
    );
    const r = JSON.parse(
      run(
        t,
        '{"explain": {"update": "c", "updates": [{"q": {"a": 1}, "u": {"$set": {"b": 1}}}]}, "verbosity": "queryPlanner"}',
      ),
    );
    expect(Object.keys(r)).toEqual([
      'explainVersion',
      'queryPlanner',
      'command',
      'serverInfo',
      'serverParameters',
      'ok',
    ]);
    expect(r.queryPlanner.winningPlan).toEqual({
      isCached: false,
      stage: 'UPDATE',
      inputStage: { stage: 'COLLSCAN', filter: { a: { $eq: 1 } }, direction: 'forward' },
    });
    expect(r.queryPlanner.rejectedPlans).toEqual([]);
    expect(r.command).toEqual({ update: 'c', updates: [{ q: { a: 1 }, u: { $set: { b: 1 } } }], $db: 'test' });
    expect(
      run(
        t,
        '{"explain": {"update": "c", "updates": [{"q": {"a": 1}, "u": {"$set": {"b": 1}}}]}, "verbosity": "queryPlanner"}',
      ),
    ).toMatch(new RegExp(`${TAIL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  });

  test('IDHACK for an _id equality; FETCH over IXSCAN for an indexed field, respecting hint', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "a": 1, "b": 1}, {"_id": 2, "a": 2, "b": 1}]');
    t.createIndex('c', '{"key": {"a": 1}}');
    t.createIndex('c', '{"key": {"b": 1}}');
    const id = JSON.parse(
      run(
        t,
        '{"explain": {"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$set": {"x": 1}}}]}, "verbosity": "queryPlanner"}',
      ),
    );
    expect(id.queryPlanner.winningPlan).toEqual({ isCached: false, stage: 'UPDATE', inputStage: { stage: 'IDHACK' } });
    const ix = JSON.parse(
      run(
        t,
        '{"explain": {"update": "c", "updates": [{"q": {"a": 1, "b": 1}, "u": {"$set": {"x": 1}}, "hint": "b_1"}]}, "verbosity": "queryPlanner"}',
      ),
    );
    const fetch = ix.queryPlanner.winningPlan.inputStage;
    expect(fetch.stage).toBe('FETCH');
    expect(fetch.filter).toEqual({ a: { $eq: 1 } });
    expect(fetch.inputStage.stage).toBe('IXSCAN');
    expect(fetch.inputStage.indexName).toBe('b_1');
    expect(fetch.inputStage.keyPattern).toEqual({ b: 1 });
    expect(fetch.inputStage.indexBounds).toEqual({ b: ['[1, 1]'] });
  });

  test('executionStats: nMatched, nWouldModify, nWouldUpsert and examined counts', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "a": 1}, {"_id": 2, "a": 1, "b": 1}, {"_id": 3, "a": 2}]');
    const r = JSON.parse(
      run(
        t,
        '{"explain": {"update": "c", "updates": [{"q": {"a": 1}, "u": {"$set": {"b": 1}}, "multi": true}]}, "verbosity": "executionStats"}',
      ),
    );
    expect(Object.keys(r)).toEqual([
      'explainVersion',
      'queryPlanner',
      'executionStats',
      'command',
      'serverInfo',
      'serverParameters',
      'ok',
    ]);
    const es = r.executionStats;
    expect([es.executionSuccess, es.nReturned, es.totalKeysExamined, es.totalDocsExamined]).toEqual([true, 0, 0, 3]);
    expect(es.executionStages.stage).toBe('UPDATE');
    // _id 2 already has b: 1, but explain counts it as if it wrote (update_stage.cpp)
    expect([es.executionStages.nMatched, es.executionStages.nWouldModify, es.executionStages.nWouldUpsert]).toEqual([
      2, 2, 0,
    ]);
    expect(es.executionStages.inputStage.stage).toBe('COLLSCAN');
    expect(es.executionStages.inputStage.nReturned).toBe(2);
    expect(es.executionStages.inputStage.docsExamined).toBe(3);
    const up = JSON.parse(
      run(
        t,
        '{"explain": {"update": "c", "updates": [{"q": {"a": 7}, "u": {"$set": {"b": 1}}, "upsert": true}]}, "verbosity": "allPlansExecution"}',
      ),
    );
    expect([up.executionStats.executionStages.nMatched, up.executionStats.executionStages.nWouldUpsert]).toEqual([
      0, 1,
    ]);
    expect(up.executionStats.allPlansExecution).toEqual([]);
  });

  test('a failure while executing is reported in executionStats', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "a": "x"}]');
    const r = JSON.parse(
      run(
        t,
        '{"explain": {"update": "c", "updates": [{"q": {}, "u": {"$inc": {"a": 1}}}]}, "verbosity": "executionStats"}',
      ),
    );
    expect(r.executionStats.executionSuccess).toBe(false);
    expect(r.executionStats.errorCode).toBe(14);
  });

  test('findAndModify and delete explain; errors', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "a": 1}]');
    const fam = JSON.parse(
      run(
        t,
        '{"explain": {"findAndModify": "c", "query": {"a": 1}, "sort": {"a": 1}, "update": {"$set": {"b": 1}}}, "verbosity": "queryPlanner"}',
      ),
    );
    expect(fam.queryPlanner.winningPlan.stage).toBe('UPDATE');
    expect(fam.queryPlanner.winningPlan.inputStage.stage).toBe('SORT');
    const del = JSON.parse(
      run(t, '{"explain": {"delete": "c", "deletes": [{"q": {"a": 1}, "limit": 0}]}, "verbosity": "executionStats"}'),
    );
    expect(del.queryPlanner.winningPlan.stage).toBe('DELETE');
    expect(del.executionStats.executionStages.nWouldDelete).toBe(1);
    expect(t.contents('c')).toBe('[{"_id":1,"a":1}]');
    expect(run(t, '{"explain": {"update": "c", "updates": [{"q": {}, "u": {}}, {"q": {}, "u": {}}]}}')).toBe(
      '{"ok":0.0,"errmsg":"explained write batches must be of size 1","code":16,"codeName":"InvalidLength"}',
    );
    expect(run(t, '{"explain": {"update": "c", "updates": [{"q": {}, "u": {}}]}, "verbosity": "loud"}')).toBe(
      '{"ok":0.0,"errmsg":"verbosity string must be one of {\'queryPlanner\', \'executionStats\', \'allPlansExecution\'}","code":9,"codeName":"FailedToParse"}',
    );
    expect(
      run(t, '{"explain": {"update": "c", "updates": [{"q": {}, "u": {"$set": {"a": 1}}, "hint": "nope"}]}}'),
    ).toContain('"code":2,');
  });
});
