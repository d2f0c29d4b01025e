/**
 * The oplog `o` of a replacement is the document the replacement executor built, before the
 * update stage moves `_id` to the front of the stored document (`update_stage.cpp`
 * `transformAndUpdate`: `driver->update(…, &logObj, …)`, then `update::ensureIdFieldIsFirst`, then
 * `args.update = logObj`). `ObjectReplaceExecutor::applyReplacementUpdate` keeps the stored `_id`
 * (first) when the replacement has none and otherwise writes the replacement's fields in its
 * order, so a replacement that names `_id` after other fields is logged in that order while the
 * stored document has `_id` first; a secondary applying the entry moves `_id` first the same way.
 * A pipeline's replacement entry and its `$v:2` diff are made from the pipeline's output likewise
 * (`PipelineExecutor::applyUpdate`). (`object_replace_executor_test.cpp` and
 * `pipeline_executor_test.cpp` assert the executor's document in this order.)
 */
import { describe, expect, it } from 'vitest';
import { applyNode, expectedOutcome, observed } from './node-harness.js';

describe('a replacement is logged in the order it was written; the stored document has _id first', () => {
  it('a replacement with _id after other fields', () => {
    const out = applyNode({ doc: '{"_id": 0, "b": 1}', update: '{"a": 1, "_id": 0}' });
    expect(observed(out)).toEqual(expectedOutcome({ doc: '{"_id": 0, "a": 1}', oplog: '{"a": 1, "_id": 0}' }));
  });

  it('a replacement without _id keeps the stored _id first, in the document and in the entry', () => {
    const out = applyNode({ doc: '{"_id": 0, "b": 1}', update: '{"a": 1, "c": 2}' });
    expect(observed(out)).toEqual(
      expectedOutcome({ doc: '{"_id": 0, "a": 1, "c": 2}', oplog: '{"_id": 0, "a": 1, "c": 2}' }),
    );
  });

  it('a pipeline whose output has _id after other fields: the whole-document entry keeps that order', () => {
    const out = applyNode({ doc: '{"_id": 0, "b": 1}', update: '[{"$replaceWith": {"a": 1, "_id": "$_id"}}]' });
    expect(observed(out)).toEqual(expectedOutcome({ doc: '{"_id": 0, "a": 1}', oplog: '{"a": 1, "_id": 0}' }));
  });

  it('a pipeline whose output has _id after other fields: the diff is taken to that order', () => {
    const big = '"a long value that keeps the diff smaller than the document"';
    const out = applyNode({
      doc: `{"_id": 0, "a": 0, "big": ${big}}`,
      update: `[{"$replaceWith": {"a": 1, "_id": "$_id", "big": "$big"}}]`,
    });
    // Walking {_id, a, big} against {a, _id, big}: _id and big do not pair by position and are
    // re-inserted, so this diff is not smaller than the document: the whole output is logged.
    expect(observed(out)).toEqual(
      expectedOutcome({ doc: `{"_id": 0, "a": 1, "big": ${big}}`, oplog: `{"a": 1, "_id": 0, "big": ${big}}` }),
    );
    const kept = applyNode({
      doc: `{"_id": 0, "big": ${big}, "a": 0}`,
      update: `[{"$replaceWith": {"big": "$big", "_id": "$_id", "a": 1}}]`,
    });
    expect(kept.oplog).toBe(
      expectedOutcome({ doc: '{}', oplog: '{"$v": 2, "diff": {"i": {"_id": 0, "a": 1}}}' }).oplog,
    );
    expect(kept.doc).toBe(expectedOutcome({ doc: `{"_id": 0, "big": ${big}, "a": 1}` }).doc);
  });
});
