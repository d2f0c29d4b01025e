import { describe, expect, it } from 'vitest';
import { canon, ejson, run, testEngine } from './testing.js';

function firstBatch(reply: Map<string, unknown>): Map<string, unknown>[] {
  return (reply.get('cursor') as Map<string, never>).get('firstBatch')!;
}

describe('create / drop / listCollections / collMod / dropDatabase / listDatabases', () => {
  it('creates a collection and refuses to create it twice (48)', () => {
    const engine = testEngine();
    expect(ejson(run(engine, 'test', '{"create": "c"}'))).toBe(canon('{"ok": 1.0}'));
    expect(ejson(run(engine, 'test', '{"create": "c"}'))).toBe(
      canon('{"ok": 0.0, "errmsg": "Collection test.c already exists.", "code": 48, "codeName": "NamespaceExists"}'),
    );
  });

  it('lists collections with options, info and idIndex', () => {
    const engine = testEngine();
    run(engine, 'test', '{"create": "c", "validator": {"a": {"$exists": true}}, "validationLevel": "moderate"}');
    const reply = run(engine, 'test', '{"listCollections": 1}');
    const entry = firstBatch(reply)[0]!;
    expect([...entry.keys()]).toEqual(['name', 'type', 'options', 'info', 'idIndex']);
    expect(ejson(entry.get('options') as never)).toBe(
      canon('{"validator": {"a": {"$exists": true}}, "validationLevel": "moderate"}'),
    );
    expect(ejson(entry.get('idIndex') as never)).toBe(canon('{"v": 2, "key": {"_id": 1}, "name": "_id_"}'));
    expect(ejson((reply.get('cursor') as Map<string, never>).get('ns')!)).toBe(canon('"test.$cmd.listCollections"'));
  });

  it('lists names only, and filters by name', () => {
    const engine = testEngine();
    run(engine, 'test', '{"create": "a"}');
    run(engine, 'test', '{"create": "b"}');
    expect(
      ejson(
        firstBatch(run(engine, 'test', '{"listCollections": 1, "nameOnly": true, "filter": {"name": "b"}}')) as never,
      ),
    ).toBe(canon('[{"name": "b", "type": "collection"}]'));
  });

  it('shows the full collation in options and the idIndex', () => {
    const engine = testEngine();
    run(engine, 'test', '{"create": "c", "collation": {"locale": "fr"}}');
    const entry = firstBatch(run(engine, 'test', '{"listCollections": 1}'))[0]!;
    const collation = (entry.get('options') as Map<string, Map<string, unknown>>).get('collation')!;
    expect(collation.get('locale')).toBe('fr');
    expect(collation.get('version')).toBe('57.1');
    expect((entry.get('idIndex') as Map<string, unknown>).has('collation')).toBe(true);
  });

  it('rejects a bad validationLevel with 2', () => {
    expect(ejson(run(testEngine(), 'test', '{"create": "c", "validationLevel": "lax"}'))).toBe(
      canon(
        `{"ok": 0.0, "errmsg": "Enumeration value 'lax' for field 'create.validationLevel' is not a valid value.", "code": 2, "codeName": "BadValue"}`,
      ),
    );
  });

  it('drops a collection, reporting nIndexesWas and ns', () => {
    const engine = testEngine();
    run(engine, 'test', '{"insert": "c", "documents": [{}]}');
    expect(ejson(run(engine, 'test', '{"drop": "c"}'))).toBe(canon('{"nIndexesWas": 1, "ns": "test.c", "ok": 1.0}'));
    expect(ejson(run(engine, 'test', '{"drop": "c"}'))).toBe(canon('{"ok": 1.0}'));
    expect(engine.collectionNames('test')).toEqual([]);
  });

  it('changes validation with collMod and fails on a missing collection (26)', () => {
    const engine = testEngine();
    run(engine, 'test', '{"create": "c"}');
    expect(
      ejson(run(engine, 'test', '{"collMod": "c", "validator": {"a": {"$type": "int"}}, "validationAction": "error"}')),
    ).toBe(canon('{"ok": 1.0}'));
    const reply = run(engine, 'test', '{"insert": "c", "documents": [{"_id": 1, "a": "x"}]}');
    expect((reply.get('writeErrors') as Map<string, unknown>[])[0]!.get('code')!.valueOf()).toBe(121);
    expect(ejson(run(engine, 'test', '{"collMod": "nope", "validator": {}}'))).toBe(
      canon('{"ok": 0.0, "errmsg": "ns does not exist: test.nope", "code": 26, "codeName": "NamespaceNotFound"}'),
    );
  });

  it('drops a database and lists databases', () => {
    const engine = testEngine();
    run(engine, 'a', '{"insert": "c", "documents": [{}]}');
    run(engine, 'b', '{"insert": "c", "documents": [{}]}');
    expect(ejson(run(engine, 'admin', '{"listDatabases": 1, "nameOnly": true}'))).toBe(
      canon('{"databases": [{"name": "a"}, {"name": "b"}, {"name": "local"}], "ok": 1.0}'),
    );
    expect(ejson(run(engine, 'a', '{"dropDatabase": 1}'))).toBe(canon('{"dropped": "a", "ok": 1.0}'));
    expect(engine.databaseNames()).toEqual(['b', 'local']);
  });

  it('refuses invalid collection names with 73', () => {
    expect(run(testEngine(), 'test', '{"create": "a$b"}').get('code')!.valueOf()).toBe(73);
    expect(run(testEngine(), 'test', '{"insert": "system.x", "documents": [{}]}').get('code')!.valueOf()).toBe(73);
  });

  it('logs create and drop as command oplog entries on db.$cmd', () => {
    const engine = testEngine();
    run(engine, 'test', '{"create": "c"}');
    run(engine, 'test', '{"drop": "c"}');
    const [create, drop] = engine.oplogEntries();
    expect(create!.get('ns')).toBe('test.$cmd');
    expect(ejson(create!.get('o')!)).toBe(
      canon('{"create": "c", "idIndex": {"v": 2, "key": {"_id": 1}, "name": "_id_"}}'),
    );
    expect(ejson(drop!.get('o')!)).toBe(canon('{"drop": "c"}'));
  });

  it('renames a collection keeping documents, indexes and the UUID', () => {
    const engine = testEngine();
    run(engine, 'test', '{"insert": "a", "documents": [{"_id": 2}, {"_id": 1}]}');
    run(engine, 'test', '{"createIndexes": "a", "indexes": [{"key": {"x": 1}}]}');
    const uuid = engine.catalog.getCollection('test', 'a')!.uuid;
    expect(ejson(run(engine, 'admin', '{"renameCollection": "test.a", "to": "test.b"}'))).toBe(canon('{"ok": 1.0}'));
    expect(engine.collectionNames('test')).toEqual(['b']);
    expect(ejson(engine.documents('test', 'b'))).toBe(canon('[{"_id": 2}, {"_id": 1}]'));
    expect(engine.catalog.getCollection('test', 'b')!.uuid).toBe(uuid);
    expect(engine.catalog.getCollection('test', 'b')!.indexes.map((i) => i.name)).toEqual(['_id_', 'x_1']);
    const o = engine.oplogEntries().at(-1)!.get('o')!;
    expect(ejson(o)).toBe(canon('{"renameCollection": "test.a", "to": "test.b", "stayTemp": false}'));
  });

  it('refuses renames outside admin (13), of missing sources (26) and onto existing targets (48)', () => {
    const engine = testEngine();
    run(engine, 'test', '{"insert": "a", "documents": [{}]}');
    run(engine, 'test', '{"insert": "b", "documents": [{}]}');
    expect(run(engine, 'test', '{"renameCollection": "test.a", "to": "test.c"}').get('code')!.valueOf()).toBe(13);
    expect(ejson(run(engine, 'admin', '{"renameCollection": "test.x", "to": "test.c"}'))).toBe(
      canon(
        '{"ok": 0.0, "errmsg": "Source collection test.x does not exist", "code": 26, "codeName": "NamespaceNotFound"}',
      ),
    );
    expect(ejson(run(engine, 'admin', '{"renameCollection": "test.a", "to": "test.b"}'))).toBe(
      canon('{"ok": 0.0, "errmsg": "target namespace exists", "code": 48, "codeName": "NamespaceExists"}'),
    );
    expect(ejson(run(engine, 'admin', '{"renameCollection": "test.a", "to": "test.b", "dropTarget": true}'))).toBe(
      canon('{"ok": 1.0}'),
    );
    expect(engine.collectionNames('test')).toEqual(['b']);
  });
});
