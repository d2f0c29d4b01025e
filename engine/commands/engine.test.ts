import { describe, expect, it } from 'vitest';
import { Engine } from '../engine.js';
import { canon, ejson, run, testEngine } from './testing.js';

describe('Engine.runCommand', () => {
  it('answers ping with {ok: 1.0}', () => {
    expect(ejson(run(testEngine(), 'admin', '{"ping": 1}'))).toBe(canon('{"ok": 1.0}'));
  });

  it('fails an unknown command with 59 CommandNotFound', () => {
    expect(ejson(run(testEngine(), 'test', '{"frobnicate": "c"}'))).toBe(
      canon(`{"ok": 0.0, "errmsg": "no such command: 'frobnicate'", "code": 59, "codeName": "CommandNotFound"}`),
    );
  });

  it('treats command names case-sensitively', () => {
    expect(ejson(run(testEngine(), 'test', '{"Find": "c"}'))).toBe(
      canon(`{"ok": 0.0, "errmsg": "no such command: 'Find'", "code": 59, "codeName": "CommandNotFound"}`),
    );
  });

  it('fails an unknown field with 40415', () => {
    expect(ejson(run(testEngine(), 'test', '{"find": "c", "foo": 1}'))).toBe(
      canon(
        `{"ok": 0.0, "errmsg": "BSON field 'find.foo' is an unknown field.", "code": 40415, "codeName": "IDLUnknownField"}`,
      ),
    );
  });

  it('fails a wrongly typed field with 14 TypeMismatch', () => {
    expect(ejson(run(testEngine(), 'test', '{"insert": "c", "documents": [{}], "ordered": "yes"}'))).toBe(
      canon(
        `{"ok": 0.0, "errmsg": "BSON field 'insert.ordered' is the wrong type 'string', expected type 'bool'", "code": 14, "codeName": "TypeMismatch"}`,
      ),
    );
  });

  it('names several accepted types the way the server quotes them', () => {
    expect(ejson(run(testEngine(), 'test', '{"find": "c", "hint": 1}'))).toBe(
      canon(
        `{"ok": 0.0, "errmsg": "BSON field 'find.hint' is the wrong type 'int', expected types '[string, object']", "code": 14, "codeName": "TypeMismatch"}`,
      ),
    );
  });

  it('fails a missing required field with 40414', () => {
    expect(ejson(run(testEngine(), 'test', '{"insert": "c"}'))).toBe(
      canon(
        `{"ok": 0.0, "errmsg": "BSON field 'insert.documents' is missing but a required field", "code": 40414, "codeName": "IDLFailedToParse"}`,
      ),
    );
  });

  it('accepts generic arguments (comment, lsid, writeConcern, $db) on every command', () => {
    const reply = run(
      testEngine(),
      'test',
      '{"insert": "c", "documents": [{"_id": 1}], "comment": "hi", "lsid": {"id": 1}, "writeConcern": {"w": 1}, "maxTimeMS": 100, "$db": "test"}',
    );
    expect(ejson(reply)).toBe(canon('{"n": 1, "ok": 1.0}'));
  });

  it('takes the database from $db and ignores $db as a command name, wherever it is', () => {
    const engine = testEngine();
    run(engine, 'ignored', '{"$db": "other", "insert": "c", "documents": [{"_id": 1}]}');
    expect(engine.collectionNames('other')).toEqual(['c']);
    expect(engine.collectionNames('ignored')).toEqual([]);
  });

  it('records commands with their comment in the recent-operations log', () => {
    const engine = testEngine();
    run(engine, 'test', '{"find": "c", "comment": "look here"}');
    const last = engine.recentOperations().at(-1)!;
    expect(last).toMatchObject({ kind: 'command', command: 'find', ns: 'test.c', comment: 'look here' });
  });

  it('turns unexpected exceptions into InternalError replies instead of throwing', () => {
    const engine = testEngine();
    engine.catalog.getCollection = () => {
      throw new TypeError('boom');
    };
    expect(ejson(run(engine, 'test', '{"find": "c"}'))).toBe(
      canon('{"ok": 0.0, "errmsg": "boom", "code": 1, "codeName": "InternalError"}'),
    );
    expect(() => new Engine().runCommand('test', 42 as never)).not.toThrow();
  });

  it('refuses invalid database names with 73', () => {
    expect(ejson(run(testEngine(), 'a.b', '{"find": "c"}'))).toBe(
      canon(`{"ok": 0.0, "errmsg": "Invalid database name: 'a.b'", "code": 73, "codeName": "InvalidNamespace"}`),
    );
  });

  it('refuses readConcern snapshot outside a transaction except on reads', () => {
    const engine = testEngine();
    const insert = run(engine, 't', '{"insert": "c", "documents": [{}], "readConcern": {"level": "snapshot"}}');
    expect(insert.get('code')!.valueOf()).toBe(72);
    expect(run(engine, 't', '{"find": "c", "readConcern": {"level": "snapshot"}}').get('ok')).toBe(1);
    expect(run(engine, 't', '{"listCollections": 1, "readConcern": {"level": "snapshot"}}').get('ok')).toBe(0);
  });

  it('enforces apiStrict: commands and stages outside API Version 1 fail with 323', () => {
    const engine = testEngine();
    expect(ejson(run(engine, 't', '{"distinct": "c", "key": "x", "apiVersion": "1", "apiStrict": true}'))).toBe(
      canon(
        '{"ok": 0.0, "errmsg": "Provided apiStrict:true, but the command distinct is not in API Version 1. Information on supported commands and migrations in API Version 1 can be found at https://dochub.mongodb.org/core/manual-versioned-api", "code": 323, "codeName": "APIStrictError"}',
      ),
    );
    const agg = run(
      engine,
      'admin',
      '{"aggregate": 1, "cursor": {}, "pipeline": [{"$listLocalSessions": {}}], "apiVersion": "1", "apiStrict": true}',
    );
    expect(agg.get('errmsg')).toBe("$listLocalSessions is not allowed with 'apiStrict: true' in API Version 1");
    expect(run(engine, 't', '{"find": "c", "apiVersion": "1", "apiStrict": true}').get('ok')).toBe(1);
    expect(run(engine, 't', '{"ping": 1, "apiVersion": "2"}').get('code')!.valueOf()).toBe(322);
    expect(run(engine, 't', '{"ping": 1, "apiStrict": true}').get('code')!.valueOf()).toBe(322);
  });

  it('answers buildInfo with version 8.0.0', () => {
    const reply = run(testEngine(), 'admin', '{"buildInfo": 1}');
    expect(reply.get('version')).toBe('8.0.0');
    expect(ejson(reply.get('versionArray')!)).toBe(canon('[8, 0, 0, 0]'));
  });

  it('answers hello with isWritablePrimary and isMaster with ismaster', () => {
    const engine = testEngine();
    expect(run(engine, 'admin', '{"hello": 1}').get('isWritablePrimary')).toBe(true);
    expect(run(engine, 'admin', '{"isMaster": 1}').get('ismaster')).toBe(true);
  });

  it('snapshot and restore bring back documents, indexes and options', () => {
    const engine = testEngine();
    run(engine, 'test', '{"insert": "c", "documents": [{"_id": 1, "a": 1}]}');
    run(engine, 'test', '{"createIndexes": "c", "indexes": [{"key": {"a": 1}, "name": "a_1", "unique": true}]}');
    const snap = engine.snapshot();
    run(engine, 'test', '{"insert": "c", "documents": [{"_id": 2, "a": 2}]}');
    run(engine, 'test', '{"dropIndexes": "c", "index": "a_1"}');
    run(engine, 'test', '{"insert": "d", "documents": [{"_id": 1}]}');
    engine.restore(snap);
    expect(ejson(engine.documents('test', 'c'))).toBe(canon('[{"_id": 1, "a": 1}]'));
    expect(engine.collectionNames('test')).toEqual(['c']);
    const dup = run(engine, 'test', '{"insert": "c", "documents": [{"_id": 3, "a": 1}]}');
    expect((dup.get('writeErrors') as Map<string, unknown>[])[0]!.get('code')!.valueOf()).toBe(11000);
  });
});
