/**
 * Parsing one array filter (array_filter_test.cpp). The C++ file tests `ArrayFilter::parse` of
 * 2017; in MongoDB 8.0 the same input goes through `parseArrayFilters` (parsed_update.cpp) and
 * `ExpressionWithPlaceholder::make`: the filter is a query parsed without special features, its
 * top-level field name (the part before the first dot, the same across `$and`/`$or`) is the
 * identifier, which must match `^[a-z][a-zA-Z0-9]*$`. The filter matches the element as that
 * field, under the statement's collation.
 *
 * NestedEmptyMatchExpressionFailsToParse: the 2017 parser refused `{$or: [{i: 0}, {$and: [{}]}]}`;
 * 8.0's `parseTopLevelFieldName` skips a child without a field name, so the filter is `i` and the
 * update runs (asserted here as 8.0 does). The C++ kAlwaysEqual mock collator → a case-insensitive
 * collation.
 */
import { describe, expect, it } from 'vitest';
import { applyNode, nodeError } from './node-harness.js';
import { canon } from '../../commands/testing.js';

describe('an array filter selects the elements its identifier names', () => {
  const rows: readonly {
    from: string;
    doc: string;
    update: string;
    filter: string;
    result: string;
    collation?: string;
  }[] = [
    {
      from: 'ParseBasic',
      doc: '{"a": [0, 1]}',
      update: '{"$set": {"a.$[i]": 9}}',
      filter: '{"i": 0}',
      result: '{"a": [9, 1]}',
    },
    {
      from: 'ParseDottedField',
      doc: '{"a": [{"a": 0, "b": 1}, {"a": 0, "b": 0}]}',
      update: '{"$set": {"a.$[i].c": 9}}',
      filter: '{"i.a": 0, "i.b": 1}',
      result: '{"a": [{"a": 0, "b": 1, "c": 9}, {"a": 0, "b": 0}]}',
    },
    {
      from: 'ParseLogicalQuery',
      doc: '{"a": [0, 1]}',
      update: '{"$set": {"a.$[i]": 9}}',
      filter: '{"$and": [{"i": {"$gte": 0}}, {"i": {"$lte": 0}}]}',
      result: '{"a": [9, 1]}',
    },
    {
      from: 'ParseElemMatch',
      doc: '{"a": [[{"a": 0}], [{"a": 1}]]}',
      update: '{"$set": {"a.$[i]": 9}}',
      filter: '{"i": {"$elemMatch": {"a": 0}}}',
      result: '{"a": [9, [{"a": 1}]]}',
    },
    {
      from: 'ParseCollation',
      doc: '{"a": ["ABC", "cba", 0]}',
      update: '{"$set": {"a.$[i]": 9}}',
      filter: '{"i": "abc"}',
      collation: '{"locale": "en", "strength": 2}',
      result: '{"a": [9, "cba", 0]}',
    },
    {
      from: 'ParseCollation (simple collation)',
      doc: '{"a": ["ABC", "abc", 0]}',
      update: '{"$set": {"a.$[i]": 9}}',
      filter: '{"i": "abc"}',
      result: '{"a": ["ABC", 9, 0]}',
    },
    {
      from: 'ParseIdContainsNumbersAndCapitals',
      doc: '{"a": [0, 1]}',
      update: '{"$set": {"a.$[iA3]": 9}}',
      filter: '{"iA3": 0}',
      result: '{"a": [9, 1]}',
    },
    {
      from: 'NestedEmptyMatchExpressionFailsToParse (8.0: the empty branch has no field name and is skipped)',
      doc: '{"a": [0, 1]}',
      update: '{"$set": {"a.$[i]": 9}}',
      filter: '{"$or": [{"i": 0}, {"$and": [{}]}]}',
      result: '{"a": [9, 9]}',
    },
  ];
  for (const r of rows) {
    it(r.from, () => {
      const out = applyNode({
        doc: r.doc,
        update: r.update,
        arrayFilters: `[${r.filter}]`,
        ...(r.collation === undefined ? {} : { collation: r.collation }),
      });
      expect(out.doc).toBe(canon(r.result));
      expect(out.nModified).toBe(1);
    });
  }
});

describe('array filters refused', () => {
  const caused = 'Error parsing array filter :: caused by :: ';
  const badName = (name: string) =>
    `2: ${caused}The top-level field name must be an alphanumeric string beginning with a lowercase letter, found '${name}'`;
  const rows: readonly (readonly [string, string, string])[] = [
    ['BadMatchExpressionFailsToParse', '{"$and": 0}', `2: ${caused}$and must be an array`],
    [
      'EmptyMatchExpressionFailsToParse',
      '{}',
      '9: Cannot use an expression without a top-level field name in arrayFilters',
    ],
    ['EmptyFieldNameFailsToParse', '{"": 0}', badName('')],
    ['EmptyElemMatchFieldNameFailsToParse', '{"": {"$elemMatch": {"a": 0}}}', badName('')],
    ['EmptyTopLevelFieldNameFailsToParse', '{".i": 0}', badName('')],
    [
      'MultipleTopLevelFieldsFailsToParse',
      '{"$and": [{"i": 0}, {"j": 0}]}',
      `9: ${caused}Expected a single top-level field name, found 'i' and 'j'`,
    ],
    ['SpecialCharactersInFieldNameFailsToParse', '{"i&": 0}', badName('i&')],
    ['FieldNameStartingWithNumberFailsToParse', '{"3i": 0}', badName('3i')],
    ['FieldNameStartingWithCapitalFailsToParse', '{"Ai": 0}', badName('Ai')],
    [
      'TextSearchExpressionFailsToParse',
      '{"$text": {"$search": "search terms"}}',
      `2: ${caused}$text is not allowed in this context`,
    ],
    ['WhereExpressionFailsToParse', '{"$where": "sllep(100)"}', `2: ${caused}$where is not allowed in this context`],
  ];
  for (const [from, filter, error] of rows) {
    it(from, () => {
      expect(nodeError({ doc: '{"a": [0]}', update: '{"$set": {"a.$[i]": 9}}', arrayFilters: `[${filter}]` })).toBe(
        error,
      );
    });
  }
});
