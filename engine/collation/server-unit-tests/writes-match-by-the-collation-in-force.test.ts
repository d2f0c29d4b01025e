/**
 * findAndModify, delete and update match by the statement's collation, else the collection's
 * default (the _id fast path included); `{locale: "simple"}` overrides a default.
 *
 * Ported from jstests/core/query/collation/collation.js: "Collation tests for findAndModify",
 * "Collation tests for remove" and the start of "Collation tests for update" (results; the
 * explain counters nWouldModify/nWouldDelete and IDHACK/EXPRESS plan assertions are left out).
 */
import { describe, expect, it } from 'vitest';
import type { Doc } from '../../bson/values.js';
import { canon, ejson, run, testEngine } from './harness.js';

const ci = '{"locale": "en_US", "strength": 2}';

function setup(create: string | null, docs: string) {
  const engine = testEngine();
  if (create !== null) run(engine, 't', `{"create": "c", "collation": ${create}}`);
  if (docs !== '') run(engine, 't', `{"insert": "c", "documents": ${docs}}`);
  return (text: string): Doc => run(engine, 't', text);
}

const value = (reply: Doc): string => ejson(reply.get('value') as never);

describe('writes under a collation (collation.js)', () => {
  it('findAndModify', () => {
    const none = setup(null, '');
    expect(
      value(
        none(
          '{"findAndModify": "c", "query": {"str": "bar"}, "update": {"$set": {"str": "baz"}}, "new": true, "collation": {"locale": "fr"}}',
        ),
      ),
    ).toBe('null');
    const cmd = setup(null, '[{"_id": 1, "str": "foo"}, {"_id": 2, "str": "bar"}]');
    expect(
      value(
        cmd(
          `{"findAndModify": "c", "query": {"str": "FOO"}, "update": {"$set": {"str": "baz"}}, "new": true, "collation": ${ci}}`,
        ),
      ),
    ).toBe(canon('{"_id": 1, "str": "baz"}'));
    const del = setup(null, '[{"_id": 1, "str": "foo"}, {"_id": 2, "str": "bar"}]');
    expect(value(del(`{"findAndModify": "c", "query": {"str": "FOO"}, "remove": true, "collation": ${ci}}`))).toBe(
      canon('{"_id": 1, "str": "foo"}'),
    );
    const d = setup(ci, '[{"_id": 1, "str": "foo"}]');
    expect(value(d('{"findAndModify": "c", "query": {"str": "FOO"}, "update": {"$set": {"x": 1}}}'))).toBe(
      canon('{"_id": 1, "str": "foo"}'),
    );
    expect(
      value(
        d('{"findAndModify": "c", "query": {"_id": 1}, "update": {"$inc": {"x": 1}}, "fields": {"str": 1, "x": 1}}'),
      ),
    ).toBe(canon('{"_id": 1, "str": "foo", "x": 1}'));
    d('{"createIndexes": "c", "indexes": [{"key": {"x": 1}, "name": "x_1"}]}');
    expect(
      value(d('{"findAndModify": "c", "query": {"_id": 1}, "update": {"$inc": {"x": 1}}, "hint": {"x": 1}}')),
    ).toBe(canon('{"_id": 1, "str": "foo", "x": 2}'));
    expect(
      value(d('{"findAndModify": "c", "query": {"_id": 1}, "update": {"$inc": {"x": 1}}, "hint": {"_id": 1}}')),
    ).toBe(canon('{"_id": 1, "str": "foo", "x": 3}'));
    expect(value(d('{"findAndModify": "c", "query": {"str": "FOO"}, "remove": true}'))).toBe(
      canon('{"_id": 1, "str": "foo", "x": 4}'),
    );
    const s = setup(ci, '[{"_id": 1, "str": "foo"}]');
    expect(
      value(
        s(
          '{"findAndModify": "c", "query": {"str": "FOO"}, "update": {"$set": {"x": 1}}, "collation": {"locale": "simple"}}',
        ),
      ),
    ).toBe('null');
    expect(
      value(s('{"findAndModify": "c", "query": {"str": "FOO"}, "remove": true, "collation": {"locale": "simple"}}')),
    ).toBe('null');
  });

  it('delete', () => {
    const n = (reply: Doc) => Number(reply.get('n'));
    const none = setup(null, '');
    expect(
      n(none('{"delete": "c", "deletes": [{"q": {"str": "foo"}, "limit": 1, "collation": {"locale": "fr"}}]}')),
    ).toBe(0);
    const two = setup(null, '[{"_id": 1, "str": "foo"}, {"_id": 2, "str": "foo"}]');
    expect(n(two(`{"delete": "c", "deletes": [{"q": {"str": "FOO"}, "limit": 1, "collation": ${ci}}]}`))).toBe(1);
    const d = setup(ci, '[{"_id": 1, "str": "foo"}]');
    expect(n(d('{"delete": "c", "deletes": [{"q": {"str": "FOO"}, "limit": 1}]}'))).toBe(1);
    const id = setup(ci, '[{"_id": "foo"}]');
    expect(n(id('{"delete": "c", "deletes": [{"q": {"_id": "FOO"}, "limit": 1}]}'))).toBe(1);
    id('{"insert": "c", "documents": [{"_id": "foo"}]}');
    id('{"createIndexes": "c", "indexes": [{"key": {"a": 1}, "name": "a_1"}]}');
    expect(n(id('{"delete": "c", "deletes": [{"q": {"_id": "FOO"}, "limit": 1, "hint": {"a": 1}}]}'))).toBe(1);
    const s = setup(ci, '[{"_id": 1, "str": "foo"}]');
    expect(
      n(s('{"delete": "c", "deletes": [{"q": {"str": "FOO"}, "limit": 1, "collation": {"locale": "simple"}}]}')),
    ).toBe(0);
    const sid = setup(ci, '[{"_id": "foo"}]');
    expect(
      n(sid('{"delete": "c", "deletes": [{"q": {"_id": "FOO"}, "limit": 1, "collation": {"locale": "simple"}}]}')),
    ).toBe(0);
  });

  it('update', () => {
    const none = setup(null, '');
    expect(
      ejson(
        none(
          '{"update": "c", "updates": [{"q": {"str": "foo"}, "u": {"$set": {"other": 99}}, "multi": true, "collation": {"locale": "fr"}}]}',
        ),
      ),
    ).toBe(canon('{"n": 0, "nModified": 0, "ok": 1.0}'));
    const two = setup(null, '[{"_id": 1, "str": "foo"}, {"_id": 2, "str": "foo"}]');
    expect(
      ejson(
        two(
          `{"update": "c", "updates": [{"q": {"str": "FOO"}, "u": {"$set": {"other": 99}}, "multi": true, "collation": ${ci}}]}`,
        ),
      ),
    ).toBe(canon('{"n": 2, "nModified": 2, "ok": 1.0}'));
    const d = setup(ci, '[{"_id": 1, "str": "foo"}]');
    expect(ejson(d('{"update": "c", "updates": [{"q": {"str": "FOO"}, "u": {"$set": {"other": 99}}}]}'))).toBe(
      canon('{"n": 1, "nModified": 1, "ok": 1.0}'),
    );
    const id = setup(ci, '[{"_id": "foo"}]');
    expect(ejson(id('{"update": "c", "updates": [{"q": {"_id": "FOO"}, "u": {"$set": {"other": 99}}}]}'))).toBe(
      canon('{"n": 1, "nModified": 1, "ok": 1.0}'),
    );
    expect(
      ejson(
        id(
          '{"update": "c", "updates": [{"q": {"_id": "FOO"}, "u": {"$set": {"other": 100}}, "collation": {"locale": "simple"}}]}',
        ),
      ),
    ).toBe(canon('{"n": 0, "nModified": 0, "ok": 1.0}'));
  });
});
