/**
 * Find's positional projection `a.b.$` (projection_executor_utils_test.cpp, PositionalProjection.*;
 * the rule is `applyFindPositionalProjection` in projection_executor_utils.cpp, run by find's and
 * findAndModify's projection as a root replacement of the projected document). The C++ applies
 * the match to a whole pre-image and merges into a post-image; here the same documents go through
 * `find` and `findAndModify`'s `fields` (viaFind, both must agree), with the other fields of the
 * C++ document included by name so the "merge with existing fields" part is observable.
 *
 * The rule: walk the path on the projected document; the first array on it keeps only the element
 * the query matched (`[element]`); a document is entered; any other value is passed over, so a
 * path with no array leaves the document as it is (it failed with 51246); a query that recorded no
 * element fails with 51246, an element index the array does not have with 51247.
 */
import { describe, expect, it } from 'vitest';
import { viaFindAndModify } from './find-and-modify-projection-paths.js';
import { canon, viaFind } from './stage-harness.js';

describe('PositionalProjection (projection_executor_utils_test.cpp)', () => {
  it.each([
    {
      from: 'CorrectlyProjectsSimplePath',
      doc: '{"_id": 0, "bar": 1, "foo": [1, 2, 6, 10]}',
      filter: '{"bar": 1, "foo": {"$gte": 5}}',
      projection: '{"bar": 1, "foo.$": 1}',
      result: '{"_id": 0, "bar": 1, "foo": [6]}',
    },
    {
      from: 'CorrectlyProjectsDottedPath',
      doc: '{"_id": 0, "a": 1, "x": {"y": [1, 2, 6, 10]}}',
      filter: '{"a": 1, "x.y": {"$gte": 5}}',
      projection: '{"a": 1, "x.y.$": 1}',
      result: '{"_id": 0, "a": 1, "x": {"y": [6]}}',
    },
    {
      from: 'CorrectlyProjectsDottedPath',
      doc: '{"_id": 0, "a": 1, "x": {"y": {"z": [1, 2, 6, 10]}}}',
      filter: '{"a": 1, "x.y.z": {"$gte": 5}}',
      projection: '{"a": 1, "x.y.z.$": 1}',
      result: '{"_id": 0, "a": 1, "x": {"y": {"z": [6]}}}',
    },
    {
      from: 'ProjectsValueUnmodifiedIfFieldIsNotArray',
      doc: '{"_id": 0, "foo": 3}',
      filter: '{"foo": 3}',
      projection: '{"foo.$": 1}',
      result: '{"_id": 0, "foo": 3}',
    },
    {
      from: 'CorrectlyProjectsNestedArrays',
      doc: '{"_id": 0, "a": [{"b": [1, 2]}, {"b": [3, 4]}]}',
      filter: '{"a.b": 1}',
      projection: '{"a.$": 1}',
      result: '{"_id": 0, "a": [{"b": [1, 2]}]}',
    },
    {
      from: 'CorrectlyProjectsNestedArrays',
      doc: '{"_id": 0, "a": [{"b": [1, 2]}, {"b": [3, 4]}]}',
      filter: '{"a.b": 3}',
      projection: '{"a.$": 1}',
      result: '{"_id": 0, "a": [{"b": [3, 4]}]}',
    },
    {
      from: 'CorrectlyProjectsNestedArrays (path a.b: the first array on it is a)',
      doc: '{"_id": 0, "a": [{"b": [1, 2]}, {"b": [3, 4]}]}',
      filter: '{"a.b": 3}',
      projection: '{"a.b.$": 1}',
      result: '{"_id": 0, "a": [{"b": [3, 4]}]}',
    },
    {
      from: 'CorrectlyProjectsNestedArrays',
      doc: '{"_id": 0, "a": [["a", "b", "c"], ["d", "e", "f"]]}',
      filter: '{"a": {"$gt": ["a", "b", "c"]}}',
      projection: '{"a.$": 1}',
      result: '{"_id": 0, "a": [["d", "e", "f"]]}',
    },
    {
      from: 'CanMergeWithExistingFieldsInOutputDocument',
      doc: '{"_id": 0, "foo": {"bar": [1, 2, 6, 10]}}',
      filter: '{"foo.bar": {"$gte": 5}}',
      projection: '{"foo.bar.$": 1}',
      result: '{"_id": 0, "foo": {"bar": [6]}}',
    },
    {
      from: 'CanMergeWithExistingFieldsInOutputDocument',
      doc: '{"_id": 0, "bar": 1, "foo": {"bar": [1, 2, 6, 10]}}',
      filter: '{"bar": 1, "foo.bar": {"$gte": 5}}',
      projection: '{"bar": 1, "foo.bar.$": 1}',
      result: '{"_id": 0, "bar": 1, "foo": {"bar": [6]}}',
    },
    {
      from: 'CanMergeWithExistingFieldsInOutputDocument',
      doc: '{"_id": 0, "bar": 1, "foo": 3}',
      filter: '{"foo": 3}',
      projection: '{"bar": 1, "foo.$": 1}',
      result: '{"_id": 0, "bar": 1, "foo": 3}',
    },
    {
      from: 'AppliesMatchExpressionToPreImageAndStoresResultInPostImage (foo is matched, not projected)',
      doc: '{"_id": 0, "foo": 1, "bar": [1, 2, 6, 10]}',
      filter: '{"foo": 1, "bar": 6}',
      projection: '{"bar.$": 1}',
      result: '{"_id": 0, "bar": [6]}',
    },
    {
      from: 'the loop passes over a scalar and looks the next name up at the same level',
      doc: '{"_id": 0, "a": 5, "b": [1, 2]}',
      filter: '{"a": 5, "b": 2}',
      projection: '{"a.b.$": 1, "b": 1}',
      result: '{"_id": 0, "b": [1, 2], "a": {"b": [2]}}',
    },
  ])('$from: $projection', (row) => {
    expect(viaFind(row)).toBe(canon(row.result));
  });

  it('FailsToProjectPositionalPathComponentsForNestedArrays: the key is for y, x has no element 1 (51247)', () => {
    expect(
      viaFind({ doc: '{"_id": 0, "x": [{"y": [11, 42]}]}', filter: '{"x.0.y": 42}', projection: '{"x.0.y.$": 1}' }),
    ).toBe("51247: positional operator '.$' element mismatch");
  });

  it('FailsToProjectWithMultipleConditionsOnArray: an $or records no element (51246)', () => {
    // The C++ $or on one path is turned into $in by the optimizer a real query runs (then it
    // records), so the two clauses here name different paths.
    const doc = '{"_id": 0, "x": [{"y": [1, 2]}], "z": 2}';
    expect(viaFind({ doc, filter: '{"$or": [{"x.y": 1}, {"z": 2}]}', projection: '{"x.$": 1}' })).toBe(
      "51246: positional operator '.$' couldn't find a matching element in the array",
    );
    expect(viaFind({ doc, filter: '{"$or": [{"x.y": 1}, {"x.y": 2}]}', projection: '{"x.$": 1}' })).toBe(
      canon('{"_id": 0, "x": [{"y": [1, 2]}]}'),
    );
  });

  it('the errors carry the executor context of the command that ran the projection', () => {
    expect(
      viaFindAndModify({
        doc: '{"_id": 0, "x": [1, 2], "z": 2}',
        filter: '{"$or": [{"x": 1}, {"z": 2}]}',
        projection: '{"x.$": 1}',
        mode: 'remove',
      }),
    ).toBe(
      "51246: Plan executor error during findAndModify :: caused by :: positional operator '.$' couldn't find a matching element in the array",
    );
  });

  it('findAndModify with remove projects the deleted document positionally', () => {
    expect(
      viaFindAndModify({
        doc: '{"_id": 0, "bar": 1, "foo": [1, 2, 6, 10]}',
        filter: '{"foo": {"$gte": 5}}',
        projection: '{"foo.$": 1}',
        mode: 'remove',
      }),
    ).toBe(canon('{"_id": 0, "foo": [6]}'));
  });

  it('findAndModify returning the new document refuses a positional projection (2)', () => {
    expect(
      viaFindAndModify({
        doc: '{"_id": 0, "foo": [1, 2, 6, 10]}',
        filter: '{"foo": {"$gte": 5}}',
        projection: '{"foo.$": 1}',
        mode: { newAfter: '{"$set": {"t": 1}}' },
      }),
    ).toBe('2: cannot use a positional projection and return the new document');
  });
});
