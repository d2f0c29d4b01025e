/**
 * The pipeline-update diff calculator against MongoDB's own cases
 * (`src/mongo/db/update/document_diff_calculator_test.cpp`, `DocumentDiffCalculatorTest.*`):
 * `computeOplogDiff(pre, post, padding)` gives the exact `$v:2` diff, binary-equal (field order and
 * BSON types), or null when the server logs a full replacement instead.
 *
 * Every case also runs the diff through the applier (`applyOplogDiff`) and requires the post-image
 * back, as `document_diff_test.cpp` does for every diff the calculator makes.
 *
 * Not ported: the `computeInlineDiff` half of each case (the `{field: 'u'|'i'|'d'}` diff that
 * analyzeShardKey's query sampling writes to `config.sampledQueriesDiff`; no counterpart here).
 */
import { describe, expect, it } from 'vitest';
import { parseEJSONDoc } from '../bson/ejson.js';
import type { Doc, Value } from '../bson/values.js';
import { canon, ejson } from '../commands/testing.js';
import { applyOplogDiff } from './apply-diff.js';
import { bsonSize } from '../bson/size.js';
import { computeDocDiff, computeOplogDiff } from './diff-calculator.js';

const fj = (text: string): Doc => parseEJSONDoc(text);

/** The diff as canonical EJSON, or null; a diff must also replay `pre` into `post`. */
function diffOf(pre: Doc, post: Doc, padding: number): string | null {
  const diff = computeOplogDiff(pre, post, padding);
  if (diff === null) return null;
  if (diff.size > 0) expect(ejson(applyOplogDiff(pre, diff))).toBe(ejson(post));
  return ejson(diff);
}
const expectDiff = (pre: string, post: string, padding: number, diff: string | null) =>
  expect(diffOf(fj(pre), fj(post), padding)).toBe(diff === null ? null : canon(diff));

describe('the diff of two images (DocumentDiffCalculatorTest)', () => {
  it('identical images give the empty diff (SameObjectsNoDiff)', () => {
    for (const doc of [
      '{"field1": 1}',
      '{"field1": []}',
      '{"field1": [{}]}',
      '{"field1": [0, 1, 2, 3, 4]}',
      '{"field1": null}',
      '{"0": [0]}',
      '{"0": [[{"0": [[{"0": [[]]}]]}]]}',
    ])
      expectDiff(doc, doc, 5, '{}');
  });

  it('two empty images give no diff: the empty diff is not smaller than {} (EmptyObjsNoDiff)', () => {
    expectDiff('{}', '{}', 0, null);
  });

  it('an appended field is i, a changed one u, a removed one d (SimpleInsert, SimpleUpdate, SimpleDelete)', () => {
    expectDiff('{"a": {"b": 1}}', '{"a": {"b": 1}, "c": 1}', 0, '{"i": {"c": 1}}');
    expectDiff('{"a": {"b": 1}, "c": 1}', '{"a": {"b": 1}, "c": 2}', 0, '{"u": {"c": 2}}');
    expectDiff('{"a": {"b": 1}, "c": 1}', '{"a": {"b": 1}}', 0, '{"d": {"c": false}}');
  });

  it('a sub-object whose sub-diff is not smaller than its new value is logged whole (SimpleInsertNested*, SimpleDeleteNestedObj)', () => {
    expectDiff(
      '{"a": {}, "e": 1, "f": 1}',
      '{"a": {"b": {"c": {"d": 1}}}, "e": 1, "f": 1}',
      0,
      '{"u": {"a": {"b": {"c": {"d": 1}}}}}',
    );
    expectDiff(
      '{"a": 1, "g": 1, "h": 1}',
      '{"a": {"b": 2, "c": [2], "d": {"e": 2}, "f": 1}, "g": 1, "h": 1}',
      0,
      '{"u": {"a": {"b": 2, "c": [2], "d": {"e": 2}, "f": 1}}}',
    );
    expectDiff(
      '{"a": {"b": {"c": {"d": 1}, "e": 1, "f": 1}}}',
      '{"a": {"b": {"c": {}, "e": 1, "f": 1}}}',
      0,
      '{"sa": {"sb": {"u": {"c": {}}}}}',
    );
  });

  it('changes deep in sub-objects are s<field> sub-diffs (SimpleUpdateNestedObj, SimpleUpdateNestedArray)', () => {
    expectDiff(
      '{"a": {"b": {"c": {"d": 1, "e": 1, "f": 1}}}}',
      '{"a": {"b": {"c": {"d": 2, "e": 1, "f": 1}}}}',
      0,
      '{"sa": {"sb": {"sc": {"u": {"d": 2}}}}}',
    );
    expectDiff(
      '{"a": {"b": {"c": {"d": [1], "e": 1, "f": 1}}}}',
      '{"a": {"b": {"c": {"d": [2], "e": 1, "f": 1}}}}',
      0,
      '{"sa": {"sb": {"sc": {"u": {"d": [2]}}}}}',
    );
  });

  it('a diff not smaller than the post-image gives a replacement (ReplaceAllFieldsLargeDelta, InsertFrontFieldLargeDelta, Empty*ObjLargeDelta)', () => {
    expectDiff('{"a": 1, "b": 2, "c": 3}', '{"A": 1, "B": 2, "C": 3}', 0, null);
    expectDiff('{"b": 1, "c": 1, "d": 1}', '{"a": 1, "b": 1, "c": 1, "d": 1}', 0, null);
    for (const pre of ['{"b": 1}', '{"a": {"b": 1}}', '{"b": [1, 2, 3]}', '{"b": {}}']) expectDiff(pre, '{}', 0, null);
    for (const post of ['{"b": 1}', '{"a": {"b": 1}}', '{"b": [1, 2, 3]}', '{"b": {}}'])
      expectDiff('{}', post, 0, null);
  });

  it('deleting a 16 MiB field leaves an empty post-image: replacement (BSONSizeLimitLargeDelta)', () => {
    const pre = new Map<string, Value>([['a'.repeat(16 * 1024 * 1024), 1]]);
    expect(computeOplogDiff(pre, new Map(), 0)).toBeNull();
  });

  it('a field moved to the end is one insert (DeleteAndInsertFieldAtTheEnd)', () => {
    expectDiff(
      '{"a": 1, "b": "valueString", "c": 3, "d": 4}',
      '{"b": "valueString", "c": 3, "d": 4, "a": 1}',
      15,
      '{"i": {"a": 1}}',
    );
  });

  it('trailing deletes come first, then the mismatched ones in ascending byte order (DeletesRecordedInAscendingOrderOfFieldNames)', () => {
    expectDiff(
      '{"b": 1, "a": 2, "c": 3, "d": 4, "e": "valueString"}',
      '{"c": 3, "d": 4, "e": "valueString"}',
      15,
      '{"d": {"a": false, "b": false}}',
    );
    expectDiff(
      '{"b": 1, "a": 2, "c": "value", "d": "valueString", "e": "valueString", "g": 1, "f": 1}',
      '{"c": "value", "d": "valueString", "e": "valueString"}',
      15,
      '{"d": {"g": false, "f": false, "a": false, "b": false}}',
    );
  });

  it('a change of numeric type alone is an update (DataTypeChangeRecorded)', () => {
    const withSub = (v: string) => `{"a": "valueString", "b": 2, "c": {"subField1": 1, "subField2": ${v}}, "d": 4}`;
    const dbl = withSub('3.0');
    const int = withSub('3');
    const long = withSub('{"$numberLong": "3"}');
    expectDiff(dbl, int, 15, '{"sc": {"u": {"subField2": 3}}}');
    expectDiff(int, long, 15, '{"sc": {"u": {"subField2": {"$numberLong": "3"}}}}');
    expectDiff(long, dbl, 15, '{"sc": {"u": {"subField2": 3.0}}}');
  });

  it('null, undefined and a missing field are three different things (NullAndMissing)', () => {
    expectDiff('{"a": null}', '{}', 15, null);
    expectDiff(
      '{"a": null, "b": {"$undefined": true}, "c": null, "d": "someValueStr"}',
      '{"a": null, "b": {"$undefined": true}, "c": {"$undefined": true}, "d": "someValueStr"}',
      15,
      '{"u": {"c": {"$undefined": true}}}',
    );
  });

  it('reordered fields: the out-of-place one is deleted and re-inserted, cancelling the delete (FieldOrder)', () => {
    expectDiff(
      '{"a": 1, "b": 2, "c": {"p": 1, "q": 1, "s": 1, "r": 2}, "d": 4}',
      '{"a": 1, "b": 2, "c": {"p": 1, "q": 1, "r": 2, "s": 1}, "d": 4}',
      10,
      '{"sc": {"i": {"s": 1}}}',
    );
  });

  it('array changes are u<idx>/s<idx> entries, a shorter array l (SimpleArrayPush, NestedArray)', () => {
    expectDiff(
      '{"field1": "abcd", "field2": [1, 2, 3]}',
      '{"field1": "abcd", "field2": [1, 2, 3, 4]}',
      5,
      '{"sfield2": {"a": true, "u3": 4}}',
    );
    expectDiff(
      '{"field1": "abcd", "field2": [1, 2, 3, [[2]]]}',
      '{"field1": "abcd", "field2": [1, 2, 3, [[4]]]}',
      0,
      '{"sfield2": {"a": true, "u3": [[4]]}}',
    );
    expectDiff(
      '{"field1": "abcd", "field2": [1, 2, 3, [1, "longString", [2], 4, 5, 6], 5, 5, 5]}',
      '{"field1": "abcd", "field2": [1, 2, 3, [1, "longString", [4], 4], 5, 6]}',
      0,
      '{"sfield2": {"a": true, "l": 6, "s3": {"a": true, "l": 4, "u2": [4]}, "u5": 6}}',
    );
  });

  it('empty field names are diffed like any other (SubObjHasEmptyFieldName)', () => {
    expectDiff(
      '{"": "1", "field2": [1, 2, 3, {"": {"": 1, "padding": "largeFieldValue"}}]}',
      '{"": "2", "field2": [1, 2, 3, {"": {"": 2, "padding": "largeFieldValue"}}]}',
      15,
      '{"u": {"": "2"}, "sfield2": {"a": true, "s3": {"s": {"u": {"": 2}}}}}',
    );
  });

  it('objects inside arrays and arrays inside objects get nested sub-diffs (SubObjInSubArray*, NestedSubObjs)', () => {
    expectDiff(
      '{"field1": "abcd", "field2": [1, 2, 3, {"field3": ["veryLargeStringValueveryLargeStringValue", 2, 3, 4]}]}',
      '{"field1": "abcd", "field2": [1, 2, 3, {"field3": ["veryLargeStringValueveryLargeStringValue", 2, 4, 3, 5]}]}',
      0,
      '{"sfield2": {"a": true, "s3": {"sfield3": {"a": true, "u2": 4, "u3": 3, "u4": 5}}}}',
    );
    expectDiff(
      '{"field1": "abcd", "field2": [1, 2, 3, {"field3": ["largeString", 2, 3, 4, 5]}]}',
      '{"field1": "abcd", "field2": [1, 2, 3, {"field3": ["largeString", 2, 3, 5]}]}',
      15,
      '{"sfield2": {"a": true, "s3": {"sfield3": {"a": true, "l": 4, "u3": 5}}}}',
    );
    expectDiff(
      '{"level1Field1": "abcd", "level1Field2": {"level2Field1": {"level3Field1": {"p": 1}, "level3Field2": {"q": 1}}, "level2Field2": 2}, "level1Field3": 3, "level1Field4": {"level2Field1": {"level3Field1": {"p": 1}, "level3Field2": {"q": 1}}}}',
      '{"level1Field1": "abcd", "level1Field2": {"level2Field1": {"level3Field1": {"q": 1}, "level3Field2": {"q": 1}}, "level2Field2": 2}, "level1Field3": "3", "level1Field4": {"level2Field1": {"level3Field1": {"q": 1}, "level3Field2": {"q": 1}}}}',
      15,
      '{"u": {"level1Field3": "3"}, "slevel1Field2": {"slevel2Field1": {"u": {"level3Field1": {"q": 1}}}}, "slevel1Field4": {"slevel2Field1": {"u": {"level3Field1": {"q": 1}}}}}',
    );
  });

  it('a nested container whose sub-diff would not be smaller is logged whole (Sub*InSub*LargeDelta)', () => {
    expectDiff(
      '{"field1": "abcd", "field2": [1, 2, 3, {"field3": [2, 3, 4, 5]}]}',
      '{"field1": "abcd", "field2": [1, 2, 3, {"field3": [1, 2, 3, 4, 5]}]}',
      15,
      '{"sfield2": {"a": true, "u3": {"field3": [1, 2, 3, 4, 5]}}}',
    );
    expectDiff(
      '{"field1": [1, 2, 3, 4, 5, 6, {"a": 1, "b": 2, "c": 3, "d": 4}, 7]}',
      '{"field1": [1, 2, 3, 4, 5, 6, {"p": 1, "q": 2}, 7]}',
      0,
      '{"sfield1": {"a": true, "u6": {"p": 1, "q": 2}}}',
    );
    expectDiff(
      '{"field": {"p": "someString", "q": 2, "r": {"a": 1, "b": 2, "c": 3, "d": 4}, "s": 3}}',
      '{"field": {"p": "someString", "q": 2, "r": {"p": 1, "q": 2}, "s": 3}}',
      0,
      '{"sfield": {"u": {"r": {"p": 1, "q": 2}}}}',
    );
    expectDiff(
      '{"field": {"p": "someString", "q": 2, "r": [1, 3, 4, 5], "s": 3}}',
      '{"field": {"p": "someString", "q": 2, "r": [1, 2, 3, 4], "s": 3}}',
      0,
      '{"sfield": {"u": {"r": [1, 2, 3, 4]}}}',
    );
  });

  /** `buildDeepObj`: `depth` levels of `{largeField, <name>: {…}}` under `name`, `leaf(level)` adding to each level. */
  function deep(levels: number, name: string, leaf: (level: number, into: Doc) => void): Doc {
    const root: Doc = new Map();
    let at = root;
    for (let level = 0; level < levels; level++) {
      const sub: Doc = new Map();
      leaf(level, sub);
      at.set(name, sub);
      at = sub;
    }
    return root;
  }
  const MAX_USER_DEPTH = 100; // BSONDepth::getMaxDepthForUserStorage()
  const large = 'a'.repeat(50);
  const withLarge = (doc: Doc): Doc => new Map<string, Value>([['largeField', large], ...doc]);

  it('deleting a sub-object 100 levels deep gives a diff, not a stack overflow (DeeplyNestObjectGenerateDiff)', () => {
    const pre = withLarge(deep(MAX_USER_DEPTH, 'subObj', (_, d) => d.set('largeField', large)));
    expect(diffOf(pre, withLarge(new Map()), 0)).toBe(canon('{"d": {"subObj": false}}'));
    const post2 = withLarge(deep(MAX_USER_DEPTH - 1, 'subObj', (_, d) => d.set('largeField', large)));
    const expected = deep(MAX_USER_DEPTH - 1, 'ssubObj', (level, d) => {
      if (level === MAX_USER_DEPTH - 2) d.set('d', new Map([['subObj', false]]));
    });
    expect(diffOf(pre, post2, 0)).toBe(ejson(expected));
  });

  it('a change at the deepest level is a chain of 100 sub-diffs (DeepestObjectSubDiff)', () => {
    const build = (value: number) =>
      deep(MAX_USER_DEPTH, 'subObj', (level, d) => {
        d.set('largeField', large);
        if (level === MAX_USER_DEPTH - 1) d.set('field', value);
      });
    const expected = deep(MAX_USER_DEPTH, 'ssubObj', (level, d) => {
      if (level === MAX_USER_DEPTH - 1) d.set('u', new Map([['field', 2]]));
    });
    expect(diffOf(build(1), build(2), 0)).toBe(ejson(expected));
  });

  it("the size kept while diffing is the serialized diff's BSON size plus the padding (DiffSerializationTest.ValidateComputeApproxSize)", () => {
    // Deletes (one of the empty name), an insert, updates with sub-objects, an array resized with a
    // changed element and a sub-object diff inside it, a second array, and a sub-object diff.
    const pre = fj(
      '{"deleteField": 1, "": 2, "update1": {"a": 1}, "subArray": [1, 2, {"insert2": "x", "keep": "a long value to keep it a sub-diff"}, 4, 5, 6, 7], "subArray2": [1, 2, 3, "a long value to keep it a sub-diff"], "subObj": {"setArray": 1, "x": "a long value to keep it a sub-diff"}, "update2": 5, "big": "a long value that keeps the post-image larger than the diff"}',
    );
    const post = fj(
      '{"update1": {"": "update"}, "subArray": [1, 2, {"insert2": "", "keep": "a long value to keep it a sub-diff", "update3": null}, 4, 5], "subArray2": [1, 2, "val", "a long value to keep it a sub-diff"], "subObj": {"setArray": ["val1", "val2", 3], "x": "a long value to keep it a sub-diff"}, "update2": {"": "update"}, "big": "a long value that keeps the post-image larger than the diff", "insert": 4}',
    );
    const padding = 20;
    const node = computeDocDiff(pre, post, padding)!;
    const diff = node.serialize();
    expect(ejson(diff)).toBe(
      canon(
        '{"d": {"": false, "deleteField": false}, "u": {"update1": {"": "update"}, "update2": {"": "update"}}, "i": {"insert": 4}, "ssubArray": {"a": true, "l": 5, "s2": {"u": {"insert2": ""}, "i": {"update3": null}}}, "ssubArray2": {"a": true, "u2": "val"}, "ssubObj": {"u": {"setArray": ["val1", "val2", 3]}}}',
      ),
    );
    expect(node.size).toBe(bsonSize(diff) + padding);
    expect(node.serializedSize()).toBe(bsonSize(diff));
  });
});
