/**
 * The query half of MongoDB's jstests/aggregation/expressions/in.js: for every case marked
 * `queryFormShouldBeEquivalent`, the query `{elementField: {$in: array}}` selects the document
 * exactly when the `$in` expression is true — through `find`, `count` and an update's filter
 * (`n`). The collection-collation case runs on a collection created with that collation (the
 * expression and the query both inherit it), the hashed-index case on a collection with a hashed
 * index on the field. The cases where the two differ (regexes, array elements) are the
 * expression's own rule and are asserted in sets-and-membership.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Doc } from '../../bson/values.js';
import { aggregate, runCommand, type Lit } from './harness.js';

let counter = 0;

function freshCollection(options: Record<string, Lit> = {}, index?: Lit): string {
  const name = `in_query_${++counter}`;
  expect(String(runCommand({ create: name, ...options }).get('ok'))).toBe('1');
  if (index) expect(String(runCommand({ createIndexes: name, indexes: [{ key: index, name: 'idx' }] }).get('ok'))).toBe('1');
  return name;
}

/** [expression's answer, find's count, count's n, update's n] for one case of testExpressionInternal. */
function answers(element: Lit, array: Lit[], coll: string): [unknown, number, number, number] {
  expect(String(runCommand({ insert: coll, documents: [{ elementField: element }] }).get('ok'))).toBe('1');
  const [projected] = aggregate(coll, [{ $project: { included: { $in: ['$elementField', { $literal: array }] } } }]);
  const query = { elementField: { $in: array } };
  const found = ((runCommand({ find: coll, filter: query }).get('cursor') as Doc).get('firstBatch') as Doc[]).length;
  const counted = Number(String(runCommand({ count: coll, query }).get('n')));
  const updated = Number(String(runCommand({ update: coll, updates: [{ q: query, u: { $set: { seen: true } } }] }).get('n')));
  return [projected!.get('included'), found, counted, updated];
}

const expectEquivalent = (element: Lit, array: Lit[], included: boolean, coll = freshCollection()): void => {
  const n = included ? 1 : 0;
  expect(answers(element, array, coll)).toEqual([included, n, n, n]);
};

describe('in.js: the query $in selects what the $in expression includes', () => {
  it('scalars, objects and arrays compared whole; duplicates and order do not matter; an empty list', () => {
    expectEquivalent(1, [1, 2, 3], true);
    expectEquivalent('A', ['a', 'A', 'a'], true);
    expectEquivalent({ a: 1 }, [{ b: 1 }, 2], false);
    expectEquivalent({ a: 1 }, [{ a: 1 }], true);
    expectEquivalent([1, 2], [[2, 1]], false);
    expectEquivalent([1, 2], [[1, 2]], true);
    expectEquivalent(7, [3, 5, 7, 7, 9], true);
    expectEquivalent(7, [3, 5, 7, 9, 9], true);
    expectEquivalent(7, [3, 10, 5, 7, 8, 9], true);
    expectEquivalent(7, [7, 10, 7, 10, 2, 5, 3, 7], true);
    expectEquivalent(8, [10, 7, 2, 5, 3], false);
    expectEquivalent(1, [], false);
  });
  it("the collection's default collation (en_US, strength 2) decides both", () => {
    const coll = freshCollection({ collation: { locale: 'en_US', strength: 2 } });
    expectEquivalent('abcd', ['aBcD', 'ABCD'], true, coll);
  });
  it('a hashed index on the field changes neither', () => {
    expectEquivalent(5, [10, 7, 2, 5, 3], true, freshCollection({}, { elementField: 'hashed' }));
  });
});
