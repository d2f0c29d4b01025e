import { describe, expect, it } from 'vitest';
import { parseEJSON } from '../engine/bson/ejson.js';
import type { Doc } from '../engine/bson/values.js';
import { Engine } from '../engine/engine.js';
import { FailPointEngine } from './fail-points.js';
import { runFile } from './unified-runner.js';

const ENTITIES = `[
  {"client": {"id": "client0", "observeEvents": ["commandStartedEvent"]}},
  {"database": {"id": "db0", "client": "client0", "databaseName": "d"}},
  {"collection": {"id": "coll0", "database": "db0", "collectionName": "c"}}
]`;

function file(tests: string, extra = ''): Doc {
  return parseEJSON(`{
    "description": "synthetic", "schemaVersion": "1.0", ${extra}
    "createEntities": ${ENTITIES},
    "initialData": [{"collectionName": "c", "databaseName": "d", "documents": [{"_id": 1, "x": 11}]}],
    "tests": ${tests}
  }`) as Doc;
}

const run = (f: Doc) => runFile(f, { createEngine: () => new FailPointEngine(new Engine({ topology: 'replicaset' })) }).tests;

const UPDATE_OP = `{"name": "updateOne", "object": "coll0",
  "arguments": {"filter": {"_id": 1}, "update": {"$inc": {"x": 1}}},
  "expectResult": {"matchedCount": 1, "modifiedCount": 1, "upsertedCount": 0}}`;

describe('runFile', () => {
  it('passes a test whose result, events and outcome match', () => {
    const [t] = run(
      file(`[{"description": "ok", "operations": [${UPDATE_OP}],
        "expectEvents": [{"client": "client0", "events": [{"commandStartedEvent": {"commandName": "update", "databaseName": "d",
          "command": {"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$inc": {"x": 1}}, "multi": {"$$unsetOrMatches": false}}],
                      "ordered": true, "writeConcern": {"$$exists": false}}}}]}],
        "outcome": [{"collectionName": "c", "databaseName": "d", "documents": [{"_id": 1, "x": 12}]}]}]`),
    );
    expect(t).toEqual({ description: 'ok', status: 'passed' });
  });

  it('reports a wrong outcome, a wrong event count and a missing expected error', () => {
    const results = run(
      file(`[
        {"description": "outcome", "operations": [${UPDATE_OP}],
         "outcome": [{"collectionName": "c", "databaseName": "d", "documents": [{"_id": 1, "x": 13}]}]},
        {"description": "events", "operations": [${UPDATE_OP}],
         "expectEvents": [{"client": "client0", "events": []}]},
        {"description": "error", "operations": [{"name": "updateOne", "object": "coll0",
          "arguments": {"filter": {}, "update": {"$set": {"x": 1}}}, "expectError": {"isClientError": true}}]}
      ]`),
    );
    expect(results.map((r) => [r.status, r.reason])).toEqual([
      ['failed', 'outcome d.c: 0.x: expected Int32(13), got Int32(12)'],
      ['failed', 'client client0: expected 0 events, got 1: started update'],
      [
        'failed',
        'operation 0 (updateOne): expected an error, got result {acknowledged: true, matchedCount: 1, modifiedCount: 1, upsertedCount: 0, upsertedId: null}',
      ],
    ]);
  });

  it('marks tests whose requirements are unmet as not applicable', () => {
    const results = run(
      file(`[{"description": "old", "runOnRequirements": [{"maxServerVersion": "4.2.99"}], "operations": []},
             {"description": "sharded", "runOnRequirements": [{"topologies": ["sharded"]}], "operations": []}]`),
    );
    expect(results.map((r) => r.status)).toEqual(['not-applicable', 'not-applicable']);
  });

  it('reports unsupported operations as failures, naming them', () => {
    const [t] = run(
      file(
        `[{"description": "cs", "operations": [{"name": "listSearchIndexes", "object": "coll0", "arguments": {}}]}]`,
      ),
    );
    expect(t?.reason).toBe('unsupported: collection operation listSearchIndexes');
  });

  it('rejects files with a newer schema version', () => {
    const f = file(`[{"description": "x", "operations": []}]`);
    f.set('schemaVersion', '1.99');
    expect(run(f)[0]?.reason).toBe('unsupported schemaVersion 1.99');
  });
});
