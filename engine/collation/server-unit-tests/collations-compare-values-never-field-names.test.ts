/**
 * A collation compares string values, never field names: through a hashed or wildcard index with
 * a case-insensitive collation (given, or inherited from the collection default), `{"a.b":
 * "string"}` matches "STRING" but not a field spelled `A.B`; find, count and an update's filter
 * agree. An index may override the collection default with `{locale: "simple"}` next to one that
 * inherits it, on the same key.
 *
 * Ported from jstests/core/index/hashed/hashed_index_collation.js,
 * jstests/core/index/wildcard/wildcard_index_collation.js (results; the plan-shape and covering
 * assertions are left out, and the `{$**: 1, b: 1}` index with `wildcardProjection` is not
 * accepted by the engine) and jstests/core/index/index_creation_on_different_collations.js.
 */
import { describe, expect, it } from 'vitest';
import type { Doc } from '../../bson/values.js';
import { canon, ejson, run, testEngine } from './harness.js';

const ci = '{"locale": "en_US", "strength": 1}';

function ids(reply: Doc): number[] {
  const batch = (reply.get('cursor') as Doc).get('firstBatch') as Doc[];
  return batch.map((d) => Number(String(d.get('_id'))));
}

/** find's `_id`s, count's n and an update's nMatched for one filter: they must agree. */
function answers(engine: ReturnType<typeof testEngine>, coll: string, filter: string, extra = '') {
  const found = ids(run(engine, 't', `{"find": "${coll}", "filter": ${filter}, "sort": {"_id": 1}${extra}}`));
  const counted = Number(String(run(engine, 't', `{"count": "${coll}", "query": ${filter}${extra}}`).get('n')));
  const updated = run(
    engine,
    't',
    `{"update": "${coll}", "updates": [{"q": ${filter}, "u": {"$set": {"seen": true}}, "multi": true${extra}}]}`,
  );
  expect(counted).toBe(found.length);
  expect(Number(String(updated.get('n')))).toBe(found.length);
  return found;
}

describe('collations compare values, never field names', () => {
  it('through a compound hashed index with a collation (hashed_index_collation.js)', () => {
    const engine = testEngine();
    run(
      engine,
      't',
      `{"createIndexes": "c", "indexes": [{"key": {"a.b": "hashed", "a.c": 1, "a.e": -1}, "name": "h", "collation": ${ci}}]}`,
    );
    run(
      engine,
      't',
      `{"insert": "c", "documents": [{"_id": 0, "a": {"b": "string", "c": "STRING", "e": 5}}, {"_id": 1, "a": {"b": "STRING", "c": "string", "e": 5}}, {"_id": 2, "A": {"B": "string", "C": "STRING", "E": 5}}, {"_id": 3, "A": {"B": "StrinG", "C": "sTRINg", "E": 5}}]}`,
    );
    const c = `, "collation": ${ci}`;
    expect(answers(engine, 'c', '{"a.b": "string", "a.c": "string"}', `${c}, "hint": "h"`)).toEqual([0, 1]);
    expect(answers(engine, 'c', '{"A.B": "string"}', c)).toEqual([2, 3]);
    expect(answers(engine, 'c', '{"$or": [{"a.b": "string_1"}, {"a.b": "string", "a.c": "string"}]}', c)).toEqual([
      0, 1,
    ]);
    run(engine, 't', '{"dropIndexes": "c", "index": "*"}');
    run(
      engine,
      't',
      `{"createIndexes": "c", "indexes": [{"key": {"a.b": 1, "a.c": "hashed", "a.e": -1}, "name": "h2", "collation": ${ci}}]}`,
    );
    const projected = run(
      engine,
      't',
      `{"find": "c", "filter": {"a.b": "string", "a.e": {"$type": "number"}}, "projection": {"a.e": 1, "_id": 0}, "collation": ${ci}, "hint": "h2"}`,
    );
    expect(ejson((projected.get('cursor') as Doc).get('firstBatch')!)).toBe(
      canon('[{"a": {"e": 5}}, {"a": {"e": 5}}]'),
    );
  });

  it('through a wildcard index inheriting the collection default (wildcard_index_collation.js)', () => {
    const engine = testEngine();
    run(engine, 't', `{"create": "c", "collation": ${ci}}`);
    run(engine, 't', '{"createIndexes": "c", "indexes": [{"key": {"$**": 1}, "name": "w"}]}');
    const listed = (run(engine, 't', '{"listIndexes": "c"}').get('cursor') as Doc).get('firstBatch') as Doc[];
    expect(ejson(listed[1]!.get('collation')!)).toBe(
      canon(
        '{"locale": "en_US", "caseLevel": false, "caseFirst": "off", "strength": 1, "numericOrdering": false, "alternate": "non-ignorable", "maxVariable": "punct", "normalization": false, "backwards": false, "version": "57.1"}',
      ),
    );
    run(
      engine,
      't',
      '{"insert": "c", "documents": [{"_id": 1, "a": {"b": "string", "c": "STRING"}, "d": "sTrInG", "e": 5}, {"_id": 2, "a": {"b": "STRING", "c": "string"}, "d": "StRiNg", "e": 5}, {"_id": 3, "A": {"B": "string", "C": "STRING"}, "d": "sTrInG", "E": 5}, {"_id": 4, "A": {"B": "STRING", "C": "string"}, "d": "StRiNg", "E": 5}]}',
    );
    const hinted = ', "hint": "w"';
    expect(answers(engine, 'c', '{"a.b": "string"}', hinted)).toEqual([1, 2]);
    expect(answers(engine, 'c', '{"A.B": "string"}', hinted)).toEqual([3, 4]);
    expect(answers(engine, 'c', '{"$or": [{"a.c": "string"}, {"A.C": "string"}]}')).toEqual([1, 2, 3, 4]);
    expect(answers(engine, 'c', '{"d": "string"}', hinted)).toEqual([1, 2, 3, 4]);
    expect(answers(engine, 'c', '{"e": 5}', hinted)).toEqual([1, 2]);
    expect(answers(engine, 'c', '{"E": 5}', hinted)).toEqual([3, 4]);
    // The same answers from a collection scan under the same collation.
    expect(answers(engine, 'c', '{"a.b": "string"}', `, "collation": ${ci}, "hint": {"$natural": 1}`)).toEqual([1, 2]);
  });

  it('an index overriding the default with {locale: "simple"} sits next to one inheriting it (index_creation_on_different_collations.js)', () => {
    const engine = testEngine();
    run(engine, 't', '{"create": "c", "collation": {"locale": "en_US", "strength": 2, "caseLevel": false}}');
    run(engine, 't', '{"createIndexes": "c", "indexes": [{"key": {"x": 1}, "name": "x_1"}]}');
    run(
      engine,
      't',
      '{"createIndexes": "c", "indexes": [{"key": {"x": 1}, "name": "x_1_1", "collation": {"locale": "simple"}}]}',
    );
    const listed = (run(engine, 't', '{"listIndexes": "c"}').get('cursor') as Doc).get('firstBatch') as Doc[];
    expect(listed.slice(1).map((d) => ejson(d))).toEqual([
      canon(
        '{"v": 2, "key": {"x": 1}, "name": "x_1", "collation": {"locale": "en_US", "caseLevel": false, "caseFirst": "off", "strength": 2, "numericOrdering": false, "alternate": "non-ignorable", "maxVariable": "punct", "normalization": false, "backwards": false, "version": "57.1"}}',
      ),
      canon('{"v": 2, "key": {"x": 1}, "name": "x_1_1"}'),
    ]);
  });
});
