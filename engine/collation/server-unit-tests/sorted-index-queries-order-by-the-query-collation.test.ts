/**
 * A sorted find through compound indexes with or without collations (merge sorts of several index
 * scans included) returns the documents in the query collation's order, and a covered projection
 * of a collated index returns the stored string, not its collation key.
 *
 * Ported from jstests/core/query/collation/merge_sort_collation.js (its test cases up to the
 * $or over two indexes; each case's documents, indexes, filter, sort and expected results) and
 * collation_with_reverse_index.js (SERVER-34846).
 */
import { describe, expect, it } from 'vitest';
import type { Doc } from '../../bson/values.js';
import { canon, ejson, run, testEngine } from './harness.js';

interface Case {
  collectionCollation?: string;
  indexes?: string[];
  indexCollation?: string;
  filter: string;
  sort: string;
  findCollation?: string;
  docs: string;
  expected: string;
}

function runCase(c: Case): string {
  const engine = testEngine();
  run(
    engine,
    't',
    c.collectionCollation ? `{"create": "c", "collation": ${c.collectionCollation}}` : '{"create": "c"}',
  );
  (c.indexes ?? []).forEach((key, i) => {
    const collation = c.indexCollation ? `, "collation": ${c.indexCollation}` : '';
    run(engine, 't', `{"createIndexes": "c", "indexes": [{"key": ${key}, "name": "i${i}"${collation}}]}`);
  });
  run(engine, 't', `{"insert": "c", "documents": ${c.docs}}`);
  const collation = c.findCollation ? `, "collation": ${c.findCollation}` : '';
  const reply = run(engine, 't', `{"find": "c", "filter": ${c.filter}, "sort": ${c.sort}${collation}}`);
  return ejson((reply.get('cursor') as Doc).get('firstBatch') as never);
}

const standard = '[{"_id": 0, "a": 0, "b": "CC"}, {"_id": 1, "a": 0, "b": "AA"}, {"_id": 2, "a": 0, "b": "bb"}]';
const binaryOrder = '[{"_id": 1, "a": 0, "b": "AA"}, {"_id": 0, "a": 0, "b": "CC"}, {"_id": 2, "a": 0, "b": "bb"}]';
const caseless = '[{"_id": 1, "a": 0, "b": "AA"}, {"_id": 2, "a": 0, "b": "bb"}, {"_id": 0, "a": 0, "b": "CC"}]';
const en1 = '{"locale": "en_US", "strength": 1}';
const en2 = '{"locale": "en", "strength": 2}';
const abcd =
  '[{"_id": 0, "a": "1", "b": "1", "c": "a"}, {"_id": 1, "a": "1", "b": "1", "c": "c"}, {"_id": 2, "a": "2", "b": "1", "c": "b"}, {"_id": 3, "a": "2", "b": "1", "c": "d"}]';
const abcdSorted =
  '[{"_id": 0, "a": "1", "b": "1", "c": "a"}, {"_id": 2, "a": "2", "b": "1", "c": "b"}, {"_id": 1, "a": "1", "b": "1", "c": "c"}, {"_id": 3, "a": "2", "b": "1", "c": "d"}]';

const cases: [string, Case][] = [
  [
    'collated index, query without collation',
    {
      indexes: ['{"a": 1, "b": 1}'],
      indexCollation: en1,
      filter: '{"a": 0}',
      sort: '{"b": 1}',
      docs: standard,
      expected: binaryOrder,
    },
  ],
  [
    'collated index, simple query',
    {
      indexes: ['{"a": 1, "b": 1}'],
      indexCollation: en1,
      filter: '{"a": 0}',
      sort: '{"b": 1}',
      findCollation: '{"locale": "simple"}',
      docs: standard,
      expected: binaryOrder,
    },
  ],
  [
    'simple index, collated query',
    {
      indexes: ['{"a": 1, "b": 1}'],
      filter: '{"a": 0}',
      sort: '{"b": 1}',
      findCollation: en1,
      docs: standard,
      expected: caseless,
    },
  ],
  [
    'explicitly simple index, collated query',
    {
      indexes: ['{"a": 1, "b": 1}'],
      indexCollation: '{"locale": "simple"}',
      filter: '{"a": 0}',
      sort: '{"b": 1}',
      findCollation: en1,
      docs: standard,
      expected: caseless,
    },
  ],
  [
    'index of another collation',
    {
      indexes: ['{"a": 1, "b": 1}'],
      indexCollation: '{"locale": "en_US", "strength": 5}',
      filter: '{"a": 0}',
      sort: '{"b": 1}',
      findCollation: en1,
      docs: standard,
      expected: caseless,
    },
  ],
  [
    'collatable range on the suffix, binary query',
    {
      indexes: ['{"a": 1, "b": 1}'],
      indexCollation: en1,
      filter: '{"a": 0, "b": {"$gte": "A", "$lt": "D"}}',
      sort: '{"b": 1}',
      docs: standard,
      expected: '[{"_id": 1, "a": 0, "b": "AA"}, {"_id": 0, "a": 0, "b": "CC"}]',
    },
  ],
  [
    'collatable range on a prefix of the suffix',
    {
      indexes: ['{"a": 1, "b": 1, "c": 1}'],
      indexCollation: en1,
      filter: '{"a": 0, "b": {"$gte": "A", "$lt": "D"}}',
      sort: '{"b": 1}',
      docs: standard,
      expected: '[{"_id": 1, "a": 0, "b": "AA"}, {"_id": 0, "a": 0, "b": "CC"}]',
    },
  ],
  [
    'multi-point prefix, collatable range',
    {
      indexes: ['{"a": 1, "b": 1}'],
      indexCollation: en1,
      filter: '{"a": {"$in": [0, 2]}, "b": {"$gte": "A", "$lt": "D"}}',
      sort: '{"b": 1}',
      docs: '[{"_id": 0, "a": 0, "b": "CC"}, {"_id": 1, "a": 0, "b": "AA"}, {"_id": 2, "a": 0, "b": "bb"}, {"_id": 3, "a": 2, "b": "BB"}]',
      expected: '[{"_id": 1, "a": 0, "b": "AA"}, {"_id": 3, "a": 2, "b": "BB"}, {"_id": 0, "a": 0, "b": "CC"}]',
    },
  ],
  [
    'multi-point prefix, numeric range',
    {
      indexes: ['{"a": 1, "b": 1}'],
      indexCollation: en1,
      filter: '{"a": {"$in": [0, 2]}, "b": {"$gte": 0, "$lt": 10}}',
      sort: '{"b": 1}',
      docs: '[{"_id": 0, "a": 0, "b": 6}, {"_id": 1, "a": 0, "b": 10}, {"_id": 2, "a": 0, "b": "bb"}, {"_id": 3, "a": 2, "b": 5}, {"_id": 4, "a": 2, "b": 4}]',
      expected: '[{"_id": 4, "a": 2, "b": 4}, {"_id": 3, "a": 2, "b": 5}, {"_id": 0, "a": 0, "b": 6}]',
    },
  ],
  [
    'collatable multi-point prefix, matching collations',
    {
      indexes: ['{"a": 1, "b": 1}'],
      indexCollation: en2,
      filter: '{"a": {"$in": ["1", "2"]}}',
      sort: '{"b": 1}',
      findCollation: en2,
      docs: '[{"_id": 0, "a": "1", "b": "a"}, {"_id": 1, "a": "1", "b": "c"}, {"_id": 2, "a": "2", "b": "b"}, {"_id": 3, "a": "2", "b": "d"}]',
      expected:
        '[{"_id": 0, "a": "1", "b": "a"}, {"_id": 2, "a": "2", "b": "b"}, {"_id": 1, "a": "1", "b": "c"}, {"_id": 3, "a": "2", "b": "d"}]',
    },
  ],
  [
    '$or over three indexes with fetched sort keys, missing values and objects',
    {
      indexes: ['{"a": 1, "b": 1, "c": 1}', '{"d": 1, "c": 1}', '{"f": 1, "c": 1}'],
      indexCollation: en2,
      filter: '{"$or": [{"a": {"$in": ["1", "2"]}, "b": "1"}, {"d": "3", "e": "3"}, {"f": "4", "g": "3"}]}',
      sort: '{"c": 1}',
      findCollation: en2,
      docs: '[{"_id": 0, "d": "3", "e": "3", "c": "a"}, {"_id": 1, "d": "3", "e": "3", "c": "b"}, {"_id": 2, "d": "3", "e": "3"}, {"_id": 3, "d": "3", "e": "3", "c": {}}, {"_id": 4, "d": "3", "e": "3", "c": "c"}, {"_id": 5, "d": "3", "e": "3", "c": 1}, {"_id": 6, "a": "2", "b": "1", "c": {"a": "B"}}, {"_id": 7, "d": "3", "e": "3", "c": {"a": "A"}}, {"_id": 8, "d": "3", "e": "3", "c": {"a": "C"}}, {"_id": 9, "f": "4", "g": "3", "c": "d"}]',
      expected:
        '[{"_id": 2, "d": "3", "e": "3"}, {"_id": 5, "d": "3", "e": "3", "c": 1}, {"_id": 0, "d": "3", "e": "3", "c": "a"}, {"_id": 1, "d": "3", "e": "3", "c": "b"}, {"_id": 4, "d": "3", "e": "3", "c": "c"}, {"_id": 9, "f": "4", "g": "3", "c": "d"}, {"_id": 3, "d": "3", "e": "3", "c": {}}, {"_id": 7, "d": "3", "e": "3", "c": {"a": "A"}}, {"_id": 6, "a": "2", "b": "1", "c": {"a": "B"}}, {"_id": 8, "d": "3", "e": "3", "c": {"a": "C"}}]',
    },
  ],
  [
    'collection default collation',
    {
      collectionCollation: en2,
      indexes: ['{"a": 1, "b": 1, "c": 1, "d": 1}'],
      filter: '{"a": {"$in": ["1", "2"]}, "b": "1"}',
      sort: '{"c": 1}',
      docs: abcd,
      expected: abcdSorted,
    },
  ],
  [
    'no collation anywhere',
    {
      indexes: ['{"a": 1, "b": 1, "c": 1, "d": 1}'],
      filter: '{"a": {"$in": ["1", "2"]}, "b": "1"}',
      sort: '{"c": 1}',
      docs: abcd,
      expected: abcdSorted,
    },
  ],
];

describe('sorted queries through indexes follow the query collation (merge_sort_collation.js)', () => {
  for (const [name, c] of cases) {
    it(name, () => {
      expect(runCase(c)).toBe(canon(c.expected));
    });
  }

  it('a covered projection of a collated index returns the stored string (collation_with_reverse_index.js)', () => {
    const engine = testEngine();
    run(engine, 't', '{"insert": "c", "documents": [{"int": 1, "text": "hello world"}]}');
    run(
      engine,
      't',
      '{"createIndexes": "c", "indexes": [{"key": {"int": -1, "text": -1}, "name": "i", "collation": {"locale": "en", "strength": 1}}]}',
    );
    const reply = run(
      engine,
      't',
      '{"find": "c", "filter": {"int": 1}, "projection": {"_id": 0, "int": 1, "text": 1}}',
    );
    expect(ejson((reply.get('cursor') as Doc).get('firstBatch') as never)).toBe(
      canon('[{"int": 1, "text": "hello world"}]'),
    );
  });
});
