/**
 * `updateOne` with `sort` (8.0, issue 16 theme 6): a single-document update statement may carry a
 * sort (write_ops.idl `UpdateOpEntry.sort`); the first matching document in that order is
 * updated or replaced (the canonical query gets `limit: 1`, parsed_update.cpp), and `multi: true`
 * with a sort is refused (FailedToParse). The same rule decides findAndModify's target.
 */
import { describe, expect, it } from 'vitest';
import { canon, contents, reply, seeded } from './harness.js';

const DOCS = '[{"_id": 1, "a": 3}, {"_id": 2, "a": 9}, {"_id": 3, "a": 5}, {"_id": 4, "b": 1}]';

describe('update statement with sort', () => {
  it('updates the first match in sort order, not in natural order', () => {
    const e = seeded(DOCS);
    expect(
      reply(e, '{"update": "c", "updates": [{"q": {"a": {"$gte": 4}}, "u": {"$set": {"s": 1}}, "sort": {"a": 1}}]}'),
    ).toBe(canon('{"n": 1, "nModified": 1, "ok": 1.0}'));
    expect(contents(e)).toBe(
      canon('[{"_id": 1, "a": 3}, {"_id": 2, "a": 9}, {"_id": 3, "a": 5, "s": 1}, {"_id": 4, "b": 1}]'),
    );
  });

  it('a descending sort and a replacement', () => {
    const e = seeded(DOCS);
    reply(e, '{"update": "c", "updates": [{"q": {}, "u": {"r": true}, "sort": {"a": -1}}]}');
    expect(contents(e)).toBe(
      canon('[{"_id": 1, "a": 3}, {"_id": 2, "r": true}, {"_id": 3, "a": 5}, {"_id": 4, "b": 1}]'),
    );
  });

  it('missing sort keys sort first ascending', () => {
    const e = seeded(DOCS);
    reply(e, '{"update": "c", "updates": [{"q": {}, "u": [{"$set": {"s": 1}}], "sort": {"a": 1, "_id": -1}}]}');
    expect(contents(e)).toBe(
      canon('[{"_id": 1, "a": 3}, {"_id": 2, "a": 9}, {"_id": 3, "a": 5}, {"_id": 4, "b": 1, "s": 1}]'),
    );
  });

  it('multi with a sort is refused before anything is written', () => {
    const e = seeded(DOCS);
    expect(
      reply(e, '{"update": "c", "updates": [{"q": {}, "u": {"$set": {"s": 1}}, "sort": {"a": 1}, "multi": true}]}'),
    ).toBe(
      canon('{"ok": 0.0, "errmsg": "Cannot specify sort with multi=true", "code": 9, "codeName": "FailedToParse"}'),
    );
    expect(contents(e)).toBe(canon(DOCS));
  });
});
