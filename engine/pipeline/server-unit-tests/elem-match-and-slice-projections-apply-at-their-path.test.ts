/**
 * Find's `$elemMatch` and `$slice` projections applied to a document
 * (projection_executor_utils_test.cpp, ElemMatchProjection.* and SliceProjection.*; the rules are
 * `applyFindElemMatchProjection` and `applyFindSliceProjection` in projection_executor_utils.cpp).
 * Each C++ call runs as a projection through `find` and findAndModify's `fields` (viaFind), and
 * the same projections through findAndModify with `remove` and with `new: true`.
 *
 * - `$elemMatch` keeps `[first matching element]` of a top-level array and drops the field when
 *   nothing matches, when the field is missing, or when it is not an array (a document whose only
 *   field is named "" matches nothing).
 * - `$slice: n` / `$slice: [skip, limit]` slices the array at the path; a path through an array of
 *   documents slices in each element (arrays in arrays are not entered); a scalar or a document at
 *   the path is kept as it is. A `$slice` alone leaves the projection an exclusion, so every other
 *   field stays.
 */
import { describe, expect, it } from 'vitest';
import { viaFindAndModify } from './find-and-modify-projection-paths.js';
import { canon, viaFind } from './stage-harness.js';

const elemMatchRows = [
  {
    from: 'CorrectlyProjectsNonObjectElement',
    doc: '{"_id": 0, "foo": [1, 2, 3, 4]}',
    spec: '{"$in": [4]}',
    result: '{"_id": 0, "foo": [4]}',
  },
  {
    from: 'CorrectlyProjectsNonObjectElement',
    doc: '{"_id": 0, "foo": [1, 2, 3, 4]}',
    spec: '{"$nin": [1, 2, 3]}',
    result: '{"_id": 0, "foo": [4]}',
  },
  {
    from: 'CorrectlyProjectsObjectElement',
    doc: '{"_id": 0, "foo": [{"bar": 1, "z": 1}, {"bar": 2, "z": 2}, {"bar": 6, "z": 6}, {"bar": 10, "z": 10}]}',
    spec: '{"bar": {"$gte": 5}}',
    result: '{"_id": 0, "foo": [{"bar": 6, "z": 6}]}',
  },
  {
    from: 'CorrectlyProjectsArrayElement',
    doc: '{"_id": 0, "foo": [[1, 2], [3, 4]]}',
    spec: '{"$gt": [1, 2]}',
    result: '{"_id": 0, "foo": [[3, 4]]}',
  },
  {
    from: 'ProjectsAsEmptyDocumentIfInputIsEmpty',
    doc: '{"_id": 0}',
    spec: '{"bar": {"$gte": 5}}',
    result: '{"_id": 0}',
  },
  {
    from: 'RemovesFieldFromOutputDocumentIfUnableToMatchArrayElement',
    doc: '{"_id": 0, "foo": [{"bar": 1, "z": 1}, {"bar": 2, "z": 2}]}',
    spec: '{"bar": {"$gte": 5}}',
    result: '{"_id": 0}',
  },
  {
    from: 'RemovesFieldFromOutputDocumentIfUnableToMatchArrayElement',
    doc: '{"_id": 0, "bar": 1, "foo": [{"bar": 1, "z": 1}, {"bar": 2, "z": 2}, {"bar": 6, "z": 6}, {"bar": 10, "z": 10}]}',
    spec: '{"bar": {"$gte": 20}}',
    result: '{"_id": 0}',
  },
  {
    from: 'CorrectlyProjectsWithMultipleCriteriaInMatchExpression',
    doc: '{"_id": 0, "foo": [{"bar": 1, "z": 1}, {"bar": 2, "z": 2}, {"bar": 6, "z": 6}, {"bar": 10, "z": 10}]}',
    spec: '{"bar": {"$gt": 1, "$lt": 6}}',
    result: '{"_id": 0, "foo": [{"bar": 2, "z": 2}]}',
  },
  {
    from: 'ReturnsEmptyValueIfItContainsNumericSubfield',
    doc: '{"_id": 0, "foo": {"": 3}}',
    spec: '{"$gt": 2}',
    result: '{"_id": 0}',
  },
  {
    from: 'ReturnsEmptyValueIfItContainsNumericSubfield',
    doc: '{"_id": 0, "bar": 1, "foo": {"": 3}}',
    spec: '{"$gt": 2}',
    result: '{"_id": 0}',
  },
];

describe('ElemMatchProjection (projection_executor_utils_test.cpp)', () => {
  it.each(elemMatchRows)('$from: $spec over $doc', (row) => {
    const projection = `{"foo": {"$elemMatch": ${row.spec}}}`;
    expect(viaFind({ doc: row.doc, projection })).toBe(canon(row.result));
    expect(viaFindAndModify({ doc: row.doc, projection, mode: 'remove' })).toBe(canon(row.result));
  });

  it('CanMergeWithExistingFieldsInInputDocument: an included field stays, the $elemMatch field comes after it', () => {
    const doc = '{"_id": 0, "foo": [{"bar": 1, "z": 1}, {"bar": 6, "z": 6}], "bar": 1}';
    const projection = '{"bar": 1, "foo": {"$elemMatch": {"bar": {"$gte": 5}}}}';
    expect(viaFind({ doc, projection })).toBe(canon('{"_id": 0, "bar": 1, "foo": [{"bar": 6, "z": 6}]}'));
  });

  it('with new: true the post-image is matched', () => {
    const doc = '{"_id": 0, "foo": [1, 2, 3]}';
    const projection = '{"foo": {"$elemMatch": {"$gte": 4}}}';
    expect(viaFindAndModify({ doc, projection, mode: { newAfter: '{"$push": {"foo": 9}}' } })).toBe(
      canon('{"_id": 0, "foo": [9]}'),
    );
  });
});

const A = '{"_id": 0, "a": [1, 2, 3, 4]}';
const sliceRows: ReadonlyArray<{ from: string; doc: string; path?: string; slice: string; result: string }> = [
  { from: 'CorrectlyProjectsSimplePath', doc: A, slice: '3', result: '{"_id": 0, "a": [1, 2, 3]}' },
  { from: 'CorrectlyProjectsSimplePath', doc: A, slice: '-3', result: '{"_id": 0, "a": [2, 3, 4]}' },
  { from: 'CorrectlyProjectsSimplePath', doc: A, slice: '[-3, 1]', result: '{"_id": 0, "a": [2]}' },
  { from: 'CorrectlyProjectsSimplePath', doc: A, slice: '[-3, 4]', result: '{"_id": 0, "a": [2, 3, 4]}' },
  { from: 'CorrectlyProjectsSimplePath', doc: A, slice: '[3, 1]', result: '{"_id": 0, "a": [4]}' },
  { from: 'CorrectlyProjectsSimplePath', doc: A, slice: '[-5, 5]', result: '{"_id": 0, "a": [1, 2, 3, 4]}' },
  { from: 'CorrectlyProjectsSimplePath', doc: A, slice: '[5, 2]', result: '{"_id": 0, "a": []}' },
  { from: 'CorrectlyProjectsSimplePath', doc: A, slice: '[-5, 2]', result: '{"_id": 0, "a": [1, 2]}' },
  {
    from: 'CorrectlyProjectsSimplePath (INT_MAX)',
    doc: A,
    slice: '2147483647',
    result: '{"_id": 0, "a": [1, 2, 3, 4]}',
  },
  {
    from: 'CorrectlyProjectsSimplePath (INT_MIN)',
    doc: A,
    slice: '-2147483648',
    result: '{"_id": 0, "a": [1, 2, 3, 4]}',
  },
  {
    from: 'CorrectlyProjectsSimplePath',
    doc: A,
    slice: '[-2147483648, 2147483647]',
    result: '{"_id": 0, "a": [1, 2, 3, 4]}',
  },
  { from: 'CorrectlyProjectsSimplePath', doc: A, slice: '[2147483647, 2147483647]', result: '{"_id": 0, "a": []}' },
  {
    from: 'CorrectlyProjectsSimplePath',
    doc: '{"_id": 0, "a": [{"b": 1, "c": 1}, {"b": 2, "c": 2}, {"b": 3, "c": 3}], "d": 2}',
    slice: '1',
    result: '{"_id": 0, "a": [{"b": 1, "c": 1}], "d": 2}',
  },
  {
    from: 'CorrectlyProjectsSimplePath',
    doc: '{"_id": 0, "a": [{"b": 1, "c": 1}, {"b": 2, "c": 2}, {"b": 3, "c": 3}], "d": 2}',
    slice: '-1',
    result: '{"_id": 0, "a": [{"b": 3, "c": 3}], "d": 2}',
  },
  {
    from: 'CorrectlyProjectsSimplePath',
    doc: '{"_id": 0, "a": [{"b": 1, "c": 1}, {"b": 2, "c": 2}, {"b": 3, "c": 3}], "d": 2}',
    slice: '[1, 1]',
    result: '{"_id": 0, "a": [{"b": 2, "c": 2}], "d": 2}',
  },
  {
    from: 'CorrectlyProjectsSimplePath (scalar kept)',
    doc: '{"_id": 0, "a": 1}',
    slice: '2',
    result: '{"_id": 0, "a": 1}',
  },
  {
    from: 'CorrectlyProjectsSimplePath (document kept)',
    doc: '{"_id": 0, "a": {"b": 1}}',
    slice: '2',
    result: '{"_id": 0, "a": {"b": 1}}',
  },
  {
    from: 'CorrectlyProjectsDottedPath',
    doc: '{"_id": 0, "a": {"b": [1, 2, 3], "c": 1}}',
    path: 'a.b',
    slice: '2',
    result: '{"_id": 0, "a": {"b": [1, 2], "c": 1}}',
  },
  {
    from: 'CorrectlyProjectsDottedPath',
    doc: '{"_id": 0, "a": {"b": [1, 2, 3], "c": 1}, "d": 1}',
    path: 'a.b',
    slice: '2',
    result: '{"_id": 0, "a": {"b": [1, 2], "c": 1}, "d": 1}',
  },
  {
    from: 'CorrectlyProjectsDottedPath',
    doc: '{"_id": 0, "a": {"b": [[1, 2], [3, 4], [5, 6]]}}',
    path: 'a.b',
    slice: '2',
    result: '{"_id": 0, "a": {"b": [[1, 2], [3, 4]]}}',
  },
  {
    from: 'CorrectlyProjectsDottedPath',
    doc: '{"_id": 0, "a": [{"b": {"c": [1, 2, 3, 4]}}, {"b": {"c": [5, 6, 7, 8]}}], "d": 1}',
    path: 'a.b.c',
    slice: '[-1, 2]',
    result: '{"_id": 0, "a": [{"b": {"c": [4]}}, {"b": {"c": [8]}}], "d": 1}',
  },
  {
    from: 'CorrectlyProjectsDottedPath',
    doc: '{"_id": 0, "a": {"b": 1}}',
    path: 'a.b',
    slice: '2',
    result: '{"_id": 0, "a": {"b": 1}}',
  },
  {
    from: 'CorrectlyProjectsDottedPath',
    doc: '{"_id": 0, "a": {"b": {"c": 1}}}',
    path: 'a.b',
    slice: '2',
    result: '{"_id": 0, "a": {"b": {"c": 1}}}',
  },
  {
    from: 'CorrectlyProjectsDottedPath',
    doc: '{"_id": 0, "a": [{"b": [1, 2, 3], "c": 1}]}',
    path: 'a.b',
    slice: '-1',
    result: '{"_id": 0, "a": [{"b": [3], "c": 1}]}',
  },
  {
    from: 'CorrectlyProjectsDottedPath',
    doc: '{"_id": 0, "a": [{"b": [1, 2, 3], "c": 4}, {"b": [5, 6, 7], "c": 8}]}',
    path: 'a.b',
    slice: '-1',
    result: '{"_id": 0, "a": [{"b": [3], "c": 4}, {"b": [7], "c": 8}]}',
  },
  {
    from: 'CorrectlyProjectsDottedPath',
    doc: '{"_id": 0, "a": [{"b": [{"x": 1, "c": [1, 2]}, {"y": 1, "c": [3, 4]}]}], "z": 1}',
    path: 'a.b.c',
    slice: '1',
    result: '{"_id": 0, "a": [{"b": [{"x": 1, "c": [1]}, {"y": 1, "c": [3]}]}], "z": 1}',
  },
];

describe('SliceProjection (projection_executor_utils_test.cpp)', () => {
  it.each(sliceRows)('$from: $path $slice over $doc', (row) => {
    const projection = `{"${row.path ?? 'a'}": {"$slice": ${row.slice}}}`;
    expect(viaFind({ doc: row.doc, projection })).toBe(canon(row.result));
    expect(viaFindAndModify({ doc: row.doc, projection, mode: 'remove' })).toBe(canon(row.result));
    expect(viaFindAndModify({ doc: row.doc, projection, mode: { newAfter: '{"$set": {"n": 1}}' } })).toBe(
      canon(row.result.replace(/\}$/, ', "n": 1}')),
    );
  });

  it('SliceProjectionDeathTest: a negative limit with a skip never reaches the executor; it is the aggregation $slice, which fails per document (28724)', () => {
    // The C++ death tests call the helper directly (tripwire 7241701). Through find, [1, -1] is
    // refused as find syntax (31259) and parses as the expression {$slice: [1, -1]}, whose first
    // argument is not an array.
    for (const slice of ['[1, -1]', '[-1, -1]']) {
      expect(viaFind({ doc: A, projection: `{"a": {"$slice": ${slice}}}` })).toBe(
        '28724: First argument to $slice must be an array, but is of type: int',
      );
    }
  });
});
