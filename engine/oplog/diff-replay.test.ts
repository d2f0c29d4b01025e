/**
 * Replaying a `$v:2` diff onto a pre-image, as a secondary applies an update oplog entry, against
 * MongoDB's own cases: `document_diff_applier_test.cpp` (`DiffApplierTest.*`) and the applier
 * half of `document_diff_serialization_test.cpp` (`DiffSerializationTest.UnexpectedFieldsIn*`,
 * the malformed diffs and their codes). Each diff is applied twice, as `checkDiff` does: a diff
 * re-applied to its own result gives the same document (oplog application is idempotent).
 *
 * `delta_executor_test.cpp` (`DeltaExecutorTest.*`) applies diffs through the secondary's
 * `DeltaExecutor`; its documents are ported here. Its index-path setups assert nothing in 8.0's
 * version (a TODO, SERVER-76533) and the engine has no secondary that re-keys indexes.
 *
 * Not portable: `DuplicateFieldNames` within one section (`{u: {f1: 3, f1: 4}}`): a document here
 * cannot hold one name twice (Extended JSON input refuses it with code 9). Duplicates across
 * sections are ported.
 */
import { describe, expect, it } from 'vitest';
import { parseEJSONDoc } from '../bson/ejson.js';
import type { Doc } from '../bson/values.js';
import { canon, ejson } from '../commands/testing.js';
import { EngineError } from '../errors.js';
import { applyOplogDiff } from './apply-diff.js';

const fj = (text: string): Doc => parseEJSONDoc(text);

/** `checkDiff`: applying once and applying again to the result both give `post`. */
function checkDiff(pre: string, post: string, diff: string): void {
  const once = applyOplogDiff(fj(pre), fj(diff));
  expect(ejson(once)).toBe(canon(post));
  expect(ejson(applyOplogDiff(once, fj(diff)))).toBe(canon(post));
}

function errorOf(pre: string, diff: string): { code: number; errmsg: string } {
  try {
    applyOplogDiff(fj(pre), fj(diff));
  } catch (e) {
    if (e instanceof EngineError) return { code: e.code, errmsg: e.errmsg };
    throw e;
  }
  throw new Error('expected the diff to be refused');
}

describe('replaying a diff (DiffApplierTest)', () => {
  it('deletes named fields and ignores absent ones (DeleteSimple)', () => {
    checkDiff('{"f1": 1, "foo": 2, "f2": 3}', '{"foo": 2}', '{"d": {"f1": false, "f2": false, "f3": false}}');
  });

  it('an inserted field moves to the end, a new one is appended (InsertSimple)', () => {
    checkDiff(
      '{"f1": 1, "foo": 2, "f2": 3}',
      '{"foo": 2, "f2": 3, "f1": 1, "newField": 2}',
      '{"i": {"f1": 1, "newField": 2}}',
    );
  });

  it('an updated field keeps its place, a new one is appended (UpdateSimple)', () => {
    checkDiff(
      '{"f1": 0, "foo": 2, "f2": 3}',
      '{"f1": 1, "foo": 2, "f2": 3, "newField": 2}',
      '{"u": {"f1": 1, "newField": 2}}',
    );
  });

  it('a sub-object diff deletes, updates in place and inserts at its end (SubObjDiffSimple)', () => {
    checkDiff(
      '{"obj": {"dField": 0, "iField": 0, "uField": 0}, "otherField": 0}',
      '{"obj": {"uField": 2, "iField": 1}, "otherField": 0}',
      '{"sobj": {"d": {"dField": false}, "u": {"uField": 2}, "i": {"iField": 1}}}',
    );
  });

  it('array entries update in place and append past the end; l truncates; gaps pad with null (SubArrayDiffSimpleWith*)', () => {
    checkDiff(
      '{"arr": [999, 999, 999, 999]}',
      '{"arr": [999, 1, 999, 999, 2]}',
      '{"sarr": {"a": true, "u1": 1, "u4": 2}}',
    );
    checkDiff('{"arr": [999, 999, 999, 999]}', '{"arr": [999, 1, 999]}', '{"sarr": {"a": true, "l": 3, "u1": 1}}');
    checkDiff('{"arr": [0]}', '{"arr": [0, null, null, 1]}', '{"sarr": {"a": true, "u3": 1}}');
  });

  it('a sub-diff on a field of another type leaves null in its place; a missing field stays missing (NestedSubObjUpdateScalar)', () => {
    const diff = '{"ssubObj": {"ssubObj": {"u": {"a": 1}}}}';
    checkDiff('{"subObj": {"subObj": {"a": 0}}}', '{"subObj": {"subObj": {"a": 1}}}', diff);
    checkDiff('{"someOtherField": 1}', '{"someOtherField": 1}', diff);
    checkDiff(
      '{"dummyA": 1, "dummyB": 2, "subObj": "scalar!", "dummyC": 3, "dummyD": 4}',
      '{"dummyA": 1, "dummyB": 2, "subObj": null, "dummyC": 3, "dummyD": 4}',
      diff,
    );
    checkDiff(
      '{"dummyA": 1, "dummyB": 2, "subObj": {"subDummyA": 1, "subObj": "scalar!", "subDummyB": 2}, "dummyC": 3}',
      '{"dummyA": 1, "dummyB": 2, "subObj": {"subDummyA": 1, "subObj": null, "subDummyB": 2}, "dummyC": 3}',
      diff,
    );
  });

  it('sub-diffs at several array indexes: null where the element is missing or not an object (UpdateArrayOfObjectsSubDiff)', () => {
    const diff =
      '{"d": {"dFieldA": false, "dFieldB": false}, "u": {"uField": 999}, "sarr": {"a": true, "s1": {"u": {"a": 1}}, "s2": {"u": {"b": 2}}, "s3": {"u": {"c": 3}}, "u4": {"x": 1}}}';
    checkDiff(
      '{"uField": 1, "dFieldA": 1, "arr": [null, {"a": 0}, {"b": 0}, {"c": 0}], "dFieldB": 1}',
      '{"uField": 999, "arr": [null, {"a": 1}, {"b": 2}, {"c": 3}, {"x": 1}]}',
      diff,
    );
    checkDiff(
      '{"uField": 1, "dFieldA": 1, "arr": [{"a": 0}, {"b": 0}, {"c": 0}, {}], "dFieldB": 1}',
      '{"uField": 999, "arr": [{"a": 0}, {"b": 0, "a": 1}, {"c": 0, "b": 2}, {"c": 3}, {"x": 1}]}',
      diff,
    );
    checkDiff(
      '{"arr": [null, {"a": 1}, {"b": 2}, {"c": 3}, {"x": 1}], "uField": 999}',
      '{"arr": [null, {"a": 1}, {"b": 2}, {"c": 3}, {"x": 1}], "uField": 999}',
      diff,
    );
    checkDiff(
      '{"arr": [0, 0, 0, 0, {"x": 2}], "uField": 1}',
      '{"arr": [0, null, null, null, {"x": 1}], "uField": 999}',
      diff,
    );
    checkDiff('{"arr": [], "uField": 1}', '{"arr": [null, null, null, null, {"x": 1}], "uField": 999}', diff);
    checkDiff(
      '{"arr": [0, {}, {}, {}, 4, 5, 6], "uField": 1}',
      '{"arr": [0, {"a": 1}, {"b": 2}, {"c": 3}, {"x": 1}, 5, 6], "uField": 999}',
      diff,
    );
    checkDiff(
      '{"dummyA": 1, "arr": {"foo": 1}, "dummyB": 1}',
      '{"dummyA": 1, "arr": null, "dummyB": 1, "uField": 999}',
      diff,
    );
    checkDiff('{"dummyA": 1, "arr": 1, "dummyB": 1}', '{"dummyA": 1, "arr": null, "dummyB": 1, "uField": 999}', diff);
  });

  it('u<idx> entries at non-contiguous indexes overwrite whatever is there (UpdateArrayOfObjectsWithUpdateOperationNonContiguous)', () => {
    const diff = '{"sarr": {"a": true, "u1": 997, "u2": {"newVal": 998}, "u5": 999}}';
    checkDiff('{"arr": [null, {}, {}, {}, {}, {}]}', '{"arr": [null, 997, {"newVal": 998}, {}, {}, 999]}', diff);
    checkDiff('{"arr": [{}, {}, {}, {}]}', '{"arr": [{}, 997, {"newVal": 998}, {}, null, 999]}', diff);
    checkDiff(
      '{"arr": [{}, 997, {"newVal": 998}, {}, {}, 999]}',
      '{"arr": [{}, 997, {"newVal": 998}, {}, {}, 999]}',
      diff,
    );
    checkDiff('{"arr": [0, 1, 2, 3, 4, 5, 6]}', '{"arr": [0, 997, {"newVal": 998}, 3, 4, 999, 6]}', diff);
    checkDiff(
      '{"arr": [0, 1, [], [], ["a", "b"], 5, 6]}',
      '{"arr": [0, 997, {"newVal": 998}, [], ["a", "b"], 999, 6]}',
      diff,
    );
    checkDiff(
      '{"arr": [0, {"x": 1}, 2, 3, {"x": 1}, 5, 6]}',
      '{"arr": [0, 997, {"newVal": 998}, 3, {"x": 1}, 999, 6]}',
      diff,
    );
    checkDiff('{"arr": {"x": 1}}', '{"arr": null}', diff);
    checkDiff('{"arr": "scalar!"}', '{"arr": null}', diff);
    checkDiff('{"dummyA": 1, "arr": {"foo": 1}, "dummyB": 1}', '{"dummyA": 1, "arr": null, "dummyB": 1}', diff);
    checkDiff('{"dummyA": 1, "arr": 1, "dummyB": 1}', '{"dummyA": 1, "arr": null, "dummyB": 1}', diff);
  });

  it('a name in two sections is refused with 4728000 (DiffWithDuplicateFields, DuplicateFieldNames across sections)', () => {
    expect(errorOf('{}', '{"d": {"dupField": false}, "u": {"dupField": "new value"}}')).toEqual({
      code: 4728000,
      errmsg: 'duplicate field name in diff: dupField',
    });
    expect(errorOf('{}', '{"d": {"b": false}, "i": {"a": {}, "b": null}}').code).toBe(4728000);
    expect(errorOf('{}', '{"u": {"b": false}, "i": {"a": {}, "b": null}}').code).toBe(4728000);
    expect(errorOf('{}', '{"u": {"a": {}}, "sa": {"d": {"k": false}}}')).toEqual({
      code: 4728000,
      errmsg: 'duplicate field name in diff: a',
    });
  });

  it('the empty diff is refused with 4770500, an array diff at the top with 4770503 (EmptyDiff, ArrayDiffAtTop)', () => {
    expect(errorOf('{}', '{}')).toEqual({ code: 4770500, errmsg: 'Expected diff to be non-empty' });
    expect(errorOf('{}', '{"a": true, "l": 5, "d0": false}')).toEqual({
      code: 4770503,
      errmsg: 'Unexpected section: a in document diff',
    });
  });
});

describe('malformed diffs (DiffSerializationTest.UnexpectedFieldsIn*)', () => {
  it('document diffs: empty names, empty sub-diffs, unknown, mistyped and out-of-order sections', () => {
    const empty = { code: 4770505, errmsg: 'Expected sections field names in diff to be non-empty ' };
    expect(errorOf('{}', '{"d": {"f": false}, "": {}}')).toEqual(empty);
    expect(errorOf('{}', '{"": {}}')).toEqual(empty);
    expect(errorOf('{}', '{"d": {"f": false}, "s": {}}')).toEqual({
      code: 4770500,
      errmsg: 'Expected diff to be non-empty',
    });
    expect(errorOf('{}', '{"sa": {}}').code).toBe(4770500);
    expect(errorOf('{}', '{"p": 1}')).toEqual({ code: 4770503, errmsg: 'Unexpected section: p in document diff' });
    expect(errorOf('{}', '{"u": true}')).toEqual({ code: 4770507, errmsg: 'Expected u section to be type object' });
    expect(errorOf('{}', '{"d": []}')).toEqual({ code: 4770507, errmsg: 'Expected d section to be type object' });
    expect(errorOf('{}', '{"i": null}')).toEqual({ code: 4770507, errmsg: 'Expected i section to be type object' });
    expect(errorOf('{}', '{"i": {}, "d": {}}')).toEqual({
      code: 4770503,
      errmsg: 'Unexpected section: d in document diff',
    });
    expect(errorOf('{}', '{"s": {"i": {}}, "i": {}}')).toEqual({
      code: 4770514,
      errmsg: 'Did not expect more sections in diff but found one: i',
    });
    expect(errorOf('{}', '{"sa": {"u": {}}, "d": {"p": false}}').code).toBe(4770514);
    expect(errorOf('{}', '{"sa": {"u": {}}, "sb": {"u": {}}, "i": {}}').code).toBe(4770514);
    expect(errorOf('{}', '{"sa": {"u": {}}, "p": {}}')).toEqual({
      code: 4770514,
      errmsg: 'Did not expect more sections in diff but found one: p',
    });
    checkDiff('{"a": 1}', '{"a": 1}', '{"d": {}}');
  });

  it('a later sub-diff entry that is not an object is refused with 470510', () => {
    expect(errorOf('{}', '{"sa": {"u": {}}, "sb": 1}')).toEqual({
      code: 470510,
      errmsg: 'Subdiffs should be objects, got sb: 1',
    });
  });

  it('array diffs: bad index names, a header that is not true, sub-diffs that are not objects, unknown entries', () => {
    const arr = '{"arr": []}';
    expect(errorOf(arr, '{"sarr": {"a": true, "3u": 1}}')).toEqual({
      code: 4770512,
      errmsg: 'Expected integer but got u',
    });
    expect(errorOf(arr, '{"sarr": {"a": true, "u": true}}')).toEqual({
      code: 4770521,
      errmsg: 'expected field name to be at least two characters long, but found: u',
    });
    expect(errorOf(arr, '{"sarr": {"a": true, "5": {}}}').code).toBe(4770521);
    expect(errorOf(arr, '{"sarr": {"a": false, "u3": 4}}')).toEqual({
      code: 4770520,
      errmsg: 'Expected array header to be value true but got a: false',
    });
    expect(errorOf(arr, '{"sarr": {"a": 1, "u3": 4}}')).toEqual({
      code: 4770519,
      errmsg: 'Expected array header to be bool but got a: 1',
    });
    expect(errorOf(arr, '{"sarr": {"a": true, "s3": 4}}')).toEqual({
      code: 4770501,
      errmsg: 'expected sub diff at index 3 but got s3: 4',
    });
    expect(errorOf(arr, '{"sarr": {"a": true, "d3": 4}}')).toEqual({
      code: 4770502,
      errmsg: "Expected either 'u' (update) or 's' (sub diff) at index 3 but got d3: 4",
    });
    expect(errorOf(arr, '{"sarr": {"a": true, "l": 2.0}}')).toEqual({
      code: 4770507,
      errmsg: 'Expected l section to be type int',
    });
  });

  it('array entries are read as the replay reaches them: a bad entry under a missing field raises nothing', () => {
    checkDiff('{"other": 1}', '{"other": 1}', '{"sarr": {"a": true, "d3": 4}}');
  });
});

describe('a secondary applying diffs (DeltaExecutorTest)', () => {
  const pre = '{"f1": {"a": {"b": {"c": 1}, "c": 1}}}';
  const apply = (doc: string, diff: string) => ejson(applyOplogDiff(fj(doc), fj(diff)));

  it('deletes at, above and below an indexed path (Delete)', () => {
    expect(apply(pre, '{"d": {"f1": false, "f2": false, "f3": false}}')).toBe(canon('{}'));
    expect(apply(pre, '{"sf1": {"sa": {"d": {"p": false, "c": false, "b": false}}}}')).toBe(canon('{"f1": {"a": {}}}'));
    expect(apply(pre, '{"sf1": {"sa": {"sb": {"d": {"c": false}}}}}')).toBe(canon('{"f1": {"a": {"b": {}, "c": 1}}}'));
    expect(apply(pre, '{"sf1": {"sa": {"d": {"c": false}}}}')).toBe(canon('{"f1": {"a": {"b": {"c": 1}}}}'));
  });

  it('updates replace in place and append what is missing (Update)', () => {
    expect(apply(pre, '{"u": {"f1": false, "f2": false, "f3": false}}')).toBe(
      canon('{"f1": false, "f2": false, "f3": false}'),
    );
    expect(apply(pre, '{"sf1": {"sa": {"u": {"p": false, "c": false, "b": false}}}}')).toBe(
      canon('{"f1": {"a": {"b": false, "c": false, "p": false}}}'),
    );
    expect(apply(pre, '{"sf1": {"sa": {"sb": {"u": {"c": false}}}}}')).toBe(
      canon('{"f1": {"a": {"b": {"c": false}, "c": 1}}}'),
    );
    expect(apply(pre, '{"sf1": {"sa": {"u": {"c": false}}}}')).toBe(
      canon('{"f1": {"a": {"b": {"c": 1}, "c": false}}}'),
    );
  });

  it('inserts go to the end in section order, replacing a field of the same name (Insert, InsertNumericFieldNames*)', () => {
    expect(apply('{}', '{"i": {"f1": false, "f2": false, "f3": false}}')).toBe(
      canon('{"f1": false, "f2": false, "f3": false}'),
    );
    expect(apply('{"f1": {"a": {"c": true}}}', '{"sf1": {"sa": {"i": {"p": false, "c": false, "b": false}}}}')).toBe(
      canon('{"f1": {"a": {"p": false, "c": false, "b": false}}}'),
    );
    expect(apply('{"f1": {"a": {"b": {"c": {"e": 1}}}}}', '{"sf1": {"sa": {"sb": {"sc": {"i": {"d": 2}}}}}}')).toBe(
      canon('{"f1": {"a": {"b": {"c": {"e": 1, "d": 2}}}}}'),
    );
    expect(apply('{"f1": {"a": {"b": {"c": 1}}}}', '{"sf1": {"sa": {"i": {"c": 2}}}}')).toBe(
      canon('{"f1": {"a": {"b": {"c": 1}, "c": 2}}}'),
    );
    expect(apply('{}', '{"i": {"0": false, "1": false, "2": false}}')).toBe(
      canon('{"0": false, "1": false, "2": false}'),
    );
    expect(apply('{}', '{"i": {"0": false, "2": false}}')).toBe(canon('{"0": false, "2": false}'));
    expect(apply('{"a": {}}', '{"sa": {"i": {"0": false, "1": false, "2": false}}}')).toBe(
      canon('{"a": {"0": false, "1": false, "2": false}}'),
    );
    expect(apply('{"a": {}}', '{"sa": {"i": {"0": false, "2": false}}}')).toBe(
      canon('{"a": {"0": false, "2": false}}'),
    );
  });

  it('array diffs resize, descend into elements and append (ArraysInIndexPath, ArraysAfterIndexPath)', () => {
    const withArray = '{"f1": [{"a": {"b": {"c": 1}, "c": 1}}, 1]}';
    expect(apply(withArray, '{"sf1": {"a": true, "l": 1}}')).toBe(canon('{"f1": [{"a": {"b": {"c": 1}, "c": 1}}]}'));
    expect(apply(withArray, '{"sf1": {"a": true, "s0": {"sa": {"sb": {"i": {"d": 1}}}}}}')).toBe(
      canon('{"f1": [{"a": {"b": {"c": 1, "d": 1}, "c": 1}}, 1]}'),
    );
    expect(apply(withArray, '{"sf1": {"a": true, "u2": {"b": 1}}}')).toBe(
      canon('{"f1": [{"a": {"b": {"c": 1}, "c": 1}}, 1, {"b": 1}]}'),
    );
    expect(apply(withArray, '{"sf1": {"a": true, "s0": {"sa": {"d": {"c": false}}}}}')).toBe(
      canon('{"f1": [{"a": {"b": {"c": 1}}}, 1]}'),
    );
    const nested = '{"f1": {"a": {"b": [{"c": 1}, 2]}}}';
    expect(apply(nested, '{"sf1": {"sa": {"sb": {"a": true, "l": 1}}}}')).toBe(
      canon('{"f1": {"a": {"b": [{"c": 1}]}}}'),
    );
    expect(apply(nested, '{"sf1": {"sa": {"sb": {"a": true, "s0": {"u": {"c": 2}}}}}}')).toBe(
      canon('{"f1": {"a": {"b": [{"c": 2}, 2]}}}'),
    );
    expect(apply(nested, '{"sf1": {"sa": {"sb": {"a": true, "u0": 1}}}}')).toBe(canon('{"f1": {"a": {"b": [1, 2]}}}'));
  });
});
