/**
 * A pipeline update (`PipelineExecutor`, `pipeline_executor_test.cpp`): the pipeline's output
 * replaces the document (the stored `_id` put back first when a stage dropped it); equal output is
 * a no-op with no oplog entry; otherwise the oplog `o` is a `$v:2` diff of pre- and post-image when
 * that is smaller than the post-image, else the whole document; then the immutable paths are
 * checked as for a replacement. `c` constants are validated as user variable names (9) and read as
 * `$$name` by every document the statement updates.
 *
 * Cases whose C++ document has an `_id` run through the update command on a replica set. Those
 * without one, and those with an immutable path other than `_id`, drive the executor directly (an
 * added `_id` would change the size that decides diff or replacement). The `TestIndexesAffected*`
 * cases also run through the command with the C++ indexed paths as indexes, and assert the keys
 * the indexes hold afterwards (the observable side of `indexesAffected`).
 * Not ported: `NoLogBuilder` (a C++ null pointer), `SerializeTest` (the executor's explain-style
 * serialization, which nothing prints for an update pipeline), and `CanAddImmutableId`: its
 * executor leaves a created `_id` where the pipeline put it (`{c: 1, _id: 0}`), while the engine's
 * executor returns the document `_id` first, as it stores it (a stored document always has `_id`).
 */
import { describe, expect, it } from 'vitest';
import { parseEJSON, parseEJSONDoc, stringifyEJSON } from '../../bson/ejson.js';
import type { Value } from '../../bson/values.js';
import { isEngineError } from '../../errors.js';
import { applyOplogDiff } from '../../oplog/apply-diff.js';
import { parsePipelineUpdate } from '../pipeline-executor.js';
import { TEST_ENV } from '../test-support.js';
import { applyNode, canon, DURING_UPDATE, expectedOutcome, nodeError, observed } from './node-harness.js';

/** The executor applied to one document, as the C++ test drives it. */
function execute(
  pipeline: string,
  doc: string,
  immutablePaths: string[] = [],
): { doc: string; noop: boolean; oplog: string | null } {
  const exec = parsePipelineUpdate(parseEJSON(pipeline) as Value[], { collator: null });
  const pre = parseEJSONDoc(doc);
  const r = exec.apply(pre, { isUpsertInsert: false, immutablePaths, env: TEST_ENV });
  const oplog = r.oplog;
  if (oplog !== null && oplog.has('$v'))
    expect(stringifyEJSON(applyOplogDiff(pre, oplog.get('diff') as never))).toBe(stringifyEJSON(r.doc));
  return { doc: stringifyEJSON(r.doc), noop: r.noop, oplog: oplog === null ? null : stringifyEJSON(oplog) };
}

function executeError(pipeline: string, doc: string, immutablePaths: string[]): string {
  try {
    execute(pipeline, doc, immutablePaths);
  } catch (e) {
    if (isEngineError(e)) return `${e.code}: ${e.errmsg}`;
    throw e;
  }
  throw new Error('expected an error');
}

describe('applying an update pipeline (pipeline_executor_test.cpp)', () => {
  it('Noop: output equal to the document changes nothing and logs nothing', () => {
    expect(execute('[{"$addFields": {"a": 1, "b": 2}}]', '{"a": 1, "b": 2}')).toEqual({
      doc: canon('{"a": 1, "b": 2}'),
      noop: true,
      oplog: null,
    });
    const out = applyNode({ doc: '{"_id": 0, "a": 1, "b": 2}', update: '[{"$addFields": {"a": 1, "b": 2}}]' });
    expect(observed(out)).toEqual(expectedOutcome({ doc: '{"_id": 0, "a": 1, "b": 2}', noop: true }));
  });

  it('ShouldNotCreateIdIfNoIdExistsAndNoneIsSpecified: appended fields are a diff of inserts', () => {
    expect(execute('[{"$addFields": {"a": 1, "b": 2}}]', '{"c": 1, "d": "largeStringValue"}')).toEqual({
      doc: canon('{"c": 1, "d": "largeStringValue", "a": 1, "b": 2}'),
      noop: false,
      oplog: canon('{"$v": 2, "diff": {"i": {"a": 1, "b": 2}}}'),
    });
  });

  it('ShouldPreserveIdOfExistingDocumentIfIdNotReplaced, IdFieldIsNotRemoved: a dropped _id comes back first', () => {
    const out = applyNode({
      doc: '{"_id": 0, "c": 1, "d": 2}',
      update: '[{"$addFields": {"a": 1, "b": 2}}, {"$project": {"a": 1, "b": 1, "_id": 0}}]',
    });
    expect(observed(out)).toEqual(
      expectedOutcome({ doc: '{"_id": 0, "a": 1, "b": 2}', oplog: '{"_id": 0, "a": 1, "b": 2}' }),
    );
    const only = applyNode({ doc: '{"_id": 0, "b": 1}', update: '[{"$project": {"a": 1, "_id": 0}}]' });
    expect(observed(only)).toEqual(expectedOutcome({ doc: '{"_id": 0}', oplog: '{"_id": 0}' }));
  });

  it('ShouldSucceedWhenImmutableIdIsNotModified: the same _id written again is not a change', () => {
    const out = applyNode({
      doc: '{"_id": 0, "c": 1, "d": "largeStringValue"}',
      update: '[{"$addFields": {"_id": 0, "a": 1, "b": 2}}]',
    });
    expect(observed(out)).toEqual(
      expectedOutcome({
        doc: '{"_id": 0, "c": 1, "d": "largeStringValue", "a": 1, "b": 2}',
        oplog: '{"$v": 2, "diff": {"i": {"a": 1, "b": 2}}}',
      }),
    );
  });

  it('ComplexDoc: new fields are inserts, a changed array element a u<idx> entry', () => {
    expect(
      execute(
        '[{"$addFields": {"a": 1, "b": [0, 1, 2], "c": {"d": 1}}}]',
        '{"a": 1, "b": [0, 2, 2], "e": ["val1", "val2"]}',
      ),
    ).toEqual({
      doc: canon('{"a": 1, "b": [0, 1, 2], "e": ["val1", "val2"], "c": {"d": 1}}'),
      noop: false,
      oplog: canon('{"$v": 2, "diff": {"i": {"c": {"d": 1}}, "sb": {"a": true, "u1": 1}}}'),
    });
  });

  it('immutable paths: removed 66, on an array 54, altered 66 (CannotRemove…, CannotReplace…WithArrayField, CannotMake…ArrayDescendant, CannotModify…)', () => {
    expect(executeError('[{"$project": {"c": 1}}]', '{"_id": 0, "a": {"b": 1}}', ['a.b'])).toBe(
      "66: After applying the update, the 'a.b' (required and immutable) field was found to have been removed --{ _id: 0, a: { b: 1 } }",
    );
    expect(executeError('[{"$addFields": {"_id": 0, "a": [{"b": 1}]}}]', '{"_id": 0, "a": {"b": 1}}', ['a.b'])).toBe(
      "54: After applying the update to the document, the (immutable) field 'a.b' was found to be an array or array descendant.",
    );
    expect(executeError('[{"$addFields": {"_id": 0, "a": [1]}}]', '{"_id": 0, "a": {"0": 1}}', ['a.0'])).toBe(
      "54: After applying the update to the document, the (immutable) field 'a.0' was found to be an array or array descendant.",
    );
    expect(executeError('[{"$addFields": {"_id": 0, "a": {"b": 2}}}]', '{"_id": 0, "a": {"b": 1}}', ['a.b'])).toBe(
      "66: After applying the update, the (immutable) field 'a.b' was found to have been altered to b: 2",
    );
    expect(nodeError({ doc: '{"_id": 0}', update: '[{"$addFields": {"_id": 1}}]' })).toBe(
      `66: ${DURING_UPDATE}After applying the update, the (immutable) field '_id' was found to have been altered to _id: 1`,
    );
  });

  it('CanAddImmutableField: an absent immutable path may be created (the whole document is logged)', () => {
    expect(execute('[{"$addFields": {"a": {"b": 1}}}]', '{"c": 1}', ['a.b'])).toEqual({
      doc: canon('{"c": 1, "a": {"b": 1}}'),
      noop: false,
      oplog: canon('{"c": 1, "a": {"b": 1}}'),
    });
  });

  it('CannotCreateDollarPrefixedName: a $-prefixed path component in $addFields is refused at parse (16410)', () => {
    expect(nodeError({ doc: '{"_id": 0}', update: '[{"$addFields": {"a.$bad": 1}}]' })).toBe(
      "16410: Invalid $addFields :: caused by :: FieldPath field names may not start with '$'. Consider using $getField or $setField.",
    );
  });

  it('RejectsInvalidConstantNames: c names must be user variable names (9)', () => {
    const refusal = (constants: string) => nodeError({ doc: '{"_id": 0}', update: '[]', constants });
    expect(refusal('{"": 10}')).toBe('9: empty variable names are not allowed');
    expect(refusal('{"^invalidFirstChar": 10}')).toBe(
      "9: '^invalidFirstChar' starts with an invalid character for a user variable name",
    );
    expect(refusal('{"contains*InvalidChar": 10}')).toBe(
      "9: 'contains*InvalidChar' contains an invalid character for a variable name: '*'",
    );
  });

  it("CanUseConstants, NoopWithConstants: $$name reads the statement's c", () => {
    const out = applyNode({
      doc: '{"_id": 0, "a": 1}',
      update: '[{"$set": {"b": "$$var1", "c": "$$var2"}}]',
      constants: '{"var1": 10, "var2": {"x": 1, "y": 2}}',
    });
    expect(observed(out)).toEqual(
      expectedOutcome({
        doc: '{"_id": 0, "a": 1, "b": 10, "c": {"x": 1, "y": 2}}',
        oplog: '{"_id": 0, "a": 1, "b": 10, "c": {"x": 1, "y": 2}}',
      }),
    );
    const same = applyNode({
      doc: '{"_id": 0, "a": 1, "b": 2}',
      update: '[{"$set": {"a": "$$var1", "b": "$$var2"}}]',
      constants: '{"var1": 1, "var2": 2}',
    });
    expect(observed(same)).toEqual(expectedOutcome({ doc: '{"_id": 0, "a": 1, "b": 2}', noop: true }));
  });

  it('CanUseConstantsAcrossMultipleUpdates: one parsed statement updates several documents with the same constants', () => {
    const exec = parsePipelineUpdate(parseEJSON('[{"$set": {"b": "$$var1"}}]') as Value[], {
      collator: null,
      constants: parseEJSONDoc('{"var1": "foo"}'),
    });
    for (const [pre, post] of [
      ['{"a": 1}', '{"a": 1, "b": "foo"}'],
      ['{"a": 2}', '{"a": 2, "b": "foo"}'],
    ] as const) {
      // The command seeds `c` into the statement's variables; so does this environment.
      const env = { ...TEST_ENV, variables: new Map<string, Value>([['var1', 'foo']]) };
      const r = exec.apply(parseEJSONDoc(pre), { isUpsertInsert: false, immutablePaths: [], env });
      expect({ doc: stringifyEJSON(r.doc), oplog: stringifyEJSON(r.oplog!) }).toEqual({
        doc: canon(post),
        oplog: canon(post),
      });
    }
  });
});

describe('pipeline diffs and the indexes they touch (TestIndexesAffectedWith*)', () => {
  const PAD = '"paddingField": "largeValueString"';
  const nested = `{"_id": 0, "f1": {"a": {"b": {"c": 1, ${PAD}}, "c": 1, ${PAD}}}, ${PAD}}`;
  const indexes = ['{"p.a.b": 1}', '{"f1.a.b": 1}', '{"f1.a.newField": 1}'];
  const run = (doc: string, update: string) => applyNode({ doc, update, indexes });
  const keysOf = (out: { indexKeys: readonly string[] }) => out.indexKeys.map((k) => JSON.parse(k) as unknown);

  it('WithDeletes: $unset of a field, of fields beside an indexed one, below it, and beside it', () => {
    const top = run(nested, '[{"$unset": ["f1", "f2", "f3"]}]');
    expect(observed(top)).toEqual(
      expectedOutcome({ doc: `{"_id": 0, ${PAD}}`, oplog: '{"$v": 2, "diff": {"d": {"f1": false}}}' }),
    );
    const at = run(nested, '[{"$unset": ["f1.a.p", "f1.a.c", "f1.a.b"]}]');
    expect(observed(at)).toEqual(
      expectedOutcome({
        doc: `{"_id": 0, "f1": {"a": {${PAD}}}, ${PAD}}`,
        oplog: '{"$v": 2, "diff": {"sf1": {"sa": {"d": {"b": false, "c": false}}}}}',
      }),
    );
    const below = run(nested, '[{"$unset": "f1.a.b.c"}]');
    expect(observed(below)).toEqual(
      expectedOutcome({
        doc: `{"_id": 0, "f1": {"a": {"b": {${PAD}}, "c": 1, ${PAD}}}, ${PAD}}`,
        oplog: '{"$v": 2, "diff": {"sf1": {"sa": {"sb": {"d": {"c": false}}}}}}',
      }),
    );
    expect(keysOf(below)[1]).toEqual([[{ paddingField: 'largeValueString' }]]);
    const beside = run(nested, '[{"$unset": "f1.a.c"}]');
    expect(observed(beside)).toEqual(
      expectedOutcome({
        doc: `{"_id": 0, "f1": {"a": {"b": {"c": {"$numberInt": "1"}, ${PAD}}, ${PAD}}}, ${PAD}}`,
        oplog: '{"$v": 2, "diff": {"sf1": {"sa": {"d": {"c": false}}}}}',
      }),
    );
  });

  it('WithUpdatesAndInserts: u and i at each level, and the index keys that follow', () => {
    const top = run(nested, '[{"$set": {"f1": true, "f2": true}}]');
    expect(observed(top)).toEqual(
      expectedOutcome({
        doc: `{"_id": 0, "f1": true, ${PAD}, "f2": true}`,
        oplog: '{"$v": 2, "diff": {"u": {"f1": true}, "i": {"f2": true}}}',
      }),
    );
    expect(keysOf(top)).toEqual([[[null]], [[null]], [[null]]]);
    const created = run(nested, '[{"$set": {"f1.a.newField": true}}]');
    expect(created.oplog).toBe(canon('{"$v": 2, "diff": {"sf1": {"sa": {"i": {"newField": true}}}}}'));
    expect(keysOf(created)[2]).toEqual([[true]]);
    const below = run(nested, '[{"$set": {"f1.a.b.c": true}}]');
    expect(below.oplog).toBe(canon('{"$v": 2, "diff": {"sf1": {"sa": {"sb": {"u": {"c": true}}}}}}'));
    expect(keysOf(below)[1]).toEqual([[{ c: true, paddingField: 'largeValueString' }]]);
    const beside = run(nested, '[{"$set": {"f1.a.p": true}}]');
    expect(observed(beside)).toEqual(
      expectedOutcome({
        doc: `{"_id": 0, "f1": {"a": {"b": {"c": 1, ${PAD}}, "c": 1, ${PAD}, "p": true}}, ${PAD}}`,
        oplog: '{"$v": 2, "diff": {"sf1": {"sa": {"i": {"p": true}}}}}',
      }),
    );
  });

  const withArray = `{"_id": 0, "f1": [0, {"a": {"b": ["someStringValue", {"c": 1, ${PAD}}], "c": 1, ${PAD}}}], ${PAD}}`;
  it('WithArraysAlongIndexPath: a resize, an insert inside an element, an appended element, a sibling update', () => {
    const resized = applyNode({
      doc: withArray,
      update: `[{"$replaceWith": {"_id": 0, "f1": [0, {"a": {"b": ["someStringValue"], "c": 1, ${PAD}}}], ${PAD}}}]`,
    });
    expect(resized.oplog).toBe(
      canon('{"$v": 2, "diff": {"sf1": {"a": true, "s1": {"sa": {"sb": {"a": true, "l": 1}}}}}}'),
    );
    const inserted = applyNode({
      doc: withArray,
      update: `[{"$replaceWith": {"_id": 0, "f1": [0, {"a": {"b": ["someStringValue", {"c": 1, ${PAD}, "d": 1}], "c": 1, ${PAD}}}], ${PAD}}}]`,
    });
    expect(inserted.oplog).toBe(
      canon('{"$v": 2, "diff": {"sf1": {"a": true, "s1": {"sa": {"sb": {"a": true, "s1": {"i": {"d": 1}}}}}}}}'),
    );
    const appended = applyNode({
      doc: withArray,
      update: '[{"$set": {"f1": {"$concatArrays": ["$f1", [{"newField": 1}]]}}}]',
    });
    expect(appended.oplog).toBe(canon('{"$v": 2, "diff": {"sf1": {"a": true, "u2": {"newField": 1}}}}'));
    const sibling = applyNode({
      doc: withArray,
      update: `[{"$replaceWith": {"_id": 0, "f1": [0, {"a": {"b": ["someStringValue", {"c": 1, ${PAD}}], "c": 2, ${PAD}}}], ${PAD}}}]`,
    });
    expect(sibling.oplog).toBe(canon('{"$v": 2, "diff": {"sf1": {"a": true, "s1": {"sa": {"u": {"c": 2}}}}}}'));
  });

  const afterIndexPath = `{"_id": 0, "f1": {"a": {"b": {"c": [{${PAD}}, 1]}, "c": 1, ${PAD}}}, ${PAD}}`;
  it('WithArraysAfterIndexPath: truncating, appending to and updating an array below the indexed path', () => {
    const truncated = applyNode({ doc: afterIndexPath, update: `[{"$set": {"f1.a.b.c": [{${PAD}}]}}]` });
    expect(truncated.oplog).toBe(canon('{"$v": 2, "diff": {"sf1": {"sa": {"sb": {"sc": {"a": true, "l": 1}}}}}}'));
    const appended = applyNode({
      doc: afterIndexPath,
      update: '[{"$set": {"f1.a.b.c": {"$concatArrays": ["$f1.a.b.c", [{"newField": 1}]]}}}]',
    });
    expect(appended.oplog).toBe(
      canon('{"$v": 2, "diff": {"sf1": {"sa": {"sb": {"sc": {"a": true, "u2": {"newField": 1}}}}}}}'),
    );
    const updated = applyNode({ doc: afterIndexPath, update: `[{"$set": {"f1.a.b.c": [{${PAD}}, "updatedVal"]}}]` });
    expect(updated.oplog).toBe(
      canon('{"$v": 2, "diff": {"sf1": {"sa": {"sb": {"sc": {"a": true, "u1": "updatedVal"}}}}}}'),
    );
    expect(updated.doc).toBe(
      canon(`{"_id": 0, "f1": {"a": {"b": {"c": [{${PAD}}, "updatedVal"]}, "c": 1, ${PAD}}}, ${PAD}}`),
    );
  });
});
