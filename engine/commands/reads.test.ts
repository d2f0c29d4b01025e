import { describe, expect, it } from 'vitest';
import { canon, ejson, run, testEngine } from './testing.js';
import type { Engine } from '../engine.js';

function seeded(): Engine {
  const engine = testEngine();
  run(
    engine,
    't',
    `{"insert": "c", "documents": [
      {"_id": 1, "a": 5, "s": "b", "tags": ["x", "y"]},
      {"_id": 2, "a": 1, "s": "A"},
      {"_id": 3, "a": 3, "s": "a", "tags": ["y"]},
      {"_id": 4, "s": "c"}]}`,
  );
  return engine;
}

function batch(reply: Map<string, unknown>): string {
  return ejson((reply.get('cursor') as Map<string, never>).get('firstBatch')!);
}

describe('find', () => {
  it('replies with a cursor {firstBatch, id: Long(0), ns}', () => {
    expect(ejson(run(seeded(), 't', '{"find": "c", "filter": {"_id": 2}}'))).toBe(
      canon(
        '{"cursor": {"firstBatch": [{"_id": 2, "a": 1, "s": "A"}], "id": {"$numberLong": "0"}, "ns": "t.c"}, "ok": 1.0}',
      ),
    );
  });

  it('returns an empty batch for a missing collection', () => {
    expect(ejson(run(testEngine(), 't', '{"find": "nope"}'))).toBe(
      canon('{"cursor": {"firstBatch": [], "id": {"$numberLong": "0"}, "ns": "t.nope"}, "ok": 1.0}'),
    );
  });

  it('filters with query operators, including array element matching', () => {
    expect(batch(run(seeded(), 't', '{"find": "c", "filter": {"a": {"$gte": 3}}, "projection": {"_id": 1}}'))).toBe(
      canon('[{"_id": 1}, {"_id": 3}]'),
    );
    expect(batch(run(seeded(), 't', '{"find": "c", "filter": {"tags": "y"}, "projection": {"_id": 1}}'))).toBe(
      canon('[{"_id": 1}, {"_id": 3}]'),
    );
  });

  it('sorts, skips and limits', () => {
    expect(
      batch(run(seeded(), 't', '{"find": "c", "sort": {"a": -1}, "skip": 1, "limit": 2, "projection": {"a": 1}}')),
    ).toBe(canon('[{"_id": 3, "a": 3}, {"_id": 2, "a": 1}]'));
  });

  it('applies a collation to filter and sort', () => {
    expect(
      batch(
        run(
          seeded(),
          't',
          '{"find": "c", "filter": {"s": "a"}, "collation": {"locale": "en", "strength": 2}, "projection": {"_id": 1}}',
        ),
      ),
    ).toBe(canon('[{"_id": 2}, {"_id": 3}]'));
  });

  it('applies positional and $elemMatch projections', () => {
    expect(batch(run(seeded(), 't', '{"find": "c", "filter": {"tags": "y"}, "projection": {"tags.$": 1}}'))).toBe(
      canon('[{"_id": 1, "tags": ["y"]}, {"_id": 3, "tags": ["y"]}]'),
    );
  });

  it('fails an unknown hint with code 2', () => {
    const reply = run(seeded(), 't', '{"find": "c", "filter": {"a": 1}, "hint": "nope_1"}');
    expect(reply.get('code')!.valueOf()).toBe(2);
    expect(reply.get('errmsg')).toBe(
      'error processing query: ns=t.cTree: a $eq 1\nSort: {}\nProj: {}\n planner returned error :: caused by :: hint provided does not correspond to an existing index',
    );
  });

  it('accepts a hint naming an existing index by name or key pattern', () => {
    const engine = seeded();
    run(engine, 't', '{"createIndexes": "c", "indexes": [{"key": {"a": 1}}]}');
    expect(
      batch(run(engine, 't', '{"find": "c", "filter": {"a": {"$gt": 0}}, "hint": "a_1", "projection": {"_id": 1}}')),
    ).toBe(canon('[{"_id": 2}, {"_id": 3}, {"_id": 1}]'));
    expect(batch(run(engine, 't', '{"find": "c", "hint": {"a": 1}, "projection": {"_id": 1}}'))).toBe(
      canon('[{"_id": 4}, {"_id": 2}, {"_id": 3}, {"_id": 1}]'),
    );
  });

  it('evaluates let variables once and reads them in $expr', () => {
    expect(
      batch(
        run(
          seeded(),
          't',
          '{"find": "c", "filter": {"$expr": {"$eq": ["$a", "$$x"]}}, "let": {"x": {"$add": [2, 3]}}, "projection": {"_id": 1}}',
        ),
      ),
    ).toBe(canon('[{"_id": 1}]'));
  });

  it('fails a negative limit with 51024', () => {
    expect(ejson(run(seeded(), 't', '{"find": "c", "limit": -1}'))).toBe(
      canon(
        `{"ok": 0.0, "errmsg": "BSON field 'limit' value must be >= 0, actual value '-1'", "code": 51024, "codeName": "Location51024"}`,
      ),
    );
  });

  it('reports query parse errors as command errors', () => {
    const reply = run(seeded(), 't', '{"find": "c", "filter": {"a": {"$foo": 1}}}');
    expect(reply.get('ok')).toBe(0);
    expect(reply.get('code')!.valueOf()).toBe(2);
  });

  it('reads the oplog as local.oplog.rs (on a replica set; a standalone has none)', () => {
    const engine = seeded();
    run(engine, 'admin', '{"configureDeployment": 1, "topology": "replicaset"}');
    const reply = run(
      engine,
      'local',
      '{"find": "oplog.rs", "filter": {"op": "i"}, "projection": {"_id": 0, "op": 1, "o2": 1}}',
    );
    expect(batch(reply)).toBe(
      canon(
        '[{"op": "i", "o2": {"_id": 1}}, {"op": "i", "o2": {"_id": 2}}, {"op": "i", "o2": {"_id": 3}}, {"op": "i", "o2": {"_id": 4}}]',
      ),
    );
  });

  it('getMore on an exhausted cursor fails with 43', () => {
    expect(ejson(run(seeded(), 't', '{"getMore": {"$numberLong": "5"}, "collection": "c"}'))).toBe(
      canon('{"ok": 0.0, "errmsg": "cursor id 5 not found", "code": 43, "codeName": "CursorNotFound"}'),
    );
  });
});

describe('delete', () => {
  it('deletes the first match with limit 1 and all matches with limit 0', () => {
    const engine = seeded();
    expect(ejson(run(engine, 't', '{"delete": "c", "deletes": [{"q": {"a": {"$exists": true}}, "limit": 1}]}'))).toBe(
      canon('{"n": 1, "ok": 1.0}'),
    );
    expect(ejson(engine.documents('t', 'c').map((d) => d.get('_id')!))).toBe(canon('[2, 3, 4]'));
    expect(ejson(run(engine, 't', '{"delete": "c", "deletes": [{"q": {}, "limit": 0}]}'))).toBe(
      canon('{"n": 3, "ok": 1.0}'),
    );
    expect(engine.documents('t', 'c')).toEqual([]);
  });

  it('writes a delete oplog entry {op: "d", o: {_id}}', () => {
    const engine = seeded();
    run(engine, 't', '{"delete": "c", "deletes": [{"q": {"_id": 2}, "limit": 1}]}');
    const e = engine.oplogEntries().at(-1)!;
    expect(e.get('op')).toBe('d');
    expect(ejson(e.get('o')!)).toBe(canon('{"_id": 2}'));
  });

  it('rejects a limit other than 0 or 1 with 9', () => {
    expect(ejson(run(seeded(), 't', '{"delete": "c", "deletes": [{"q": {}, "limit": 2}]}'))).toBe(
      canon(
        '{"ok": 0.0, "errmsg": "The limit field in delete objects must be 0 or 1. Got 2", "code": 9, "codeName": "FailedToParse"}',
      ),
    );
  });

  it('rejects unknown statement fields with 40415', () => {
    expect(ejson(run(seeded(), 't', '{"delete": "c", "deletes": [{"q": {}, "limit": 0, "x": 1}]}'))).toBe(
      canon(
        `{"ok": 0.0, "errmsg": "BSON field 'delete.deletes.x' is an unknown field.", "code": 40415, "codeName": "IDLUnknownField"}`,
      ),
    );
  });
});

describe('count, distinct, aggregate', () => {
  it('counts matches with skip and limit', () => {
    expect(ejson(run(seeded(), 't', '{"count": "c", "query": {"a": {"$exists": true}}}'))).toBe(
      canon('{"n": 3, "ok": 1.0}'),
    );
    expect(ejson(run(seeded(), 't', '{"count": "c", "skip": 1, "limit": 2}'))).toBe(canon('{"n": 2, "ok": 1.0}'));
    expect(ejson(run(testEngine(), 't', '{"count": "nope"}'))).toBe(canon('{"n": 0, "ok": 1.0}'));
  });

  it('lists distinct values, flattening arrays', () => {
    expect(ejson(run(seeded(), 't', '{"distinct": "c", "key": "tags"}'))).toBe(
      canon('{"values": ["x", "y"], "ok": 1.0}'),
    );
    expect(
      ejson(run(seeded(), 't', '{"distinct": "c", "key": "s", "collation": {"locale": "en", "strength": 1}}')),
    ).toBe(canon('{"values": ["A", "b", "c"], "ok": 1.0}'));
  });

  it('runs the countDocuments pipeline', () => {
    expect(
      ejson(
        run(
          seeded(),
          't',
          '{"aggregate": "c", "pipeline": [{"$match": {"a": {"$gt": 1}}}, {"$group": {"_id": 1, "n": {"$sum": 1}}}], "cursor": {}}',
        ),
      ),
    ).toBe(
      canon('{"cursor": {"firstBatch": [{"_id": 1, "n": 2}], "id": {"$numberLong": "0"}, "ns": "t.c"}, "ok": 1.0}'),
    );
  });

  it('groups by an expression with several accumulators', () => {
    const reply = run(
      seeded(),
      't',
      `{"aggregate": "c", "cursor": {}, "pipeline": [
        {"$group": {"_id": {"$gt": ["$a", 2]}, "n": {"$count": {}}, "total": {"$sum": "$a"}, "ids": {"$push": "$_id"}, "top": {"$max": "$s"}}},
        {"$sort": {"_id": 1}}]}`,
    );
    expect(batch(reply)).toBe(
      canon(`[{"_id": false, "n": 2, "total": 1, "ids": [2, 4], "top": "c"},
              {"_id": true, "n": 2, "total": 8, "ids": [1, 3], "top": "b"}]`),
    );
  });

  it('runs the update-pipeline stages and $count', () => {
    const reply = run(
      seeded(),
      't',
      '{"aggregate": "c", "cursor": {}, "pipeline": [{"$match": {"a": {"$gte": 3}}}, {"$set": {"b": {"$multiply": ["$a", 2]}}}, {"$project": {"b": 1}}]}',
    );
    expect(batch(reply)).toBe(canon('[{"_id": 1, "b": 10}, {"_id": 3, "b": 6}]'));
    expect(batch(run(seeded(), 't', '{"aggregate": "c", "cursor": {}, "pipeline": [{"$count": "n"}]}'))).toBe(
      canon('[{"n": 4}]'),
    );
  });

  it('replaces a collection with $out, or changes nothing when a document is refused', () => {
    const engine = seeded();
    run(engine, 't', '{"insert": "out", "documents": [{"_id": 9}]}');
    const reply = run(
      engine,
      't',
      '{"aggregate": "c", "cursor": {}, "pipeline": [{"$match": {"a": {"$gt": 1}}}, {"$project": {"a": 1}}, {"$out": "out"}]}',
    );
    expect(ejson(reply)).toBe(
      canon('{"cursor": {"firstBatch": [], "id": {"$numberLong": "0"}, "ns": "t.c"}, "ok": 1.0}'),
    );
    expect(ejson(engine.documents('t', 'out'))).toBe(canon('[{"_id": 1, "a": 5}, {"_id": 3, "a": 3}]'));
    const dup = run(
      engine,
      't',
      '{"aggregate": "c", "cursor": {}, "pipeline": [{"$project": {"_id": 0, "a": 1}}, {"$set": {"_id": 1}}, {"$out": "out"}]}',
    );
    expect(dup.get('code')!.valueOf()).toBe(11000);
    expect(ejson(engine.documents('t', 'out'))).toBe(canon('[{"_id": 1, "a": 5}, {"_id": 3, "a": 3}]'));
    expect(
      run(engine, 't', '{"aggregate": "c", "cursor": {}, "pipeline": [{"$out": "x"}, {"$match": {}}]}')
        .get('code')!
        .valueOf(),
    ).toBe(40601);
  });

  it('runs collection-less pipelines: $documents and $listLocalSessions', () => {
    const engine = seeded();
    expect(
      batch(
        run(
          engine,
          't',
          '{"aggregate": 1, "cursor": {}, "pipeline": [{"$documents": [{"x": 1}, {"x": 2}]}, {"$match": {"x": 2}}]}',
        ),
      ),
    ).toBe(canon('[{"x": 2}]'));
    run(
      engine,
      't',
      '{"ping": 1, "lsid": {"id": {"$binary": {"base64": "AAAAAAAAAAAAAAAAAAAAAA==", "subType": "04"}}}}',
    );
    const sessions = run(
      engine,
      'admin',
      '{"aggregate": 1, "cursor": {}, "pipeline": [{"$listLocalSessions": {}}, {"$limit": 1}, {"$project": {"_id": 0, "lastUse": 1}}]}',
    );
    expect(batch(sessions)).toBe(canon('[{"lastUse": {"$date": {"$numberLong": "1704067200000"}}}]'));
    expect(
      run(engine, 't', '{"aggregate": 1, "cursor": {}, "pipeline": [{"$match": {}}]}').get('code')!.valueOf(),
    ).toBe(73);
  });

  it('rejects unknown stages with 40324', () => {
    expect(ejson(run(seeded(), 't', '{"aggregate": "c", "cursor": {}, "pipeline": [{"$frob": {}}]}'))).toBe(
      canon(
        `{"ok": 0.0, "errmsg": "Unrecognized pipeline stage name: '$frob'", "code": 40324, "codeName": "Location40324"}`,
      ),
    );
  });

  it('requires the cursor option for aggregate', () => {
    expect(run(seeded(), 't', '{"aggregate": "c", "pipeline": []}').get('code')!.valueOf()).toBe(9);
  });
});
