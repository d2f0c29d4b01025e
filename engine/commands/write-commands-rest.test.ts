/**
 * The rest of the write commands, from the server's sources:
 * - `upsertSupplied` (`ParsedUpdate::parseRequest`, `generateNewDocumentFromSuppliedDoc`): needs
 *   `upsert: true` and an object in `c.new` (FailedToParse 9 otherwise); on an upsert insert the
 *   supplied document is applied to the query's seed as a replacement (the seed's `_id` stays
 *   unless it supplies one); a matching document gets the pipeline as usual;
 * - find and findAndModify projections: a one-field `{$name: …}` that is no expression is
 *   "Unknown expression $name" (31325, `projection_ast::parseSubObject`);
 * - findAndModify's positional projection matches the returned document against the query, for
 *   `remove` as for updates;
 * - a document whose `_id` is null is found by `{_id: {$type: "null"}}` through find, count and
 *   countDocuments (an aggregation).
 */
import { describe, expect, test } from 'vitest';
import { stringifyEJSON } from '../bson/ejson.js';
import type { Engine } from '../engine.js';
import { run, testEngine } from './testing.js';

const rel = (v: Parameters<typeof stringifyEJSON>[0]): string => stringifyEJSON(v, { relaxed: true });

function engineWith(docs: string): Engine {
  const e = testEngine();
  run(e, 'test', `{"insert": "c", "documents": ${docs}}`);
  return e;
}

function contents(e: Engine): string {
  const r = run(e, 'test', '{"find": "c", "sort": {"_id": 1}}');
  return rel((r.get('cursor') as Map<string, never>).get('firstBatch')!);
}

describe('upsertSupplied', () => {
  const stmt = (extra: string): string =>
    `{"update": "c", "updates": [{"q": {"_id": 7, "k": 1}, "u": [{"$set": {"n": 1}}], "c": {"new": {"v": "supplied"}}${extra}}]}`;

  test('on an upsert insert the supplied document is inserted, keeping the query _id', () => {
    const e = engineWith('[]');
    expect(rel(run(e, 'test', stmt(', "upsert": true, "upsertSupplied": true')))).toBe(
      '{"n":1,"upserted":[{"index":0,"_id":7}],"nModified":0,"ok":1.0}',
    );
    expect(contents(e)).toBe('[{"_id":7,"v":"supplied"}]');
  });

  test('without upsertSupplied the pipeline builds the document', () => {
    const e = engineWith('[]');
    run(e, 'test', stmt(', "upsert": true'));
    expect(contents(e)).toBe('[{"_id":7,"k":1,"n":1}]');
  });

  test('a matching document gets the pipeline', () => {
    const e = engineWith('[{"_id": 7, "k": 1}]');
    expect(rel(run(e, 'test', stmt(', "upsert": true, "upsertSupplied": true')))).toBe('{"n":1,"nModified":1,"ok":1.0}');
    expect(contents(e)).toBe('[{"_id":7,"k":1,"n":1}]');
  });

  test('a supplied _id that differs from the query _id is 66', () => {
    const e = engineWith('[]');
    const cmd =
      '{"update": "c", "updates": [{"q": {"_id": 7}, "u": [{"$set": {"n": 1}}], "c": {"new": {"_id": 8}}, "upsert": true, "upsertSupplied": true}]}';
    expect(rel(run(e, 'test', cmd))).toBe(
      `{"n":0,"writeErrors":[{"index":0,"code":66,"errmsg":"Plan executor error during update :: caused by :: After applying the update, the (immutable) field '_id' was found to have been altered to _id: 8"}],"nModified":0,"ok":1.0}`,
    );
  });

  test('it needs an upsert and a document in c.new (FailedToParse)', () => {
    const e = engineWith('[]');
    expect(rel(run(e, 'test', stmt(', "upsertSupplied": true')))).toBe(
      `{"n":0,"writeErrors":[{"index":0,"code":9,"errmsg":"cannot specify 'upsertSupplied: true' for a non-upsert operation"}],"nModified":0,"ok":1.0}`,
    );
    const noDoc =
      '{"update": "c", "updates": [{"q": {"_id": 7}, "u": [{"$set": {"n": 1}}], "c": {"new": 1}, "upsert": true, "upsertSupplied": true}]}';
    expect(rel(run(e, 'test', noDoc))).toBe(
      `{"n":0,"writeErrors":[{"index":0,"code":9,"errmsg":"the parameter 'upsertSupplied' is set to 'true', but no document was supplied"}],"nModified":0,"ok":1.0}`,
    );
    expect(contents(e)).toBe('[]');
  });
});

describe('projections', () => {
  test('an unknown $-operator in a projection is 31325, for find and findAndModify', () => {
    const e = engineWith('[{"_id": 1, "a": [1, 2]}]');
    const find = rel(run(e, 'test', '{"find": "c", "projection": {"a": {"$foo": 1}}}'));
    expect(find).toContain('"code":31325');
    expect(find).toContain('Unknown expression $foo');
    const fam = rel(run(e, 'test', '{"findAndModify": "c", "query": {"_id": 1}, "update": {"$set": {"x": 1}}, "fields": {"a": {"$foo": 1}}}'));
    expect(fam).toContain('"code":31325');
    // Parsed with the request: nothing was written.
    expect(contents(e)).toBe('[{"_id":1,"a":[1,2]}]');
  });

  test('findAndModify positional projection with remove and with update', () => {
    const e = engineWith('[{"_id": 1, "a": [1, 2, 3]}, {"_id": 2, "a": [4, 5]}]');
    expect(rel(run(e, 'test', '{"findAndModify": "c", "query": {"a": 2}, "remove": true, "fields": {"a.$": 1}}'))).toBe(
      '{"lastErrorObject":{"n":1},"value":{"_id":1,"a":[2]},"ok":1.0}',
    );
    expect(
      rel(run(e, 'test', '{"findAndModify": "c", "query": {"a": 5}, "update": {"$set": {"x": 1}}, "fields": {"a.$": 1}}')),
    ).toBe('{"lastErrorObject":{"n":1,"updatedExisting":true},"value":{"_id":2,"a":[5]},"ok":1.0}');
    // Returning the new document refuses it (get_executor.cpp makeProjection): the query need not
    // match the updated array any more.
    expect(
      rel(run(e, 'test', '{"findAndModify": "c", "query": {"a": 5}, "update": {"$set": {"y": 1}}, "new": true, "fields": {"a.$": 1}}')),
    ).toBe('{"ok":0.0,"errmsg":"cannot use a positional projection and return the new document","code":2,"codeName":"BadValue"}');
  });
});

describe('a null _id through every read path', () => {
  test('find, count and countDocuments all see it', () => {
    const e = engineWith('[{"_id": null, "n": 1}, {"_id": 1}]');
    const found = run(e, 'test', '{"find": "c", "filter": {"_id": {"$type": "null"}}}');
    expect(rel((found.get('cursor') as Map<string, never>).get('firstBatch')!)).toBe('[{"_id":null,"n":1}]');
    expect(rel(run(e, 'test', '{"count": "c", "query": {"_id": {"$type": "null"}}}'))).toBe('{"n":1,"ok":1.0}');
    const agg = run(
      e,
      'test',
      '{"aggregate": "c", "pipeline": [{"$match": {"_id": {"$type": "null"}}}, {"$group": {"_id": 1, "n": {"$sum": 1}}}], "cursor": {}}',
    );
    expect(rel((agg.get('cursor') as Map<string, never>).get('firstBatch')!)).toBe('[{"_id":1,"n":1}]');
  });
});

describe('explain executionStats of findAndModify', () => {
  const stages = (reply: Map<string, unknown>): Map<string, unknown> =>
    (reply.get('executionStats') as Map<string, unknown>).get('executionStages') as Map<string, unknown>;
  const pick = (m: Map<string, unknown>, keys: string[]): string =>
    keys.map((k) => `${k}=${String(m.get(k)?.valueOf())}`).join(' ');

  test('the UPDATE stage returns the document: nReturned 1, advanced 1, nothing written', () => {
    const e = engineWith('[{"_id": 1}]');
    const r = run(e, 'test', '{"explain": {"findAndModify": "c", "query": {"_id": 1}, "update": {"$set": {"x": 1}}}, "verbosity": "executionStats"}');
    const exec = r.get('executionStats') as Map<string, unknown>;
    expect(String(exec.get('nReturned')?.valueOf())).toBe('1');
    expect(pick(stages(r), ['stage', 'nReturned', 'works', 'advanced', 'needTime', 'nMatched', 'nWouldModify'])).toBe(
      'stage=UPDATE nReturned=1 works=2 advanced=1 needTime=0 nMatched=1 nWouldModify=1',
    );
    expect(contents(e)).toBe('[{"_id":1}]');
  });

  test('remove: the DELETE stage returns the document; no match returns nothing', () => {
    const e = engineWith('[{"_id": 1}]');
    const r = run(e, 'test', '{"explain": {"findAndModify": "c", "query": {"_id": 1}, "remove": true}, "verbosity": "executionStats"}');
    expect(pick(stages(r), ['stage', 'nReturned', 'advanced', 'nWouldDelete'])).toBe('stage=DELETE nReturned=1 advanced=1 nWouldDelete=1');
    const none = run(e, 'test', '{"explain": {"findAndModify": "c", "query": {"_id": 2}, "remove": true}, "verbosity": "executionStats"}');
    expect(pick(stages(none), ['nReturned', 'advanced', 'nWouldDelete'])).toBe('nReturned=0 advanced=0 nWouldDelete=0');
  });

  test('the update command still returns nothing from its UPDATE stage', () => {
    const e = engineWith('[{"_id": 1}]');
    const r = run(e, 'test', '{"explain": {"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$set": {"x": 1}}}]}, "verbosity": "executionStats"}');
    expect(pick(stages(r), ['nReturned', 'works', 'advanced', 'needTime'])).toBe('nReturned=0 works=2 advanced=0 needTime=1');
  });
});
