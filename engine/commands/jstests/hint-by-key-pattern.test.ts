/**
 * A write's `hint` names an index by key pattern however long its field name; a hint naming no
 * index fails the statement with BadValue and the planner's message, which prints the canonical
 * query as `CanonicalQuery::toString` does (`ns=<ns>` then ` limit=`/` skip=`/` batchSize=` when
 * set, `Tree: `, `Sort: `, `Proj: `, and `Collation: ` when one is given).
 * From jstests/core/write/update/update_with_large_hint.js.
 */
import { describe, expect, it } from 'vitest';
import { stringifyEJSON } from '../../bson/ejson.js';
import { JsShell, x } from './shell-harness.js';

const longHint = 'x'.repeat(1000);
const BAD_HINT = 'planner returned error :: caused by :: hint provided does not correspond to an existing index';

describe('a long key pattern as hint (update_with_large_hint.js)', () => {
  it('update and delete use the index; once it is dropped both fail with BadValue', () => {
    const sh = new JsShell();
    sh.command(`{"createIndexes": "c", "indexes": [{"key": {"${longHint}": 1}, "name": "long"}]}`);
    sh.command('{"insert": "c", "documents": [{"_id": 0}]}');
    const update = `{"update": "c", "updates": [{"q": {"_id": 0}, "u": {"$set": {"x": 1}}, "hint": {"${longHint}": 1}}]}`;
    const remove = `{"delete": "c", "deletes": [{"q": {"_id": 0}, "limit": 1, "hint": {"${longHint}": 1}}]}`;
    expect(stringifyEJSON(sh.command(update))).toBe(x('{"n": 1, "nModified": 1, "ok": 1.0}'));
    expect(stringifyEJSON(sh.command(remove))).toBe(x('{"n": 1, "ok": 1.0}'));

    sh.command('{"dropIndexes": "c", "index": "*"}');
    sh.command('{"insert": "c", "documents": [{"_id": 0}]}');
    const message = `error processing query: ns=test.cTree: _id $eq 0\\nSort: {}\\nProj: {}\\n ${BAD_HINT}`;
    expect(stringifyEJSON(sh.command(update))).toBe(
      x(`{"n": 0, "writeErrors": [{"index": 0, "code": 2, "errmsg": "${message}"}], "nModified": 0, "ok": 1.0}`),
    );
    expect(stringifyEJSON(sh.command(remove))).toBe(
      x(`{"n": 0, "writeErrors": [{"index": 0, "code": 2, "errmsg": "${message}"}], "ok": 1.0}`),
    );
    expect(sh.docs('c')).toBe(x('[{"_id": 0}]'));
  });
});

describe('the canonical query in a bad-hint message (CanonicalQuery::toString)', () => {
  const sh = new JsShell();
  sh.command('{"insert": "q", "documents": [{"_id": 0, "a": 1}]}');
  // A hidden index cannot be hinted either.
  sh.command('{"createIndexes": "q", "indexes": [{"key": {"a": 1}, "name": "hidden_a", "hidden": true}]}');
  it.each([
    ['{"find": "q", "filter": {"a": 1}, "hint": "nope"}', 'ns=test.qTree: a $eq 1\nSort: {}\nProj: {}\n'],
    [
      '{"find": "q", "filter": {"a": 1}, "projection": {"a": 1}, "sort": {"a": -1}, "skip": 2, "limit": 3, "batchSize": 4, "hint": "nope"}',
      'ns=test.q batchSize=4 limit=3 skip=2Tree: a $eq 1\nSort: { a: -1 }\nProj: { a: 1 }\n',
    ],
    [
      '{"find": "q", "filter": {}, "collation": {"locale": "fr"}, "hint": {"b": 1}}',
      'ns=test.qTree: $and\nSort: {}\nProj: {}\nCollation: { locale: "fr" }\n',
    ],
    [
      '{"delete": "q", "deletes": [{"q": {"a": 1}, "limit": 0, "hint": "nope"}]}',
      'ns=test.qTree: a $eq 1\nSort: {}\nProj: {}\n',
    ],
    ['{"count": "q", "query": {"a": 1}, "hint": "hidden_a"}', 'ns=test.qTree: a $eq 1\nSort: {}\nProj: {}\n'],
    ['{"find": "q", "filter": {"a": 1}, "hint": {"a": 1}}', 'ns=test.qTree: a $eq 1\nSort: {}\nProj: {}\n'],
    [
      '{"findAndModify": "q", "query": {"a": 1}, "sort": {"a": 1}, "remove": true, "collation": {"locale": "en"}, "hint": "nope"}',
      'ns=test.q limit=1Tree: a $eq 1\nSort: { a: 1 }\nProj: {}\nCollation: { locale: "en" }\n',
    ],
    [
      '{"update": "q", "updates": [{"q": {"a": 1}, "u": {"$set": {"b": 1}}, "sort": {"a": 1}, "hint": "nope"}]}',
      'ns=test.q limit=1Tree: a $eq 1\nSort: { a: 1 }\nProj: {}\n',
    ],
  ])('%s', (command, canonical) => {
    const reply = sh.command(command);
    const error = (reply.get('writeErrors') as Map<string, unknown>[] | undefined)?.[0] ?? reply;
    expect(error.get('errmsg')).toBe(`error processing query: ${canonical} ${BAD_HINT}`);
  });
});
