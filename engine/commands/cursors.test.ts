import { describe, expect, it } from 'vitest';
import type { Engine } from '../engine.js';
import { canon, ejson, run, testEngine } from './testing.js';

function seeded(): Engine {
  const engine = testEngine();
  run(engine, 't', '{"insert": "c", "documents": [{"_id": 1}, {"_id": 2}, {"_id": 3}, {"_id": 4}, {"_id": 5}]}');
  return engine;
}

describe('cursors (batchSize, getMore, killCursors)', () => {
  it('leaves the rest of a find in a cursor and serves it with getMore', () => {
    const engine = seeded();
    expect(ejson(run(engine, 't', '{"find": "c", "batchSize": 2}'))).toBe(
      canon('{"cursor": {"firstBatch": [{"_id": 1}, {"_id": 2}], "id": {"$numberLong": "1"}, "ns": "t.c"}, "ok": 1.0}'),
    );
    expect(ejson(run(engine, 't', '{"getMore": {"$numberLong": "1"}, "collection": "c", "batchSize": 2}'))).toBe(
      canon('{"cursor": {"nextBatch": [{"_id": 3}, {"_id": 4}], "id": {"$numberLong": "1"}, "ns": "t.c"}, "ok": 1.0}'),
    );
    expect(ejson(run(engine, 't', '{"getMore": {"$numberLong": "1"}, "collection": "c"}'))).toBe(
      canon('{"cursor": {"nextBatch": [{"_id": 5}], "id": {"$numberLong": "0"}, "ns": "t.c"}, "ok": 1.0}'),
    );
    expect(ejson(run(engine, 't', '{"getMore": {"$numberLong": "1"}, "collection": "c"}'))).toBe(
      canon('{"ok": 0.0, "errmsg": "cursor id 1 not found", "code": 43, "codeName": "CursorNotFound"}'),
    );
  });

  it('returns everything with cursor id 0 when the batch holds it all, or with singleBatch', () => {
    const engine = seeded();
    expect(ejson(run(engine, 't', '{"find": "c", "batchSize": 5}').get('cursor')!)).toContain(
      '"id":{"$numberLong":"0"}',
    );
    const single = run(engine, 't', '{"find": "c", "batchSize": 2, "singleBatch": true}');
    expect(ejson(single)).toBe(
      canon('{"cursor": {"firstBatch": [{"_id": 1}, {"_id": 2}], "id": {"$numberLong": "0"}, "ns": "t.c"}, "ok": 1.0}'),
    );
    expect(engine.catalog.cursors.size).toBe(0);
  });

  it('refuses getMore on another collection with 13', () => {
    const engine = seeded();
    run(engine, 't', '{"find": "c", "batchSize": 1}');
    expect(ejson(run(engine, 't', '{"getMore": {"$numberLong": "1"}, "collection": "d"}'))).toBe(
      canon(
        `{"ok": 0.0, "errmsg": "Requested getMore on namespace 't.d', but cursor belongs to a different namespace t.c", "code": 13, "codeName": "Unauthorized"}`,
      ),
    );
  });

  it('kills cursors and reports unknown ones', () => {
    const engine = seeded();
    run(engine, 't', '{"find": "c", "batchSize": 1}');
    expect(
      ejson(run(engine, 't', '{"killCursors": "c", "cursors": [{"$numberLong": "1"}, {"$numberLong": "9"}]}')),
    ).toBe(
      canon(`{"cursorsKilled": [{"$numberLong": "1"}], "cursorsNotFound": [{"$numberLong": "9"}],
        "cursorsAlive": [], "cursorsUnknown": [], "ok": 1.0}`),
    );
  });

  it('honours cursor.batchSize for aggregate and listIndexes', () => {
    const engine = seeded();
    expect(ejson(run(engine, 't', '{"aggregate": "c", "pipeline": [], "cursor": {"batchSize": 0}}'))).toBe(
      canon('{"cursor": {"firstBatch": [], "id": {"$numberLong": "1"}, "ns": "t.c"}, "ok": 1.0}'),
    );
    run(engine, 't', '{"createIndexes": "c", "indexes": [{"key": {"a": 1}}]}');
    const list = run(engine, 't', '{"listIndexes": "c", "cursor": {"batchSize": 1}}');
    expect(ejson((list.get('cursor') as Map<string, never>).get('id')!)).toBe(canon('{"$numberLong": "2"}'));
  });
});
