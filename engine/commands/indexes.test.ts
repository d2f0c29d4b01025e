import { describe, expect, it } from 'vitest';
import { canon, ejson, run, testEngine } from './testing.js';

describe('createIndexes / listIndexes / dropIndexes', () => {
  it('creates an index with the default name and reports counts', () => {
    const engine = testEngine();
    run(engine, 't', '{"insert": "c", "documents": [{"_id": 1}]}');
    expect(ejson(run(engine, 't', '{"createIndexes": "c", "indexes": [{"key": {"a": 1, "b": -1}}]}'))).toBe(
      canon('{"numIndexesBefore": 1, "numIndexesAfter": 2, "createdCollectionAutomatically": false, "ok": 1.0}'),
    );
    expect(ejson(run(engine, 't', '{"listIndexes": "c"}'))).toBe(
      canon(`{"cursor": {"id": {"$numberLong": "0"}, "ns": "t.c", "firstBatch": [
        {"v": 2, "key": {"_id": 1}, "name": "_id_"},
        {"v": 2, "key": {"a": 1, "b": -1}, "name": "a_1_b_-1"}]}, "ok": 1.0}`),
    );
  });

  it('creates the collection automatically', () => {
    const engine = testEngine();
    expect(ejson(run(engine, 't', '{"createIndexes": "c", "indexes": [{"key": {"a": 1}, "name": "a"}]}'))).toBe(
      canon('{"numIndexesBefore": 1, "numIndexesAfter": 2, "createdCollectionAutomatically": true, "ok": 1.0}'),
    );
  });

  it('notes when all indexes already exist', () => {
    const engine = testEngine();
    run(engine, 't', '{"createIndexes": "c", "indexes": [{"key": {"a": 1}}]}');
    expect(ejson(run(engine, 't', '{"createIndexes": "c", "indexes": [{"key": {"a": 1}}]}'))).toBe(
      canon('{"numIndexesBefore": 2, "numIndexesAfter": 2, "note": "all indexes already exist", "ok": 1.0}'),
    );
  });

  it('treats {_id: 1} as the existing _id index', () => {
    const engine = testEngine();
    run(engine, 't', '{"create": "c"}');
    expect(ejson(run(engine, 't', '{"createIndexes": "c", "indexes": [{"key": {"_id": 1}, "name": "_id_"}]}'))).toBe(
      canon('{"numIndexesBefore": 1, "numIndexesAfter": 1, "note": "all indexes already exist", "ok": 1.0}'),
    );
    expect(
      run(engine, 't', '{"createIndexes": "c", "indexes": [{"key": {"_id": 1}, "name": "other"}]}').get('errmsg'),
    ).toBe('Index already exists with a different name: _id_');
  });

  it('refuses the same key under another name with 85', () => {
    const engine = testEngine();
    run(engine, 't', '{"createIndexes": "c", "indexes": [{"key": {"x": 1}, "name": "x_1"}]}');
    expect(ejson(run(engine, 't', '{"createIndexes": "c", "indexes": [{"key": {"x": 1}, "name": "x_2"}]}'))).toBe(
      canon(
        '{"ok": 0.0, "errmsg": "Index already exists with a different name: x_1", "code": 85, "codeName": "IndexOptionsConflict"}',
      ),
    );
  });

  it('refuses the same name with another key with 86', () => {
    const engine = testEngine();
    run(engine, 't', '{"createIndexes": "c", "indexes": [{"key": {"x": 1}, "name": "x_1"}]}');
    const reply = run(engine, 't', '{"createIndexes": "c", "indexes": [{"key": {"x": -1}, "name": "x_1"}]}');
    expect(reply.get('code')!.valueOf()).toBe(86);
    expect(reply.get('errmsg')).toBe(
      'An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: { v: 2, key: { x: -1 }, name: "x_1" }, existing index: { v: 2, key: { x: 1 }, name: "x_1" }',
    );
  });

  it('refuses unknown index options with 197', () => {
    const reply = run(testEngine(), 't', '{"createIndexes": "c", "indexes": [{"key": {"x": 1}, "foo": 1}]}');
    expect(ejson(reply)).toBe(
      canon(
        `{"ok": 0.0, "errmsg": "The field 'foo' is not valid for an index specification. Specification: { key: { x: 1 }, foo: 1 }", "code": 197, "codeName": "InvalidIndexSpecificationOption"}`,
      ),
    );
  });

  it('fails a unique build over duplicates with 11000 and builds nothing', () => {
    const engine = testEngine();
    run(engine, 't', '{"insert": "c", "documents": [{"_id": 1, "a": 1}, {"_id": 2, "a": 1}]}');
    const reply = run(engine, 't', '{"createIndexes": "c", "indexes": [{"key": {"a": 1}, "unique": true}]}');
    expect(ejson(reply)).toBe(
      canon(
        '{"ok": 0.0, "errmsg": "E11000 duplicate key error collection: t.c index: a_1 dup key: { a: 1 }", "code": 11000, "codeName": "DuplicateKey", "keyPattern": {"a": 1}, "keyValue": {"a": 1}}',
      ),
    );
    expect(
      (run(engine, 't', '{"listIndexes": "c"}').get('cursor') as Map<string, unknown[]>).get('firstBatch')!.length,
    ).toBe(1);
  });

  it('enforces unique indexes on insert with the server message, keyPattern and keyValue', () => {
    const engine = testEngine();
    run(engine, 't', '{"createIndexes": "c", "indexes": [{"key": {"name": 1}, "name": "name_1", "unique": true}]}');
    run(engine, 't', '{"insert": "c", "documents": [{"_id": 1, "name": "x"}]}');
    expect(ejson(run(engine, 't', '{"insert": "c", "documents": [{"_id": 2, "name": "x"}]}'))).toBe(
      canon(
        '{"n": 0, "writeErrors": [{"index": 0, "code": 11000, "keyPattern": {"name": 1}, "keyValue": {"name": "x"}, "errmsg": "E11000 duplicate key error collection: t.c index: name_1 dup key: { name: \\"x\\" }"}], "ok": 1.0}',
      ),
    );
  });

  it('renders compound keys and treats missing fields as null in unique indexes', () => {
    const engine = testEngine();
    run(engine, 't', '{"createIndexes": "c", "indexes": [{"key": {"a": 1, "b": 1}, "unique": true}]}');
    run(engine, 't', '{"insert": "c", "documents": [{"_id": 1, "a": 1}]}');
    const reply = run(engine, 't', '{"insert": "c", "documents": [{"_id": 2, "a": 1, "b": null}]}');
    const err = (reply.get('writeErrors') as Map<string, unknown>[])[0]!;
    expect(err.get('errmsg')).toBe(
      'E11000 duplicate key error collection: t.c index: a_1_b_1 dup key: { a: 1, b: null }',
    );
    expect(ejson(err.get('keyValue') as never)).toBe(canon('{"a": 1, "b": null}'));
  });

  it('lets sparse unique indexes skip documents without the field', () => {
    const engine = testEngine();
    run(engine, 't', '{"createIndexes": "c", "indexes": [{"key": {"a": 1}, "unique": true, "sparse": true}]}');
    expect(ejson(run(engine, 't', '{"insert": "c", "documents": [{"_id": 1}, {"_id": 2}]}'))).toBe(
      canon('{"n": 2, "ok": 1.0}'),
    );
  });

  it('indexes each array element (multikey) for uniqueness', () => {
    const engine = testEngine();
    run(engine, 't', '{"createIndexes": "c", "indexes": [{"key": {"tags": 1}, "unique": true}]}');
    run(engine, 't', '{"insert": "c", "documents": [{"_id": 1, "tags": ["a", "b"]}]}');
    const reply = run(engine, 't', '{"insert": "c", "documents": [{"_id": 2, "tags": ["c", "b"]}]}');
    expect((reply.get('writeErrors') as Map<string, unknown>[])[0]!.get('errmsg')).toBe(
      'E11000 duplicate key error collection: t.c index: tags_1 dup key: { tags: "b" }',
    );
  });

  it('enforces partial unique indexes only on matching documents', () => {
    const engine = testEngine();
    run(
      engine,
      't',
      '{"createIndexes": "c", "indexes": [{"key": {"a": 1}, "unique": true, "partialFilterExpression": {"b": {"$gt": 0}}}]}',
    );
    expect(
      ejson(
        run(
          engine,
          't',
          '{"insert": "c", "documents": [{"_id": 1, "a": 1, "b": 0}, {"_id": 2, "a": 1, "b": 0}, {"_id": 3, "a": 1, "b": 1}]}',
        ),
      ),
    ).toBe(canon('{"n": 3, "ok": 1.0}'));
    expect(run(engine, 't', '{"insert": "c", "documents": [{"_id": 4, "a": 1, "b": 5}]}').has('writeErrors')).toBe(
      true,
    );
  });

  it('refuses parallel arrays in a compound index with 171', () => {
    const engine = testEngine();
    run(engine, 't', '{"createIndexes": "c", "indexes": [{"key": {"a": 1, "b": 1}}]}');
    const reply = run(engine, 't', '{"insert": "c", "documents": [{"_id": 1, "a": [1], "b": [2]}]}');
    const err = (reply.get('writeErrors') as Map<string, unknown>[])[0]!;
    expect(err.get('code')!.valueOf()).toBe(171);
    expect(err.get('errmsg')).toBe('cannot index parallel arrays [b] [a]');
  });

  it('adds the collation segment to duplicate key messages of collated indexes', () => {
    const engine = testEngine();
    run(
      engine,
      't',
      '{"createIndexes": "c", "indexes": [{"key": {"a": 1}, "unique": true, "collation": {"locale": "en", "strength": 2}}]}',
    );
    run(engine, 't', '{"insert": "c", "documents": [{"_id": 1, "a": "x"}]}');
    const reply = run(engine, 't', '{"insert": "c", "documents": [{"_id": 2, "a": "X"}]}');
    const err = (reply.get('writeErrors') as Map<string, unknown>[])[0]!;
    expect(err.get('errmsg')).toMatch(
      /^E11000 duplicate key error collection: t\.c index: a_1 collation: \{ locale: "en", .*strength: 2.* \} dup key: \{ a: "X" \}$/,
    );
  });

  it('drops indexes by name, key pattern and "*"', () => {
    const engine = testEngine();
    run(engine, 't', '{"createIndexes": "c", "indexes": [{"key": {"a": 1}}, {"key": {"b": 1}}, {"key": {"c": 1}}]}');
    expect(ejson(run(engine, 't', '{"dropIndexes": "c", "index": "a_1"}'))).toBe(
      canon('{"nIndexesWas": 4, "ok": 1.0}'),
    );
    expect(ejson(run(engine, 't', '{"dropIndexes": "c", "index": {"b": 1}}'))).toBe(
      canon('{"nIndexesWas": 3, "ok": 1.0}'),
    );
    expect(ejson(run(engine, 't', '{"dropIndexes": "c", "index": "*"}'))).toBe(canon('{"nIndexesWas": 2, "ok": 1.0}'));
    expect(ejson(run(engine, 't', '{"dropIndexes": "c", "index": "nope"}'))).toBe(
      canon('{"ok": 0.0, "errmsg": "index not found with name [nope]", "code": 27, "codeName": "IndexNotFound"}'),
    );
    expect(ejson(run(engine, 't', '{"dropIndexes": "c", "index": "_id_"}'))).toBe(
      canon('{"ok": 0.0, "errmsg": "cannot drop _id index", "code": 72, "codeName": "InvalidOptions"}'),
    );
  });

  it('fails listIndexes on a missing collection with 26', () => {
    expect(ejson(run(testEngine(), 't', '{"listIndexes": "nope"}'))).toBe(
      canon('{"ok": 0.0, "errmsg": "ns does not exist: t.nope", "code": 26, "codeName": "NamespaceNotFound"}'),
    );
  });
});
