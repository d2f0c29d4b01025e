/**
 * IDHACK answers a query that is one `_id` equality only when the value gives exact index bounds
 * (`Indexability::isExactBoundsGenerating`: not null, undefined, an array, a regex or a symbol) and
 * the operation's collation is the collection's — also when the value holds no string
 * (query_utils.h `isIdHackEligibleQuery`: `collatorsMatch(cq.getCollator(),
 * collection->getDefaultCollator())`). Otherwise the `_id` index is scanned as any index, and the
 * answer is the same. Observed through explain of find and update.
 */
import { describe, expect, it } from 'vitest';
import { stringifyEJSON } from '../bson/ejson.js';
import type { Doc } from '../bson/values.js';
import { run, testEngine } from '../commands/testing.js';
import type { Engine } from '../engine.js';

function setup(collectionOptions = ''): Engine {
  const engine = testEngine();
  run(engine, 't', `{"create": "c"${collectionOptions}}`);
  run(
    engine,
    't',
    '{"insert": "c", "documents": [{"_id": 1}, {"_id": null}, {"_id": "a"}, {"_id": {"$gt": 1}}, {"_id": {"$symbol": "s"}}]}',
  );
  return engine;
}

/** The winning plan of `find`, compact: IDHACK, COLLSCAN, or FETCH>IXSCAN with the _id bounds. */
function findPlan(engine: Engine, filter: string, extra = ''): string {
  const reply = run(
    engine,
    't',
    `{"explain": {"find": "c", "filter": ${filter}${extra}}, "verbosity": "queryPlanner"}`,
  );
  return shape((reply.get('queryPlanner') as Doc).get('winningPlan') as Doc);
}

function updatePlan(engine: Engine, q: string, extra = ''): string {
  const reply = run(
    engine,
    't',
    `{"explain": {"update": "c", "updates": [{"q": ${q}, "u": {"$set": {"x": 1}}${extra}}]}, "verbosity": "queryPlanner"}`,
  );
  const update = (reply.get('queryPlanner') as Doc).get('winningPlan') as Doc;
  return `${String(update.get('stage'))}>${shape(update.get('inputStage') as Doc)}`;
}

function shape(stage: Doc): string {
  if (stage.get('stage') !== 'FETCH') return String(stage.get('stage'));
  const ixscan = stage.get('inputStage') as Doc;
  return `FETCH>IXSCAN ${String(ixscan.get('indexName'))} ${stringifyEJSON((ixscan.get('indexBounds') as Doc).get('_id')!)}`;
}

describe('IDHACK needs a value with exact bounds', () => {
  const engine = setup();
  it.each([
    ['{"_id": 1}', 'IDHACK'],
    ['{"_id": "a"}', 'IDHACK'],
    ['{"_id": {"$eq": {"$gt": 1}}}', 'IDHACK'],
    ['{"_id": {"$oid": "507f1f77bcf86cd799439011"}}', 'IDHACK'],
    ['{"_id": {"$minKey": 1}}', 'IDHACK'],
    ['{"_id": null}', 'FETCH>IXSCAN _id_ ["[null, null]"]'],
    ['{"_id": {"$eq": null}}', 'FETCH>IXSCAN _id_ ["[null, null]"]'],
  ])('find %s plans %s', (filter, expected) => {
    expect(findPlan(engine, filter)).toBe(expected);
  });
  it('an update of {_id: null} scans the _id index, and finds the document whose _id is null', () => {
    expect(updatePlan(engine, '{"_id": null}')).toBe('UPDATE>FETCH>IXSCAN _id_ ["[null, null]"]');
    run(engine, 't', '{"update": "c", "updates": [{"q": {"_id": null}, "u": {"$set": {"x": 1}}}]}');
    const reply = run(engine, 't', '{"find": "c", "filter": {"x": 1}}');
    expect(stringifyEJSON((reply.get('cursor') as Doc).get('firstBatch')!)).toBe(
      '[{"_id":null,"x":{"$numberInt":"1"}}]',
    );
  });
});

describe('IDHACK needs the collection collation', () => {
  it('a number _id with another collation than the collection scans the _id index', () => {
    const engine = setup();
    expect(findPlan(engine, '{"_id": 1}', ', "collation": {"locale": "fr"}')).toBe('FETCH>IXSCAN _id_ ["[1, 1]"]');
    expect(updatePlan(engine, '{"_id": 1}', ', "collation": {"locale": "fr"}')).toBe(
      'UPDATE>FETCH>IXSCAN _id_ ["[1, 1]"]',
    );
    expect(findPlan(engine, '{"_id": 1}', ', "collation": {"locale": "simple"}')).toBe('IDHACK');
  });
  it('on a collection with a default collation, the same collation (given or inherited) keeps IDHACK', () => {
    const engine = setup(', "collation": {"locale": "fr"}');
    expect(findPlan(engine, '{"_id": "a"}')).toBe('IDHACK');
    expect(findPlan(engine, '{"_id": "a"}', ', "collation": {"locale": "fr"}')).toBe('IDHACK');
    // Another collation: a number still uses the (French) _id index, a string cannot
    // (planner_ixselect.cpp: collators must match only for string, array and object bounds).
    expect(findPlan(engine, '{"_id": 1}', ', "collation": {"locale": "simple"}')).toBe('FETCH>IXSCAN _id_ ["[1, 1]"]');
    expect(findPlan(engine, '{"_id": "a"}', ', "collation": {"locale": "simple"}')).toBe('COLLSCAN');
  });
});
