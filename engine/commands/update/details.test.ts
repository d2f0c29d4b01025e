import { describe, expect, test } from 'vitest';
import { DetailsCollector } from './details.js';
import { runUpdate } from './command.js';
import { ej, testDb } from './test-support.js';

describe('playground details channel and dryRun', () => {
  test('the observer receives before/after, modified paths, array touches and the oplog per document', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "a": [1, 5, 2], "b": 0}, {"_id": 2, "a": [9]}]');
    const collector = new DetailsCollector();
    const reply = runUpdate(
      t.ctx(
        '{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$set": {"a.$[x]": 0}, "$inc": {"b": 1}}, "arrayFilters": [{"x": {"$gt": 3}}]}]}',
      ),
      { observer: collector },
    );
    expect(ej(reply)).toBe('{"n":1,"nModified":1,"ok":1.0}');
    expect(collector.statements).toHaveLength(1);
    const s = collector.statements[0]!;
    expect(s.plan).toEqual({ stage: 'IDHACK', indexName: '_id_', docsExamined: 1, keysExamined: 1 });
    expect(s.nMatched).toBe(1);
    expect(s.nModified).toBe(1);
    const doc = s.documents[0]!;
    expect(ej(doc.before)).toBe('{"_id":1,"a":[1,5,2],"b":0}');
    expect(ej(doc.after)).toBe('{"_id":1,"a":[1,0,2],"b":1}');
    expect(doc.modifiedPaths).toEqual(['a.1', 'b']);
    expect(doc.arrayTouches).toEqual([{ operator: 'x', path: 'a.1', changed: true }]);
    expect(ej(doc.oplog!)).toBe('{"$v":2,"diff":{"u":{"b":1},"sa":{"a":true,"u1":0}}}');
  });

  test('upsert details report where each field came from', () => {
    const t = testDb();
    t.seed('c', '[]');
    const collector = new DetailsCollector();
    runUpdate(
      t.ctx(
        '{"update": "c", "updates": [{"q": {"k": 1, "n": {"$gt": 0}}, "u": {"$set": {"s": 1}, "$setOnInsert": {"created": true}}, "upsert": true}]}',
      ),
      { observer: collector },
    );
    const u = collector.statements[0]!.upsert!;
    expect(ej(u.seed)).toBe('{"k":1}');
    expect(ej(u.doc)).toBe('{"_id":{"$oid":"000000000000000000000001"},"k":1,"created":true,"s":1}');
    expect([...u.origins]).toEqual([
      ['_id', 'generatedId'],
      ['k', 'query'],
      ['created', 'setOnInsert'],
      ['s', 'update'],
    ]);
  });

  test('a failing statement reports its error and the documents updated before it', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "v": 1}, {"_id": 2, "v": "x"}]');
    const collector = new DetailsCollector();
    runUpdate(t.ctx('{"update": "c", "updates": [{"q": {}, "u": {"$inc": {"v": 1}}, "multi": true}]}'), {
      observer: collector,
    });
    const s = collector.statements[0]!;
    expect(s.error?.code).toBe(14);
    expect(s.documents.map((x) => ej(x.after))).toEqual(['{"_id":1,"v":2}']);
  });

  test('dryRun computes the reply and details but commits nothing (no documents, no oplog, no collection)', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "v": 1}]');
    const before = t.oplogSize();
    const collector = new DetailsCollector();
    const reply = runUpdate(
      t.ctx(
        '{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$inc": {"v": 1}}}, {"q": {"_id": 2}, "u": {"$set": {"v": 0}}, "upsert": true}]}',
      ),
      { observer: collector, dryRun: true },
    );
    expect(ej(reply)).toBe('{"n":2,"upserted":[{"index":1,"_id":2}],"nModified":1,"ok":1.0}');
    expect(collector.statements.map((s) => ej(s.documents[0]?.after ?? s.upsert!.doc))).toEqual([
      '{"_id":1,"v":2}',
      '{"_id":2,"v":0}',
    ]);
    expect(t.contents('c')).toBe('[{"_id":1,"v":1}]');
    expect(t.oplogSize()).toBe(before);

    runUpdate(t.ctx('{"update": "fresh", "updates": [{"q": {"_id": 1}, "u": {"$set": {"v": 0}}, "upsert": true}]}'), {
      dryRun: true,
    });
    expect(t.catalog.getCollection('test', 'fresh')).toBeUndefined();
    expect(t.oplogSize()).toBe(before);
  });
});
