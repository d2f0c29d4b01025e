/**
 * The sort pattern comparators (push_sorter_test.cpp, pattern_cmp_test.cpp): `PatternElementCmp`
 * orders the elements of a `$push` with `$sort`, `PatternValueCmp` those of `$sortArray` (which an
 * update pipeline runs). A pattern `{f: ±1, …}` compares the elements' values at each dotted path in
 * turn, a missing path counting as null (before any value); `1`/`-1` compares whole elements in
 * BSON order; strings compare under the collation. `$sortArray` keeps equal elements in their
 * order (PatternValueCmpObjectsPathDoesNotExist).
 *
 * The C++ collation cases use a mock collator comparing reversed strings; a real collation that
 * orders differently from code points (tertiary strength: "a" < "B" < "C") checks the same rule.
 */
import { describe, expect, it } from 'vitest';
import { applyNode } from './node-harness.js';
import { canon } from '../../commands/testing.js';

/** The array `x` after `$push: {x: {$each: [], $sort: sort}}`. */
function pushSorted(elements: readonly string[], sort: string, collation?: string): string {
  const out = applyNode({
    doc: `{"x": [${elements.join(', ')}]}`,
    update: `{"$push": {"x": {"$each": [], "$sort": ${sort}}}}`,
    ...(collation === undefined ? {} : { collation }),
  });
  return out.doc;
}

/** The array `x` after the pipeline update `[{$set: {x: {$sortArray: {input: "$x", sortBy}}}}]`. */
function sortArrayed(elements: readonly string[], sortBy: string, collation?: string): string {
  const out = applyNode({
    doc: `{"x": [${elements.join(', ')}]}`,
    update: `[{"$set": {"x": {"$sortArray": {"input": "$x", "sortBy": ${sortBy}}}}}]`,
    ...(collation === undefined ? {} : { collation }),
  });
  return out.doc;
}

const asDoc = (elements: readonly string[]) => canon(`{"x": [${elements.join(', ')}]}`);

describe('PatternElementCmp: $push with $sort (ObjectArray / PatternElemCmpTest)', () => {
  const rows: readonly {
    from: string;
    elements: readonly string[];
    sort: string;
    order: readonly number[];
    collation?: string;
  }[] = [
    {
      from: 'NormalOrder',
      elements: ['{"b": 1, "a": 1}', '{"a": 3, "b": 2}', '{"b": 3, "a": 2}'],
      sort: '{"a": 1, "b": 1}',
      order: [0, 2, 1],
    },
    {
      from: 'MixedOrder',
      elements: ['{"b": 1, "a": 1}', '{"a": 3, "b": 2}', '{"b": 3, "a": 2}'],
      sort: '{"b": 1, "a": -1}',
      order: [0, 1, 2],
    },
    {
      from: 'ExtraFields',
      elements: ['{"b": 1, "c": 2, "a": 1}', '{"c": 1, "a": 3, "b": 2}', '{"b": 3, "a": 2}'],
      sort: '{"a": 1, "b": 1}',
      order: [0, 2, 1],
    },
    {
      from: 'MissingFields',
      elements: ['{"a": 2, "b": 2}', '{"a": 1}', '{"a": 3, "b": 3, "c": 3}'],
      sort: '{"b": 1, "c": 1}',
      order: [1, 0, 2],
    },
    {
      from: 'NestedFields',
      elements: ['{"a": {"b": {"c": 2, "d": 0}}}', '{"a": {"b": {"c": 1, "d": 2}}}', '{"a": {"b": {"c": 3, "d": 1}}}'],
      sort: '{"a.b": 1}',
      order: [1, 0, 2],
    },
    {
      from: 'SimpleNestedFields',
      elements: ['{"a": {"b": -1}}', '{"a": {"b": -100}}', '{"a": {"b": 34}}'],
      sort: '{"a.b": 1}',
      order: [1, 0, 2],
    },
    {
      from: 'NestedInnerObjectDescending',
      elements: ['{"a": {"b": {"c": 2, "d": 0}}}', '{"a": {"b": {"c": 1, "d": 2}}}', '{"a": {"b": {"c": 3, "d": 1}}}'],
      sort: '{"a.b.d": -1}',
      order: [1, 2, 0],
    },
    {
      from: 'NestedInnerObjectAscending',
      elements: ['{"a": {"b": {"c": 2, "d": 0}}}', '{"a": {"b": {"c": 1, "d": 2}}}', '{"a": {"b": {"c": 3, "d": 1}}}'],
      sort: '{"a.b.d": 1}',
      order: [0, 2, 1],
    },
    {
      from: 'SortRespectsCollation',
      elements: ['{"a": "B"}', '{"a": "a"}', '{"a": "C"}'],
      sort: '{"a": 1}',
      order: [1, 0, 2],
      collation: '{"locale": "en"}',
    },
    {
      from: 'SortRespectsCollation (simple collation: code points)',
      elements: ['{"a": "B"}', '{"a": "a"}', '{"a": "C"}'],
      sort: '{"a": 1}',
      order: [0, 2, 1],
    },
  ];
  for (const r of rows) {
    it(r.from, () => {
      expect(pushSorted(r.elements, r.sort, r.collation)).toBe(asDoc(r.order.map((i) => r.elements[i]!)));
    });
  }
});

describe('PatternValueCmp: $sortArray in an update pipeline (PatternValueCmpTest)', () => {
  const rows: readonly {
    from: string;
    input: readonly string[];
    sortBy: string;
    sorted: readonly string[];
    collation?: string;
  }[] = [
    { from: 'PatternValueCmpAscendingOrder', input: ['3', '2', '1'], sortBy: '1', sorted: ['1', '2', '3'] },
    { from: 'PatternValueCmpDescendingOrder', input: ['1', '2', '3'], sortBy: '-1', sorted: ['3', '2', '1'] },
    { from: 'PatternValueCmpStrings', input: ['"a"', '"b"'], sortBy: '1', sorted: ['"a"', '"b"'] },
    {
      from: 'PatternValueCmpObjects',
      input: ['{"a": 3}', '{"a": 2}', '{"a": 1}'],
      sortBy: '{"a": 1}',
      sorted: ['{"a": 1}', '{"a": 2}', '{"a": 3}'],
    },
    {
      from: 'PatternValueCmpObjects (arrays after objects, descending)',
      input: ['{}', '[]', '[]'],
      sortBy: '-1',
      sorted: ['[]', '[]', '{}'],
    },
    { from: 'PatternValueCmpObjects (equal objects)', input: ['{}', '{}'], sortBy: '-1', sorted: ['{}', '{}'] },
    {
      from: 'PatternValueCmpObjectsDottedPath',
      input: ['{"a": {"b": 1}}', '{"a": {"b": 2}}', '{"a": {"b": 3}}'],
      sortBy: '{"a.b": -1}',
      sorted: ['{"a": {"b": 3}}', '{"a": {"b": 2}}', '{"a": {"b": 1}}'],
    },
    {
      from: 'PatternValueCmpObjectsPathDoesNotExist (ascending)',
      input: ['{"a": 2}', '{"b": 2}', '{"a": 1}', '{"c": 0}'],
      sortBy: '{"a": 1}',
      sorted: ['{"b": 2}', '{"c": 0}', '{"a": 1}', '{"a": 2}'],
    },
    {
      from: 'PatternValueCmpObjectsPathDoesNotExist (descending)',
      input: ['{"a": 2}', '{"b": 2}', '{"a": 1}', '{"c": 0}'],
      sortBy: '{"a": -1}',
      sorted: ['{"a": 2}', '{"a": 1}', '{"b": 2}', '{"c": 0}'],
    },
    {
      from: 'PatternValueCmpWithCollator (no collation)',
      input: ['"abc"', '"acb"', '"cba"', '"Abc"'],
      sortBy: '1',
      sorted: ['"Abc"', '"abc"', '"acb"', '"cba"'],
    },
    {
      from: 'PatternValueCmpWithCollator',
      input: ['"Acb"', '"abc"', '"cba"', '"Abc"'],
      sortBy: '1',
      sorted: ['"abc"', '"Abc"', '"Acb"', '"cba"'],
      collation: '{"locale": "en"}',
    },
  ];
  for (const r of rows) {
    it(r.from, () => {
      expect(sortArrayed(r.input, r.sortBy, r.collation)).toBe(asDoc(r.sorted));
    });
  }
});
