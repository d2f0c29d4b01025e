import { describe, expect, it } from 'vitest';
import type { Value } from '../bson/values.js';
import { canon, ejson, run, testEngine } from './testing.js';

describe('insert', () => {
  it('replies {n, ok} and stores documents with a generated ObjectId _id first', () => {
    const engine = testEngine();
    expect(ejson(run(engine, 't', '{"insert": "c", "documents": [{"b": 1, "0": 2}]}'))).toBe(
      canon('{"n": 1, "ok": 1.0}'),
    );
    expect(ejson(engine.documents('t', 'c'))).toBe(
      canon('[{"_id": {"$oid": "000000000000000000000001"}, "b": 1, "0": 2}]'),
    );
  });

  it('moves a given _id to the front, keeping the other fields in order', () => {
    const engine = testEngine();
    run(engine, 't', '{"insert": "c", "documents": [{"z": 1, "_id": 7, "10": 2, "a": 3}]}');
    expect(ejson(engine.documents('t', 'c'))).toBe(canon('[{"_id": 7, "z": 1, "10": 2, "a": 3}]'));
  });

  it('keeps natural (insertion) order', () => {
    const engine = testEngine();
    run(engine, 't', '{"insert": "c", "documents": [{"_id": 3}, {"_id": 1}, {"_id": 2}]}');
    expect(ejson(run(engine, 't', '{"find": "c"}'))).toBe(
      canon(
        '{"cursor": {"firstBatch": [{"_id": 3}, {"_id": 1}, {"_id": 2}], "id": {"$numberLong": "0"}, "ns": "t.c"}, "ok": 1.0}',
      ),
    );
  });

  it('refuses a duplicate _id with E11000, keyPattern and keyValue (ordered stops)', () => {
    const engine = testEngine();
    const reply = run(engine, 't', '{"insert": "c", "documents": [{"_id": 1}, {"_id": 1}, {"_id": 2}]}');
    expect(ejson(reply)).toBe(
      canon(
        '{"n": 1, "writeErrors": [{"index": 1, "code": 11000, "keyPattern": {"_id": 1}, "keyValue": {"_id": 1}, "errmsg": "E11000 duplicate key error collection: t.c index: _id_ dup key: { _id: 1 }"}], "ok": 1.0}',
      ),
    );
    expect(ejson(engine.documents('t', 'c'))).toBe(canon('[{"_id": 1}]'));
  });

  it('treats 1, 1.0 and NumberLong(1) as the same _id', () => {
    const engine = testEngine();
    const reply = run(
      engine,
      't',
      '{"insert": "c", "documents": [{"_id": 1}, {"_id": 1.0}, {"_id": {"$numberLong": "1"}}], "ordered": false}',
    );
    expect(reply.get('n')!.valueOf()).toBe(1);
    expect((reply.get('writeErrors') as unknown[]).length).toBe(2);
  });

  it('continues after failures with ordered: false', () => {
    const engine = testEngine();
    const reply = run(
      engine,
      't',
      '{"insert": "c", "documents": [{"_id": 1}, {"_id": 1}, {"_id": 2}], "ordered": false}',
    );
    expect(reply.get('n')!.valueOf()).toBe(2);
    expect(ejson(engine.documents('t', 'c'))).toBe(canon('[{"_id": 1}, {"_id": 2}]'));
  });

  it('refuses array, regex and undefined _id values with 53', () => {
    const engine = testEngine();
    const reply = run(
      engine,
      't',
      '{"insert": "c", "documents": [{"_id": [1]}, {"_id": {"$regularExpression": {"pattern": "a", "options": ""}}}, {"_id": {"$undefined": true}}], "ordered": false}',
    );
    expect(ejson(reply)).toBe(
      canon(`{"n": 0, "writeErrors": [
        {"index": 0, "code": 53, "errmsg": "The '_id' value cannot be of type array"},
        {"index": 1, "code": 53, "errmsg": "The '_id' value cannot be of type regex"},
        {"index": 2, "code": 53, "errmsg": "The '_id' value cannot be of type undefined"}], "ok": 1.0}`),
    );
  });

  it('refuses $-prefixed fields inside an _id document with 52', () => {
    const reply = run(testEngine(), 't', '{"insert": "c", "documents": [{"_id": {"$x": 1}}]}');
    expect(ejson(reply)).toBe(
      canon(
        `{"n": 0, "writeErrors": [{"index": 0, "code": 52, "errmsg": "_id fields may not contain '$'-prefixed fields: $x is not valid for storage."}], "ok": 1.0}`,
      ),
    );
  });

  it('fails an empty batch with 16', () => {
    expect(ejson(run(testEngine(), 't', '{"insert": "c", "documents": []}'))).toBe(
      canon(
        '{"ok": 0.0, "errmsg": "Write batch sizes must be between 1 and 100000. Got 0 operations.", "code": 16, "codeName": "InvalidLength"}',
      ),
    );
  });

  it('fails a non-document entry with 14', () => {
    expect(ejson(run(testEngine(), 't', '{"insert": "c", "documents": [1]}'))).toBe(
      canon(
        `{"ok": 0.0, "errmsg": "BSON field 'insert.documents.0' is the wrong type 'int', expected type 'object'", "code": 14, "codeName": "TypeMismatch"}`,
      ),
    );
  });

  it('refuses writes to the oplog', () => {
    const reply = run(testEngine(), 'local', '{"insert": "oplog.rs", "documents": [{"a": 1}]}');
    expect(reply.get('code')!.valueOf()).toBe(20);
  });

  it('writes an insert oplog entry per document in the server field order', () => {
    const engine = testEngine();
    run(engine, 't', '{"insert": "c", "documents": [{"_id": 1, "a": 1}]}');
    const entry = engine.oplogEntries().at(-1)!;
    expect([...entry.keys()]).toEqual(['op', 'ns', 'ui', 'o', 'o2', 'ts', 't', 'v', 'wall']);
    expect(ejson(entry.get('o')!)).toBe(canon('{"_id": 1, "a": 1}'));
    expect(ejson(entry.get('o2')!)).toBe(canon('{"_id": 1}'));
    expect(ejson(entry.get('t')!)).toBe(canon('{"$numberLong": "1"}'));
    expect(ejson(entry.get('v')!)).toBe(canon('{"$numberLong": "2"}'));
    expect(ejson(entry.get('wall')!)).toBe(canon('{"$date": {"$numberLong": "1704067200000"}}'));
  });

  it('gives oplog entries strictly increasing timestamps', () => {
    const engine = testEngine();
    run(engine, 't', '{"insert": "c", "documents": [{"_id": 1}, {"_id": 2}]}');
    const ts = engine.oplogEntries().map((e) => ejson(e.get('ts')!));
    expect(ts).toEqual([
      canon('{"$timestamp": {"t": 1704067200, "i": 1}}'),
      canon('{"$timestamp": {"t": 1704067200, "i": 2}}'),
      canon('{"$timestamp": {"t": 1704067200, "i": 3}}'),
    ]);
  });
});

describe('insert limits', () => {
  it('refuses a document over 16 MiB with code 2', () => {
    const engine = testEngine();
    const big = new Map<string, Value>([['s', 'x'.repeat(16 * 1024 * 1024)]]);
    const reply = engine.runCommand(
      't',
      new Map<string, Value>([
        ['insert', 'c'],
        ['documents', [big]],
      ]),
    );
    const err = (reply.get('writeErrors') as Map<string, Value>[])[0]!;
    expect(err.get('code')!.valueOf()).toBe(2);
    expect(err.get('errmsg')).toBe('object to insert too large. size in bytes: 16777229, max size: 16777216');
  });

  it('refuses a document nested deeper than 180 levels with code 15', () => {
    let d: Value = new Map<string, Value>([['a', 1]]);
    for (let i = 0; i < 180; i++) d = new Map<string, Value>([['a', d]]);
    const reply = testEngine().runCommand(
      't',
      new Map<string, Value>([
        ['insert', 'c'],
        ['documents', [d]],
      ]),
    );
    const err = (reply.get('writeErrors') as Map<string, Value>[])[0]!;
    expect(err.get('errmsg')).toBe('cannot insert document because it exceeds 180 levels of nesting');
  });
});
