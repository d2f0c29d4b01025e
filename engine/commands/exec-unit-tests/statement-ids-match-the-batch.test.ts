/**
 * `stmtId` / `stmtIds` of insert, update and delete (write_ops_parsers_test.cpp:
 * `ErrorOnWrongSizeStmtIdsArray`, `ErrorOnStmtIdSpecifiedTwoWays`, `MultiInsertWithStmtId`,
 * `MultiInsertWithStmtIdsArray`; the rule is `checkOpCountForCommand` in write_ops_parsers.cpp):
 * both fields belong to `WriteCommandRequestBase`, so every write command accepts them; `stmtIds`
 * needs one id per statement (InvalidLength, 8) and cannot come with `stmtId` (InvalidOptions,
 * 72), checked after the batch size (16) and before anything is written. The messages' leading
 * parts are the server's; the request it appends is printed as received (README).
 */
import { describe, expect, it } from 'vitest';
import { parseEJSONDoc } from '../../bson/ejson.js';
import { isDoc, type Doc } from '../../bson/values.js';
import type { Engine } from '../../engine.js';
import { canon, contents, replyDoc, reply, seeded } from './harness.js';

const COMMANDS = {
  insert: (ids: string) => `{"insert": "c", "documents": [{"_id": 1}, {"_id": 2}]${ids}}`,
  update: (ids: string) =>
    `{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$set": {"a": 1}}, "upsert": true}, {"q": {"_id": 2}, "u": {"$set": {"a": 2}}, "upsert": true}]${ids}}`,
  delete: (ids: string) =>
    `{"delete": "c", "deletes": [{"q": {"_id": 1}, "limit": 1}, {"q": {"_id": 2}, "limit": 1}]${ids}}`,
} as const;

function codeAndStart(reply: Doc): [number, string] {
  expect(isDoc(reply)).toBe(true);
  return [Number(String(reply.get('code'))), String(reply.get('errmsg'))];
}

describe.each(Object.keys(COMMANDS) as (keyof typeof COMMANDS)[])('%s', (name) => {
  const command = COMMANDS[name];

  it('MultiInsertWithStmtId / MultiInsertWithStmtIdsArray: accepted, one id per statement', () => {
    for (const ids of [', "stmtId": 10', ', "stmtIds": [15, 17]']) {
      const e = seeded(name === 'delete' ? '[{"_id": 1}, {"_id": 2}]' : '[]');
      expect(reply(e, command(ids))).not.toContain('"ok":{"$numberDouble":"0.0"}');
      expect(contents(e)).toBe(
        canon(
          name === 'insert'
            ? '[{"_id": 1}, {"_id": 2}]'
            : name === 'update'
              ? '[{"_id": 1, "a": 1}, {"_id": 2, "a": 2}]'
              : '[]',
        ),
      );
    }
  });

  it('ErrorOnWrongSizeStmtIdsArray: 8, nothing written', () => {
    const e = seeded('[]');
    const [code, errmsg] = codeAndStart(replyDoc(e, command(', "stmtIds": [12]')));
    expect(code).toBe(8);
    expect(errmsg).toMatch(
      /^Number of statement ids must match the number of batch entries\. Got 1 statement ids but 2 operations\. Statement ids: \{ stmtIds: \[ 12 \] \}\. Write command: \{ /,
    );
    expect(contents(e)).toBe(canon('[]'));
  });

  it('ErrorOnStmtIdSpecifiedTwoWays: 72', () => {
    const e = seeded('[]');
    const [code, errmsg] = codeAndStart(replyDoc(e, command(', "stmtIds": [12, 13], "stmtId": 5')));
    expect(code).toBe(72);
    expect(errmsg).toMatch(
      /^May not specify both stmtId and stmtIds in write command\. Got \{ stmtId: 5, stmtIds: \[ 12, 13 \] \}\. Write command: \{ /,
    );
  });

  it('stmtIds must be an array (14)', () => {
    const e = seeded('[]');
    expect(codeAndStart(replyDoc(e, command(', "stmtIds": 3')))).toEqual([
      14,
      `BSON field '${name}.stmtIds' is the wrong type 'int', expected type 'array'`,
    ]);
  });
});

it('the batch size is checked first (16)', () => {
  const e = seeded('[]');
  const r = replyDoc(e, '{"insert": "c", "documents": [], "stmtIds": [1]}');
  expect(String(r.get('code'))).toBe('16');
});

describe('bulkWrite (bulk_write_common.cpp validateRequest)', () => {
  const admin = (e: Engine, command: string): Doc => e.runCommand('admin', parseEJSONDoc(command));
  const bulk = (ids: string): string =>
    `{"bulkWrite": 1, "ops": [{"insert": 0, "document": {"_id": 1}}, {"insert": 0, "document": {"_id": 2}}], "nsInfo": [{"ns": "exec.c"}]${ids}}`;

  it('accepts stmtIds with one id per op', () => {
    const e = seeded('[]');
    expect(String(admin(e, bulk(', "stmtIds": [1, 2]')).get('ok'))).toBe('1');
    expect(contents(e)).toBe(canon('[{"_id": 1}, {"_id": 2}]'));
  });

  it('checks the pair before the count (72), then the count (8)', () => {
    const e = seeded('[]');
    const [code, errmsg] = codeAndStart(admin(e, bulk(', "stmtIds": [1], "stmtId": 0')));
    expect(code).toBe(72);
    expect(errmsg).toMatch(
      /^May not specify both stmtId and stmtIds in bulkWrite command\. Got \{ stmtId: 0, stmtIds: \[ 1 \] \}\. BulkWrite command: \{ /,
    );
    const [code2, errmsg2] = codeAndStart(admin(e, bulk(', "stmtIds": [1]')));
    expect(code2).toBe(8);
    expect(errmsg2).toMatch(
      /^Number of statement ids must match the number of batch entries\. Got 1 statement ids but 2 operations\. Statement ids: \{ stmtIds: \[ 1 \] \}\. BulkWrite command: \{ /,
    );
    expect(contents(e)).toBe(canon('[]'));
  });
});
