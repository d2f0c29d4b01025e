/**
 * bulkWrite's per-statement `constants` are variables for the update's filter (`$expr`) and its
 * pipeline, and they shadow the command's `let` of the same name; the cursor reports each
 * operation (`{ok, idx, n}` and `nModified` for updates) and the summary counts.
 *
 * From jstests/core/write/bulk/bulk_write_update_per_statement_constants.js (the jstest reads a
 * `numErrors` field; 8.0's reply names it `nErrors`).
 */
import { describe, expect, it } from 'vitest';
import { jsShell, lit } from './statement-shell.js';

const inserts = `{insert: 0, document: {_id: 0, skey: "MongoDB"}}, {insert: 0, document: {_id: 1, skey: "MongoDB2"}}, {insert: 0, document: {_id: 2, skey: "MongoDB3"}}`;
const reply = lit(`{cursor: {id: NumberLong(0), firstBatch: [
  {ok: Double(1), idx: 0, n: 1}, {ok: Double(1), idx: 1, n: 1}, {ok: Double(1), idx: 2, n: 1}, {ok: Double(1), idx: 3, n: 1, nModified: 1}],
  ns: "admin.$cmd.bulkWrite"}, nErrors: 0, nInserted: 3, nMatched: 1, nModified: 1, nUpserted: 0, nDeleted: 0, ok: Double(1)}`);

describe('bulkWrite update constants (bulk_write_update_per_statement_constants.js)', () => {
  it('constants name the document to match and the value to set', () => {
    const s = jsShell();
    expect(
      s.js(`db.adminCommand({bulkWrite: 1, ops: [${inserts}, {update: 0, filter: {$expr: {$eq: ["$skey", "$$targetKey"]}},
        updateMods: [{$set: {skey: "$$replacedKey"}}], constants: {targetKey: "MongoDB", replacedKey: "MongoDB2"}}], nsInfo: [{ns: "test.coll"}]})`),
    ).toBe(reply);
    expect(s.contents('coll')).toBe(
      lit('[{_id: 0, skey: "MongoDB2"}, {_id: 1, skey: "MongoDB2"}, {_id: 2, skey: "MongoDB3"}]'),
    );
  });

  it('let gives the key to match, and a constant of the same name as a let variable wins', () => {
    const s = jsShell();
    expect(
      s.js(`db.adminCommand({bulkWrite: 1, ops: [${inserts}, {update: 0, filter: {$expr: {$eq: ["$skey", "$$targetKey"]}},
        updateMods: [{$set: {skey: "$$replacedKey"}}], constants: {replacedKey: "MongoDB4"}}], nsInfo: [{ns: "test.coll"}],
        let: {targetKey: "MongoDB3", replacedKey: "MongoDB2"}})`),
    ).toBe(reply);
    expect(s.contents('coll')).toBe(
      lit('[{_id: 0, skey: "MongoDB"}, {_id: 1, skey: "MongoDB2"}, {_id: 2, skey: "MongoDB4"}]'),
    );
  });
});
