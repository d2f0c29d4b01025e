/**
 * $set through a non-document (28 PathNotViable) and $set creating `$`-prefixed field names
 * (52 DollarPrefixedFieldName at the top level only, storage validation): set_node_test.cpp.
 */
import { describe, expect, it } from 'vitest';
import { applyNode, DURING_UPDATE, expectedOutcome, nodeError, observed } from './node-harness.js';

describe('$set cannot create a field inside a non-document (set_node_test.cpp)', () => {
  it.each([
    // ApplyNonViablePathToCreate, ApplyPathNotViable
    ['{"a": 5}', '{"$set": {"a.b": 5}}', "Cannot create field 'b' in element {a: 5}"],
    // ApplyPathNotViableArrray: a non-numeric field cannot be created in an array
    ['{"a": [{"b": 1}]}', '{"$set": {"a.b": 2}}', "Cannot create field 'b' in element {a: [ { b: 1 } ]}"],
    // ApplyNonViablePath
    ['{"a": 0}', '{"$set": {"a.2.b": 2}}', "Cannot create field '2' in element {a: 0}"],
    // NonViablePathWithoutRepl
    ['{"a": 1}', '{"$set": {"a.1.b": 1}}', "Cannot create field '1' in element {a: 1}"],
  ])('%s with %s', (doc, update, what) => {
    expect(nodeError({ doc, update })).toBe(`28: ${DURING_UPDATE}${what}`);
  });
});

/**
 * The C++ unit tests run with the feature compatibility version uninitialized, so storage
 * validation takes its pre-5.0 branch (every `$`-prefixed name refused, "is not valid for
 * storage."). A MongoDB 8.0 server has FCV 8.0: `storageValid` checks `$`-prefixed names only at
 * the top level (storage_validation.cpp, `checkFields = !dotsAndDollarsFeatureEnabled ||
 * checkTopLevelFields`) and words the refusal with the `$replaceWith` hint. These run as 8.0 does.
 */
describe('$set and $-prefixed field names, as an 8.0 server (FCV 8.0) validates them (set_node_test.cpp)', () => {
  it('ApplyCannotCreateDollarPrefixedFieldAtStartOfPath: a top-level $-prefixed field is refused (52)', () => {
    expect(nodeError({ doc: '{}', update: '{"$set": {"$bad.a": 1}}' })).toBe(
      `52: ${DURING_UPDATE}The dollar ($) prefixed field '$bad' in '$bad' is not allowed in the context of an update's replacement document. Consider using an aggregation pipeline with $replaceWith.`,
    );
  });

  it.each([
    // ApplyCannotCreateDollarPrefixedFieldInsideSetElement
    ['{"a": 5}', '{"$set": {"a": {"$bad": 1}}}', '{"a": {"$bad": 1}}', '{"$v": 2, "diff": {"u": {"a": {"$bad": 1}}}}'],
    // ApplyCannotCreateDollarPrefixedFieldInMiddleOfPath
    [
      '{}',
      '{"$set": {"a.$bad.b": 1}}',
      '{"a": {"$bad": {"b": 1}}}',
      '{"$v": 2, "diff": {"i": {"a": {"$bad": {"b": 1}}}}}',
    ],
    // ApplyCannotCreateDollarPrefixedFieldAtEndOfPath
    ['{}', '{"$set": {"a.$bad": 1}}', '{"a": {"$bad": 1}}', '{"$v": 2, "diff": {"i": {"a": {"$bad": 1}}}}'],
  ])('a nested $-prefixed field is stored: %s with %s', (doc, update, result, oplog) => {
    expect(observed(applyNode({ doc, update }))).toEqual(expectedOutcome({ doc: result, oplog }));
  });
});
