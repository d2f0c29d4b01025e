/**
 * Manual: reference/limits, "Nested Depth for BSON Documents" (the page says 100 levels; the 8.0
 * server's own limit wins: `BSONDepth::getMaxDepthForUserStorage()` = maxBSONDepth 200 − 20 = 180).
 * Server: src/mongo/db/ops/insert.cpp `validateDepth` (called by `fixDocumentForInsert` for the
 * insert command and for bulkWrite's insert ops): fields may sit at most 180 levels deep, "Empty
 * subdocuments do not count toward the depth of a document", and the refusal is code 15 Overflow
 * "cannot insert document because it exceeds 180 levels of nesting". Updates keep their own
 * wording (storage_validation.cpp: "Document exceeds maximum nesting depth of 180").
 */
import { describe, expect, test } from 'vitest';
import { manual, nested } from './harness.js';

const REFUSED =
  '{"n":0,"writeErrors":[{"index":0,"code":15,"errmsg":"cannot insert document because it exceeds 180 levels of nesting"}],"ok":1.0}';

function insert(doc: string): string {
  const m = manual();
  return m.cmd(`{"insert": "c", "documents": [${doc}]}`);
}

describe('insert: the nesting limit counts levels of fields (reference/limits, insert.cpp validateDepth)', () => {
  test('a field at level 180 is stored; one at level 181 is refused with 15 and insert’s wording', () => {
    expect(insert(nested(180, '1'))).toBe('{"n":1,"ok":1.0}');
    expect(insert(nested(181, '1'))).toBe(REFUSED);
  });

  test('an empty document or array at level 181 does not count', () => {
    expect(insert(nested(180, '{}'))).toBe('{"n":1,"ok":1.0}');
    expect(insert(nested(180, '[]'))).toBe('{"n":1,"ok":1.0}');
    expect(insert(nested(180, '[1]'))).toBe(REFUSED);
    expect(insert(nested(180, '{"b":{}}'))).toBe(REFUSED);
  });

  test('arrays count as levels like documents', () => {
    expect(insert(`{"a": ${'['.repeat(179)}1${']'.repeat(179)}}`)).toBe('{"n":1,"ok":1.0}');
    expect(insert(`{"a": ${'['.repeat(180)}1${']'.repeat(180)}}`)).toBe(REFUSED);
  });

  test('bulkWrite’s insert op runs the same check (bulk_write.cpp calls fixDocumentForInsert)', () => {
    const m = manual();
    expect(
      m.cmd(
        `{"bulkWrite": 1, "ops": [{"insert": 0, "document": ${nested(181, '1')}}, {"insert": 0, "document": ${nested(180, '{}')}}], "nsInfo": [{"ns": "test.c"}], "ordered": false}`,
        'admin',
      ),
    ).toBe(
      '{"cursor":{"id":0,"firstBatch":[{"ok":0.0,"idx":0,"code":15,"errmsg":"cannot insert document because it exceeds 180 levels of nesting","n":0},{"ok":1.0,"idx":1,"n":1}],"ns":"admin.$cmd.bulkWrite"},"nErrors":1,"nInserted":1,"nMatched":0,"nModified":0,"nUpserted":0,"nDeleted":0,"ok":1.0}',
    );
  });

  test('an update that nests a field at level 181 keeps the update path’s wording', () => {
    const m = manual();
    m.cmd('{"insert":"c","documents":[{"_id":1}]}');
    expect(m.cmd(`{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$set": ${nested(181, '1')}}}]}`)).toBe(
      '{"n":0,"writeErrors":[{"index":0,"code":15,"errmsg":"Plan executor error during update :: caused by :: Document exceeds maximum nesting depth of 180"}],"nModified":0,"ok":1.0}',
    );
    expect(m.cmd(`{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$set": ${nested(180, '{}')}}}]}`)).toBe(
      '{"n":1,"nModified":1,"ok":1.0}',
    );
  });
});
