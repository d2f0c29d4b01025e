/**
 * Field names an update may create, and the positional `$` without a query match:
 *
 * - a top-level field may not start with `$` (DollarPrefixedFieldName 52, `$ref`/`$id`/`$db`
 *   prefixes included), a nested one may, and `$` elsewhere in a name is fine;
 * - `$` in an update path needs an array position matched by the query: without one (an upsert, an
 *   `_id` query, an empty query) the statement fails with 2 and nothing is written; two `$` in one
 *   path is refused at parse time (2); a regex query gives the position too;
 * - `$set` and `$push` in one upserting statement, run twice, insert then push again.
 *
 * From jstests/core/query/update/: update_dollar_fields.js, update_positional_no_array_elem.js,
 * update_push_set_handle_dups.js.
 */
import { describe, expect, it } from 'vitest';
import { parseEJSON } from '../../bson/ejson.js';
import type { Doc } from '../../bson/values.js';
import { jsShell, lit, type JsShell } from './statement-shell.js';

/** The single write error of an update command, as [code, errmsg], or 'ok'. */
function update(s: JsShell, q: string, u: string, extra = ''): [number, string] | 'ok' {
  const reply = parseEJSON(s.js(`db.runCommand({update: "t", updates: [{q: ${q}, u: ${u}${extra}}]})`)) as Doc;
  const errors = reply.get('writeErrors') as Doc[] | undefined;
  if (!errors) return 'ok';
  return [Number(String(errors[0]!.get('code'))), String(errors[0]!.get('errmsg'))];
}

const EXEC = 'Plan executor error during update :: caused by :: ';

describe('$ in field names (update_dollar_fields.js)', () => {
  it.each([
    ['{$set: {$z: 1}}', '$z'],
    ['{$inc: {$z: 1}}', '$z'],
    ['{$set: {$$$: 1}}', '$$$'],
    ['{$set: {"$secret.agent.x": 1}}', '$secret'],
    ['{$set: {$reffoo: 1}}', '$reffoo'],
    ['{$set: {$idbar: 1}}', '$idbar'],
    ['{$set: {$dbbaz: 1}}', '$dbbaz'],
  ])('%s is refused with 52', (u, field) => {
    const s = jsShell();
    s.js('db.t.insertOne({_id: 0, n: 0})');
    const result = update(s, '{n: 0}', u);
    expect(result).not.toBe('ok');
    const [code, message] = result as [number, string];
    expect(code).toBe(52);
    expect(message.startsWith(`${EXEC}The dollar ($) prefixed field '${field}' in '${field}' is not allowed`)).toBe(
      true,
    );
    expect(s.contents('t')).toBe(lit('[{_id: 0, n: 0}]'));
  });

  it('nested $ names, DBRef fields in a subdocument and $ inside a name are allowed', () => {
    const s = jsShell();
    s.js('db.t.insertOne({_id: 0, n: 0})');
    for (const u of [
      '{$set: {"a.$b": 1}}',
      '{$set: {c: {$z: 1}}}',
      '{$set: {"sneaky.$x": 1}}',
      '{$set: {"secret.agent$.$x": 1}}',
      '{$set: {x: {$ref: "1", $id: 1, $db: "1"}}}',
      '{$set: {ke$sha: 1}}',
      '{$set: {more$$moreproblem$: 1}}',
    ]) {
      expect(update(s, '{n: 0}', u)).toBe('ok');
    }
    expect(s.contents('t')).toBe(
      lit(`[{_id: 0, n: 0, a: {$b: 1}, c: {$z: 1}, sneaky: {$x: 1}, secret: {agent$: {$x: 1}},
             x: {$ref: "1", $id: 1, $db: "1"}, ke$sha: 1, more$$moreproblem$: 1}]`),
    );
  });
});

describe('the positional operator without an array match (update_positional_no_array_elem.js)', () => {
  const noMatch: [number, string] = [2, `${EXEC}The positional operator did not find the match needed from the query.`];

  it('an upsert into an empty collection fails and inserts nothing', () => {
    const s = jsShell();
    expect(update(s, '{}', '{$set: {"a.$.b": 1}}', ', upsert: true')).toEqual(noMatch);
    expect(s.contents('t')).toBe('[]');
  });

  it('an update by an empty query or by _id fails and changes nothing', () => {
    const s = jsShell();
    s.js('db.t.insertOne({_id: 0})');
    expect(update(s, '{}', '{$set: {"a.$.b": 1}}')).toEqual(noMatch);
    expect(update(s, '{_id: 0}', '{$set: {"a.$.b": 1}}')).toEqual(noMatch);
    expect(s.contents('t')).toBe(lit('[{_id: 0}]'));
  });

  it('two positional operators in one path are refused', () => {
    const s = jsShell();
    s.js('db.t.insertOne({_id: 0, a: [{b: {c: 1}}]})');
    expect(update(s, '{"a.b.c": 1}', '{$set: {"a.$.b.$.c": 2}}')).toEqual([
      2,
      "Too many positional (i.e. '$') elements found in path 'a.$.b.$.c'",
    ]);
    expect(s.contents('t')).toBe(lit('[{_id: 0, a: [{b: {c: 1}}]}]'));
  });

  it('a regex in the query gives the position (SERVER-1155)', () => {
    const s = jsShell();
    s.js('db.t.insertOne({_id: 1, arr: [{a: "z", b: 1}, {a: "abc", b: 2}, {a: "lmn", b: 3}]})');
    expect(update(s, '{"arr.a": /^z$/}', '{$set: {"arr.$.b": 2}}', ', multi: true')).toBe('ok');
    expect(update(s, '{"arr.a": /l/}', '{$inc: {"arr.$.b": 2}}', ', multi: true')).toBe('ok');
    expect(s.contents('t')).toBe(lit('[{_id: 1, arr: [{a: "z", b: 2}, {a: "abc", b: 2}, {a: "lmn", b: 5}]}]'));
  });
});

describe('$set and $push in one upsert, twice (update_push_set_handle_dups.js)', () => {
  it('the first inserts, the second pushes again', () => {
    const s = jsShell();
    const u = '{$set: {"v": {"i": 123, "a": 456}}, $push: {"f": 234}}';
    expect(s.js(`db.runCommand({update: "t", updates: [{q: {_id: 123}, u: ${u}, upsert: true}]})`)).toBe(
      lit('{n: 1, upserted: [{index: 0, _id: 123}], nModified: 0, ok: Double(1)}'),
    );
    expect(update(s, '{_id: 123}', u, ', upsert: true')).toBe('ok');
    expect(s.contents('t')).toBe(lit('[{_id: 123, f: [234, 234], v: {i: 123, a: 456}}]'));
  });
});
