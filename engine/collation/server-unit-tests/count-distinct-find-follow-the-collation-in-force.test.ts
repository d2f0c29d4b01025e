/**
 * count, distinct and find compare by the command's collation, else the collection's default;
 * `{locale: "simple"}` overrides a default; a hinted index of another collation still gives the
 * command's answer; a sort under a collation orders by it whichever index serves it.
 *
 * Ported from jstests/core/query/collation/collation.js: "Collation tests for count" (results),
 * "Collation tests for distinct" (results), "Collation tests for find" (the _id match, no index,
 * compatible and incompatible hinted index, partial index, the sort through an index of another
 * collation, $expr, the collection default and the simple override), and the aggregation
 * results of "Collation tests for aggregation". Plan-shape assertions (COUNT_SCAN, DISTINCT_SCAN,
 * PROJECTION_COVERED) are left out: they check the server's planner choices, not answers.
 */
import { describe, expect, it } from 'vitest';
import type { Doc } from '../../bson/values.js';
import { ejson, run, testEngine } from './harness.js';

function setup(create: string | null, docs: string) {
  const engine = testEngine();
  if (create !== null) run(engine, 't', `{"create": "c", "collation": ${create}}`);
  if (docs !== '') run(engine, 't', `{"insert": "c", "documents": ${docs}}`);
  const cmd = (text: string): Doc => run(engine, 't', text);
  const n = (reply: Doc): number => Number(reply.get('n'));
  const batch = (reply: Doc): Doc[] => (reply.get('cursor') as Doc).get('firstBatch') as Doc[];
  return { engine, cmd, n, batch };
}

const ci = '{"locale": "en_US", "strength": 2}';

describe('count, distinct and find under a collation (collation.js)', () => {
  it('count', () => {
    const none = setup(null, '');
    expect(none.n(none.cmd('{"count": "c", "query": {"str": "FOO"}, "collation": {"locale": "en_US"}}'))).toBe(0);
    const { cmd, n } = setup(null, '[{"_id": 1, "str": "foo"}, {"_id": 2, "str": "bar"}]');
    expect(n(cmd('{"count": "c", "query": {"str": "FOO"}}'))).toBe(0);
    expect(n(cmd('{"count": "c", "query": {"str": "FOO"}, "collation": {"locale": "en_US"}}'))).toBe(0);
    expect(n(cmd(`{"count": "c", "query": {"str": "FOO"}, "collation": ${ci}}`))).toBe(1);
    const withDefault = setup(ci, '[{"str": "foo"}]');
    expect(withDefault.n(withDefault.cmd('{"count": "c", "query": {"str": "FOO"}}'))).toBe(1);
    expect(
      withDefault.n(withDefault.cmd('{"count": "c", "query": {"str": "FOO"}, "collation": {"locale": "simple"}}')),
    ).toBe(0);
  });

  it('distinct', () => {
    const values = (reply: Doc) => reply.get('values') as unknown[];
    expect(values(setup(null, '').cmd(`{"distinct": "c", "key": "str", "collation": ${ci}}`))).toEqual([]);
    const { cmd } = setup(null, '[{"_id": 1, "str": "foo"}, {"_id": 2, "str": "FOO"}]');
    const folded = values(cmd(`{"distinct": "c", "key": "str", "collation": ${ci}}`));
    expect(folded.length).toBe(1);
    expect(String(folded[0]).toLowerCase()).toBe('foo');
    expect(values(cmd('{"distinct": "c", "key": "str", "collation": {"locale": "en_US", "strength": 3}}')).length).toBe(
      2,
    );
    expect(values(cmd(`{"distinct": "c", "key": "_id", "query": {"str": "foo"}, "collation": ${ci}}`)).length).toBe(2);
    cmd(`{"createIndexes": "c", "indexes": [{"key": {"str": 1}, "name": "str_1", "collation": ${ci}}]}`);
    expect(values(cmd(`{"distinct": "c", "key": "str", "collation": ${ci}}`)).length).toBe(1);
    expect(values(cmd('{"distinct": "c", "key": "str", "collation": {"locale": "en_US", "strength": 3}}')).length).toBe(
      2,
    );
    const withDefault = setup(ci, '[{"str": "foo"}, {"str": "FOO"}]');
    expect(values(withDefault.cmd('{"distinct": "c", "key": "str"}')).length).toBe(1);
    expect(values(withDefault.cmd('{"distinct": "c", "key": "_id", "query": {"str": "foo"}}')).length).toBe(2);
    expect(values(withDefault.cmd('{"distinct": "c", "key": "str", "collation": {"locale": "simple"}}')).length).toBe(
      2,
    );
    expect(
      values(
        withDefault.cmd('{"distinct": "c", "key": "_id", "query": {"str": "foo"}, "collation": {"locale": "simple"}}'),
      ).length,
    ).toBe(1);
  });

  it('find: _id matches, no index, hinted indexes of the same and of another collation', () => {
    const { cmd, batch } = setup(null, '[{"_id": 1, "str": "foo"}, {"_id": 2, "str": "bar"}, {"_id": "foo"}]');
    const count = (find: string) => batch(cmd(find)).length;
    expect(count('{"find": "c", "filter": {"_id": "FOO"}}')).toBe(0);
    expect(count('{"find": "c", "filter": {"_id": "FOO"}, "collation": {"locale": "en_US"}}')).toBe(0);
    expect(count(`{"find": "c", "filter": {"_id": "FOO"}, "collation": ${ci}}`)).toBe(1);
    cmd('{"delete": "c", "deletes": [{"q": {"_id": "foo"}, "limit": 1}]}');
    expect(count('{"find": "c", "filter": {"str": "FOO"}}')).toBe(0);
    expect(count(`{"find": "c", "filter": {"str": "FOO"}, "collation": ${ci}}`)).toBe(1);
    expect(count(`{"find": "c", "filter": {"str": {"$ne": "FOO"}}, "collation": ${ci}}`)).toBe(1);
    cmd(`{"createIndexes": "c", "indexes": [{"key": {"str": 1}, "name": "str_1", "collation": ${ci}}]}`);
    expect(count(`{"find": "c", "filter": {"str": "FOO"}, "hint": {"str": 1}, "collation": ${ci}}`)).toBe(1);
    expect(count('{"find": "c", "filter": {"str": "FOO"}, "hint": {"str": 1}}')).toBe(0);
    expect(count('{"find": "c", "filter": {"str": "FOO"}, "hint": {"str": 1}, "collation": {"locale": "en_US"}}')).toBe(
      0,
    );
    expect(count(`{"find": "c", "filter": {"str": {"$ne": "FOO"}}, "hint": {"str": 1}, "collation": ${ci}}`)).toBe(1);
  });

  it('find: a partial index with a collation', () => {
    const { cmd, batch } = setup(null, '[{"_id": 1, "str": "foo"}, {"_id": 2, "str": "bar"}]');
    cmd(
      `{"createIndexes": "c", "indexes": [{"key": {"str": 1}, "name": "str_1", "partialFilterExpression": {"str": {"$lte": "FOO"}}, "collation": ${ci}}]}`,
    );
    expect(batch(cmd(`{"find": "c", "filter": {"str": "foo"}, "hint": {"str": 1}, "collation": ${ci}}`)).length).toBe(
      1,
    );
    cmd('{"insert": "c", "documents": [{"_id": 3, "str": "goo"}]}');
    expect(batch(cmd(`{"find": "c", "filter": {"str": "goo"}, "hint": {"str": 1}, "collation": ${ci}}`)).length).toBe(
      0,
    );
  });

  it('find: a sort follows the query collation through an index of another collation', () => {
    const { cmd, batch } = setup(
      null,
      '[{"_id": 1, "a": "A"}, {"_id": 2, "a": "B"}, {"_id": 3, "a": "b"}, {"_id": 4, "a": "a"}]',
    );
    cmd('{"createIndexes": "c", "indexes": [{"key": {"a": 1}, "name": "a_1"}]}');
    const collation = '{"locale": "en_US", "strength": 3}';
    const order = (find: string) => batch(cmd(find)).map((d) => ejson(d));
    const expected = ['{"a":"a"}', '{"a":"A"}', '{"a":"b"}', '{"a":"B"}'];
    expect(
      order(
        `{"find": "c", "filter": {"a": {"$exists": true}}, "projection": {"_id": 0}, "sort": {"a": 1}, "collation": ${collation}}`,
      ),
    ).toEqual(expected);
    expect(
      order(`{"find": "c", "projection": {"_id": 0}, "sort": {"a": 1}, "hint": {"a": 1}, "collation": ${collation}}`),
    ).toEqual(expected);
  });

  it('find: $expr, the collection default and the simple override', () => {
    const expr = setup(null, '[{"a": "A"}, {"a": "B"}]');
    expect(
      expr.batch(expr.cmd(`{"find": "c", "filter": {"$expr": {"$eq": ["$a", "a"]}}, "collation": ${ci}}`)).length,
    ).toBe(1);
    const d = setup(ci, '[{"str": "foo"}, {"str": "FOO"}, {"str": "bar"}]');
    expect(d.batch(d.cmd('{"find": "c", "filter": {"str": {"$in": ["foo", "bar"]}}}')).length).toBe(3);
    expect(d.batch(d.cmd('{"find": "c", "filter": {"str": "FOO"}}')).length).toBe(2);
    expect(d.batch(d.cmd('{"find": "c", "filter": {"str": "FOO"}, "collation": {"locale": "simple"}}')).length).toBe(1);
  });

  it('aggregate: the command collation, the default, and the simple override', () => {
    const { cmd, batch } = setup(null, '[{"_id": 1, "str": "foo"}, {"_id": 2, "str": "bar"}]');
    expect(batch(cmd('{"aggregate": "c", "pipeline": [{"$match": {"str": "FOO"}}], "cursor": {}}')).length).toBe(0);
    expect(
      batch(cmd(`{"aggregate": "c", "pipeline": [{"$match": {"str": "FOO"}}], "cursor": {}, "collation": ${ci}}`))
        .length,
    ).toBe(1);
    const d = setup(ci, '[{"str": "foo"}]');
    expect(d.batch(d.cmd('{"aggregate": "c", "pipeline": [{"$match": {"str": "FOO"}}], "cursor": {}}')).length).toBe(1);
    expect(
      d.batch(
        d.cmd(
          '{"aggregate": "c", "pipeline": [{"$match": {"str": "FOO"}}], "cursor": {}, "collation": {"locale": "simple"}}',
        ),
      ).length,
    ).toBe(0);
    const none = setup(null, '');
    expect(
      none.batch(none.cmd('{"aggregate": "c", "pipeline": [], "cursor": {}, "collation": {"locale": "fr"}}')).length,
    ).toBe(0);
  });
});
