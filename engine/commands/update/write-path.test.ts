/**
 * The update command's write path after the performance work: the 16 MiB result check (17419)
 * is done once, by the executor, and still surfaces through the command with the executor
 * prefix, for modifier and pipeline updates (a replacement that large is already rejected with
 * the statement); a stored document is left unchanged by the failure. Per-document change
 * records are only collected for an observer, and the reply does not depend on it.
 */
import { describe, expect, test } from 'vitest';
import type { StatementDetail, UpdateObserver } from './details.js';
import { runUpdate } from './command.js';
import { ej, testDb } from './test-support.js';

const BIG = 'x'.repeat(8 * 1024 * 1024 + 8);
const TOO_LARGE =
  '"writeErrors":[{"index":0,"code":17419,"errmsg":"Plan executor error during update :: caused by :: Resulting document after update is larger than 16777216"}]';

describe('update write path', () => {
  test.each([
    ['modifier', `{"$set": {"b": "${BIG}"}}`],
    ['pipeline', `[{"$set": {"b": "${BIG}"}}]`],
  ])('a %s update over 16 MiB fails with 17419 and changes nothing', (_kind, u) => {
    const t = testDb();
    t.seed('c', `[{"_id": 1, "a": "${BIG}"}, {"_id": 2}]`);
    const before = t.contents('c');
    const reply = ej(runUpdate(t.ctx(`{"update": "c", "updates": [{"q": {"_id": 1}, "u": ${u}}]}`)));
    expect(reply).toBe(`{"n":0,${TOO_LARGE},"nModified":0,"ok":1.0}`);
    expect(t.contents('c') === before).toBe(true);
  });

  test('a multi-update stops at the document that grows too large', () => {
    const t = testDb();
    t.seed('c', `[{"_id": 1}, {"_id": 2, "a": "${BIG}"}, {"_id": 3}]`);
    const reply = ej(
      runUpdate(t.ctx(`{"update": "c", "updates": [{"q": {}, "u": {"$set": {"b": "${BIG}"}}, "multi": true}]}`)),
    );
    expect(reply).toBe(`{"n":0,${TOO_LARGE},"nModified":0,"ok":1.0}`);
    // The first document was written before the failure (no rollback of earlier documents).
    expect(t.contents('c').startsWith(`[{"_id":1,"b":"x`)).toBe(true);
  });

  test('a document holding code with scope can be updated', () => {
    const t = testDb();
    t.seed('c', '[{"_id": 1, "f": {"$code": "x", "$scope": {"a": 1}}}]');
    const reply = ej(runUpdate(t.ctx('{"update": "c", "updates": [{"q": {}, "u": {"$set": {"b": 1}}}]}')));
    expect(reply).toBe('{"n":1,"nModified":1,"ok":1.0}');
    expect(t.contents('c')).toBe('[{"_id":1,"f":{"$code":"x","$scope":{"a":1}},"b":1}]');
  });

  test('the reply is the same with and without an observer; only an observer gets documents', () => {
    const cmd =
      '{"update": "c", "updates": [{"q": {}, "u": {"$inc": {"n": 1}}, "multi": true}, ' +
      '{"q": {"_id": 9}, "u": {"$set": {"n": 0}}, "upsert": true}, {"q": {"_id": 1}, "u": {"$set": {"_id": 5}}}], ' +
      '"ordered": false}';
    const seed = '[{"_id": 1, "n": 1}, {"_id": 2, "n": 2}, {"_id": 3, "n": 3}]';
    const plain = testDb();
    plain.seed('c', seed);
    const observed = testDb();
    observed.seed('c', seed);
    const statements: StatementDetail[] = [];
    const observer: UpdateObserver = { onStatement: (d) => statements.push(d) };
    const a = ej(runUpdate(plain.ctx(cmd)));
    const b = ej(runUpdate(observed.ctx(cmd), { observer }));
    expect(a).toBe(b);
    expect(a).toContain('"n":4');
    expect(plain.contents('c')).toBe(observed.contents('c'));
    expect(plain.oplog()).toEqual(observed.oplog());
    expect(statements.map((s) => s.documents.length)).toEqual([3, 0, 0]);
    expect(statements.map((s) => [s.nMatched, s.nModified])).toEqual([
      [3, 3],
      [0, 0],
      [0, 0],
    ]);
  });
});
