/**
 * Manual: core/document, "Field Names" and "The `_id` Field": the `_id` "may be of any type other
 * than an array, regex, or undefined", and "If the `_id` contains subfields, the subfield names
 * cannot begin with a (`$`) symbol". Server (8.0): insert.cpp `fixDocumentForInsert` →
 * storage_validation.cpp `storageValidIdField` → bsonobj.cpp `BSONObj::storageValidEmbedded`,
 * which walks every embedded document, array and code scope of the `_id` and refuses any
 * `$`-prefixed name (52, "_id fields may not contain '$'-prefixed fields: <name> is not valid for
 * storage.") except a DBRef: a first field `$ref` holding a string directly followed by `$id`
 * (whose value is not walked) and an optional string `$db`.
 */
import { describe, expect, test } from 'vitest';
import { manual } from './harness.js';

function insert(doc: string): string {
  return manual().cmd(`{"insert": "c", "documents": [${doc}]}`);
}

function refused(name: string, code = 52): string {
  return `{"n":0,"writeErrors":[{"index":0,"code":${code},"errmsg":"_id fields may not contain '$'-prefixed fields: ${name} is not valid for storage."}],"ok":1.0}`;
}

const STORED = '{"n":1,"ok":1.0}';

describe('insert: no `$` subfield anywhere inside `_id` (core/document, storageValidEmbedded)', () => {
  test('a `$` name at any depth of an `_id` document, arrays and code scopes included, is 52', () => {
    expect(insert('{"_id": {"$a": 1}}')).toBe(refused('$a'));
    expect(insert('{"_id": {"a": {"$b": 1}}}')).toBe(refused('$b'));
    expect(insert('{"_id": {"a": [1, {"b": {"$c": 1}}]}}')).toBe(refused('$c'));
    expect(insert('{"_id": {"a": {"$code": "f()", "$scope": {"$s": 1}}}}')).toBe(refused('$s'));
    expect(insert('{"_id": {"a": {"b": 1}, "c": [[{"d": 1}]]}}')).toBe(STORED);
  });

  test('a DBRef passes only in its own shape: $ref (a string) first, then $id, then an optional string $db', () => {
    expect(insert('{"_id": {"$ref": "c", "$id": 1}}')).toBe(STORED);
    expect(insert('{"_id": {"$ref": "c", "$id": 1, "$db": "d", "x": 1}}')).toBe(STORED);
    expect(insert('{"_id": {"a": {"$ref": "c", "$id": {"$oid": "000000000000000000000001"}}}}')).toBe(STORED);
    expect(insert('{"_id": {"$ref": "c", "$id": {"$x": 1}}}')).toBe(STORED);
    expect(insert('{"_id": {"$id": 1}}')).toBe(refused('$id'));
    expect(insert('{"_id": {"a": 1, "$ref": "c", "$id": 1}}')).toBe(refused('$ref'));
    expect(insert('{"_id": {"$ref": 5, "$id": 1}}')).toBe(refused('$ref'));
    expect(insert('{"_id": {"$ref": "c", "$id": 1, "$db": 5}}')).toBe(refused('$db'));
    expect(insert('{"_id": {"$ref": "c", "$id": 1, "$other": 5}}')).toBe(refused('$other'));
    expect(insert('{"_id": {"$ref": "c", "$id": 1, "x": {"$y": 1}}}')).toBe(refused('$y'));
    expect(insert('{"_id": {"$db": "d"}}')).toBe(refused('$db'));
  });

  test('an array, regex or undefined `_id` is 53 before its contents are looked at', () => {
    expect(insert('{"_id": [{"$a": 1}]}')).toBe(
      '{"n":0,"writeErrors":[{"index":0,"code":53,"errmsg":"The \'_id\' value cannot be of type array"}],"ok":1.0}',
    );
    expect(insert('{"_id": {"$undefined": true}}')).toBe(
      '{"n":0,"writeErrors":[{"index":0,"code":53,"errmsg":"The \'_id\' value cannot be of type undefined"}],"ok":1.0}',
    );
  });

  test('bulkWrite’s insert op runs the same check; other fields may hold `$` names (5.0+)', () => {
    const m = manual();
    expect(
      m.cmd(
        '{"bulkWrite": 1, "ops": [{"insert": 0, "document": {"_id": {"a": {"$b": 1}}}}, {"insert": 0, "document": {"_id": 2, "x": {"$b": 1}, "$top": 1}}], "nsInfo": [{"ns": "test.c"}], "ordered": false}',
        'admin',
      ),
    ).toBe(
      '{"cursor":{"id":0,"firstBatch":[{"ok":0.0,"idx":0,"code":52,"errmsg":"_id fields may not contain \'$\'-prefixed fields: $b is not valid for storage.","n":0},{"ok":1.0,"idx":1,"n":1}],"ns":"admin.$cmd.bulkWrite"},"nErrors":1,"nInserted":1,"nMatched":0,"nModified":0,"nUpserted":0,"nDeleted":0,"ok":1.0}',
    );
    expect(m.docs('c')).toBe('[{"_id":2,"x":{"$b":1},"$top":1}]');
  });
});
