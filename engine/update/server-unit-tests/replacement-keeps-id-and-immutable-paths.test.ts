/**
 * A replacement update (`ObjectReplaceExecutor`, `object_replace_executor_test.cpp`): the new
 * document is the replacement with the stored `_id` kept first when the replacement has none; it
 * is a no-op only when the stored document is binary-equal to the replacement as written; the oplog
 * `o` is the whole new document; zero timestamps outside `_id` get the cluster time; storage
 * validation, then the immutable paths (NotSingleValueField 54 for an array on the path,
 * ImmutableField 66 when removed or altered).
 *
 * Cases run through the update command on a replica set where the document has an `_id` (the
 * command's immutable path); those without one, and those whose immutable path is not `_id` (only
 * a shard key was one, and 8.0 lets shard keys change), drive the executor directly as the C++
 * test does. Not ported: `NoLogBuilder` (a C++ null pointer) and
 * `CanCreateDollarPrefixedNameWhenValidateForStorageIsFalse` (validation is off only for oplog
 * application and internal writes, which the engine does not expose).
 */
import { describe, expect, it } from 'vitest';
import { applyError, applyTo } from '../test-support.js';
import { applyNode, DURING_UPDATE, expectedOutcome, nodeError, observed } from './node-harness.js';

describe('replacing a whole document (ObjectReplaceExecutorTest)', () => {
  it('Noop: a replacement binary-equal to the stored document changes nothing and logs nothing', () => {
    const out = applyNode({ doc: '{"_id": 0, "a": 1, "b": 2}', update: '{"_id": 0, "a": 1, "b": 2}' });
    expect(observed(out)).toEqual(expectedOutcome({ doc: '{"_id": 0, "a": 1, "b": 2}', noop: true }));
    expect(applyTo('{"a": 1, "b": 2}', '{"a": 1, "b": 2}', { immutable: [] }).noop).toBe(true);
  });

  it('ShouldNotCreateIdIfNoIdExistsAndNoneIsSpecified: no _id on either side, none is added', () => {
    const r = applyTo('{"a": 1, "b": 2}', '{"c": 1, "d": 2}', { immutable: [] });
    expect({ doc: r.canonical, noop: r.noop, oplog: r.oplog }).toEqual({
      doc: '{"a":{"$numberInt":"1"},"b":{"$numberInt":"2"}}',
      noop: false,
      oplog: '{"a":1,"b":2}',
    });
  });

  it('ShouldPreserveIdOfExistingDocumentIfIdNotSpecified, IdFieldIsNotRemoved: the stored _id stays first', () => {
    const out = applyNode({ doc: '{"_id": 0, "c": 1, "d": 2}', update: '{"a": 1, "b": 2}' });
    expect(observed(out)).toEqual(
      expectedOutcome({ doc: '{"_id": 0, "a": 1, "b": 2}', oplog: '{"_id": 0, "a": 1, "b": 2}' }),
    );
    const kept = applyNode({ doc: '{"_id": 0, "b": 1}', update: '{"a": 1}' });
    expect(observed(kept)).toEqual(expectedOutcome({ doc: '{"_id": 0, "a": 1}', oplog: '{"_id": 0, "a": 1}' }));
  });

  it('ShouldSucceedWhenImmutableIdIsNotModified: the same _id in the replacement', () => {
    const out = applyNode({ doc: '{"_id": 0, "c": 1, "d": 2}', update: '{"_id": 0, "a": 1, "b": 2}' });
    expect(observed(out)).toEqual(
      expectedOutcome({ doc: '{"_id": 0, "a": 1, "b": 2}', oplog: '{"_id": 0, "a": 1, "b": 2}' }),
    );
  });

  it('a replacement without _id is never a no-op: it differs from the stored document as written', () => {
    const out = applyNode({ doc: '{"_id": 0, "a": 1}', update: '{"a": 1}' });
    expect(observed(out)).toEqual(expectedOutcome({ doc: '{"_id": 0, "a": 1}', oplog: '{"_id": 0, "a": 1}' }));
  });

  it('IdTimestampNotModified: a zero timestamp _id is kept as written', () => {
    const r = applyTo('{"_id": {"$timestamp": {"t": 0, "i": 0}}}', '{}', { immutable: [] });
    expect(r.canonical).toBe('{"_id":{"$timestamp":{"t":0,"i":0}}}');
    expect(r.oplog).toBe('{"_id":{"$timestamp":{"t":0,"i":0}}}');
  });

  it('NonIdTimestampsModified: zero timestamps outside _id become non-zero, and the oplog holds them', () => {
    const out = applyNode({
      doc: '{"_id": 0}',
      update: '{"a": {"$timestamp": {"t": 0, "i": 0}}, "b": {"$timestamp": {"t": 0, "i": 0}}}',
    });
    const doc = JSON.parse(out.doc) as Record<string, { $timestamp: { t: number; i: number } }>;
    expect(Object.keys(doc)).toEqual(['_id', 'a', 'b']);
    for (const f of ['a', 'b']) {
      expect(doc[f]!.$timestamp.t).not.toBe(0);
      expect(doc[f]!.$timestamp.i).not.toBe(0);
    }
    expect(JSON.parse(out.oplog!)).toEqual(doc);
  });

  it('ComplexDoc: nested values replace the old ones whole', () => {
    const out = applyNode({
      doc: '{"_id": 0, "a": 1, "b": [0, 2, 2], "e": []}',
      update: '{"a": 1, "b": [0, 1, 2], "c": {"d": 1}}',
    });
    expect(observed(out)).toEqual(
      expectedOutcome({
        doc: '{"_id": 0, "a": 1, "b": [0, 1, 2], "c": {"d": 1}}',
        oplog: '{"_id": 0, "a": 1, "b": [0, 1, 2], "c": {"d": 1}}',
      }),
    );
  });

  it('CannotRemoveImmutablePath: removing an immutable path is 66 with the stored document', () => {
    expect(applyError('{"_id": 0, "c": 1}', '{"_id": 0, "a": {"b": 1}}', { immutable: ['a.b'] })).toBe(
      "66: After applying the update, the 'a.b' (required and immutable) field was found to have been removed --{ _id: 0, a: { b: 1 } }",
    );
  });

  it('CannotReplaceImmutablePathWithArrayField, CannotMakeImmutablePathArrayDescendant: 54', () => {
    expect(applyError('{"_id": 0, "a": [{"b": 1}]}', '{"_id": 0, "a": {"b": 1}}', { immutable: ['a.b'] })).toBe(
      "54: After applying the update to the document, the (immutable) field 'a.b' was found to be an array or array descendant.",
    );
    expect(applyError('{"_id": 0, "a": [1]}', '{"_id": 0, "a": {"0": 1}}', { immutable: ['a.0'] })).toBe(
      "54: After applying the update to the document, the (immutable) field 'a.0' was found to be an array or array descendant.",
    );
  });

  it('CannotModifyImmutablePath, CannotModifyImmutableId: 66 naming the new value', () => {
    expect(applyError('{"_id": 0, "a": {"b": 2}}', '{"_id": 0, "a": {"b": 1}}', { immutable: ['a.b'] })).toBe(
      "66: After applying the update, the (immutable) field 'a.b' was found to have been altered to b: 2",
    );
    expect(nodeError({ doc: '{"_id": 0}', update: '{"_id": 1}' })).toBe(
      `66: ${DURING_UPDATE}After applying the update, the (immutable) field '_id' was found to have been altered to _id: 1`,
    );
  });

  it('CanAddImmutableField, CanAddImmutableId: an immutable path absent before may be created', () => {
    const field = applyTo('{"a": {"b": 1}}', '{"c": 1}', { immutable: ['a.b'] });
    expect({ doc: field.doc, oplog: field.oplog }).toEqual({ doc: '{"a":{"b":1}}', oplog: '{"a":{"b":1}}' });
    const id = applyTo('{"_id": 0}', '{"c": 1}', { immutable: ['_id'] });
    expect({ doc: id.doc, oplog: id.oplog }).toEqual({ doc: '{"_id":0}', oplog: '{"_id":0}' });
  });

  it('a nested $-prefixed name is stored (object_replace_node_test.cpp CannotCreateDollarPrefixedNameWhenValidateForStorageIsTrue is pre-5.0: refused then)', () => {
    const out = applyNode({ doc: '{"_id": 0}', update: '{"a": {"b": 1, "$bad": 1}}' });
    expect(observed(out)).toEqual(
      expectedOutcome({ doc: '{"_id": 0, "a": {"b": 1, "$bad": 1}}', oplog: '{"_id": 0, "a": {"b": 1, "$bad": 1}}' }),
    );
  });
});
