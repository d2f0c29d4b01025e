/**
 * $set and the immutable `_id` (set_node_test.cpp's immutable-path cases). The C++ cases name an
 * arbitrary immutable path; the update command's only immutable path is `_id` (shard-key fields
 * are updatable since 4.2), so each case runs with its immutable path renamed to `_id`. Cases
 * that need a strict prefix of the immutable path (`a` of `a.b`) have no `_id` counterpart.
 */
import { describe, expect, it } from 'vitest';
import { applyNode, DURING_UPDATE, expectedOutcome, nodeError, observed } from './node-harness.js';

describe('$set may not change _id, but may rewrite it with the same value (set_node_test.cpp)', () => {
  it('ApplyCannotOverwriteImmutablePath: setting the immutable path to another value', () => {
    expect(nodeError({ doc: '{"_id": 2}', update: '{"$set": {"_id": 1}}' })).toBe(
      `66: ${DURING_UPDATE}Performing an update on the path '_id' would modify the immutable field '_id'`,
    );
  });

  it('ApplyCanPerformNoopOnImmutablePath: setting the immutable path to its value is a no-op', () => {
    const out = applyNode({ doc: '{"_id": 2}', update: '{"$set": {"_id": 2}}' });
    expect(observed(out)).toEqual(expectedOutcome({ doc: '{"_id": 2}', noop: true }));
  });

  it('ApplyCannotOverwriteSuffixOfImmutablePath: setting a field below the immutable path', () => {
    expect(nodeError({ doc: '{"_id": {"c": 2}}', update: '{"$set": {"_id.c": 1}}' })).toBe(
      `66: ${DURING_UPDATE}Performing an update on the path '_id.c' would modify the immutable field '_id'`,
    );
  });

  it('ApplyCanPerformNoopOnSuffixOfImmutablePath: the same value below the immutable path is a no-op', () => {
    const out = applyNode({ doc: '{"_id": {"c": 2}}', update: '{"$set": {"_id.c": 2}}' });
    expect(observed(out)).toEqual(expectedOutcome({ doc: '{"_id": {"c": 2}}', noop: true }));
  });

  it('ApplyCannotCreateFieldAtEndOfImmutablePath: creating a field inside the immutable path', () => {
    expect(nodeError({ doc: '{"_id": {}}', update: '{"$set": {"_id.c": 1}}' })).toBe(
      `66: ${DURING_UPDATE}Updating the path '_id' to _id: { c: 1 } would modify the immutable field '_id'`,
    );
  });

  it('ApplyCannotCreateFieldBeyondEndOfImmutablePath: creating a field deeper inside the immutable path', () => {
    expect(nodeError({ doc: '{"_id": {"b": {}}}', update: '{"$set": {"_id.b.c": 1}}' })).toBe(
      `66: ${DURING_UPDATE}Updating the path '_id.b' to b: { c: 1 } would modify the immutable field '_id'`,
    );
  });
});
