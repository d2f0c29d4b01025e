/**
 * $set on an existing, missing or array-indexed path (set_node_test.cpp): the stored document,
 * the no-op decision (binary equality: a type change is not a no-op), the `$v: 2` oplog entry and
 * the modified paths, through the update command on a replica set.
 */
import { describe, expect, it } from 'vitest';
import { applyNode, expectedOutcome, observed } from './node-harness.js';

interface SetCase {
  /** The C++ TEST_F cases of set_node_test.cpp this row comes from. */
  readonly from: string;
  readonly doc: string;
  readonly update: string;
  readonly query?: string;
  readonly result: string;
  readonly noop?: boolean;
  readonly oplog?: string;
  readonly paths?: readonly string[];
}

const cases: readonly SetCase[] = [
  { from: 'ApplyNoOp', doc: '{"a": 5}', update: '{"$set": {"a": 5}}', result: '{"a": 5}', noop: true },
  {
    from: 'ApplyEmptyPathToCreate, ApplyLog, ApplyInPlace',
    doc: '{"a": 5}',
    update: '{"$set": {"a": 6}}',
    result: '{"a": 6}',
    oplog: '{"$v": 2, "diff": {"u": {"a": 6}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyCreatePath',
    doc: '{"a": {"d": 5}}',
    update: '{"$set": {"a.b.c": 6}}',
    result: '{"a": {"d": 5, "b": {"c": 6}}}',
    oplog: '{"$v": 2, "diff": {"sa": {"i": {"b": {"c": 6}}}}}',
    paths: ['a.b.c'],
  },
  {
    from: 'ApplyCreatePathFromRoot',
    doc: '{"c": 5}',
    update: '{"$set": {"a.b": 6}}',
    result: '{"c": 5, "a": {"b": 6}}',
    oplog: '{"$v": 2, "diff": {"i": {"a": {"b": 6}}}}',
    paths: ['a.b'],
  },
  {
    from: 'ApplyPositional',
    doc: '{"a": [0, 1, 2]}',
    update: '{"$set": {"a.$": 6}}',
    query: '{"a": 1}',
    result: '{"a": [0, 6, 2]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "u1": 6}}}',
    paths: ['a.1'],
  },
  {
    from: 'TypeChangeIsNotANoop',
    doc: '{"a": {"$numberInt": "2"}}',
    update: '{"$set": {"a": {"$numberLong": "2"}}}',
    result: '{"a": {"$numberLong": "2"}}',
    oplog: '{"$v": 2, "diff": {"u": {"a": {"$numberLong": "2"}}}}',
    paths: ['a'],
  },
  {
    // The C++ case mutates the document in place first so that it is no longer serialized; a
    // stored document is always serialized, so the server's rule shows as: a value that differs
    // in the stored document is written and logged.
    from: 'IdentityOpOnDeserializedIsNotANoOp',
    doc: '{"a": {"b": 0}}',
    update: '{"$set": {"a": {"b": 2}}}',
    result: '{"a": {"b": 2}}',
    oplog: '{"$v": 2, "diff": {"u": {"a": {"b": 2}}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyEmptyDocument',
    doc: '{}',
    update: '{"$set": {"a": 2}}',
    result: '{"a": 2}',
    oplog: '{"$v": 2, "diff": {"i": {"a": 2}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyOverridePath',
    doc: '{"a": {"b": 1}}',
    update: '{"$set": {"a": 2}}',
    result: '{"a": 2}',
    oplog: '{"$v": 2, "diff": {"u": {"a": 2}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyChangeType',
    doc: '{"a": "str"}',
    update: '{"$set": {"a": 2}}',
    result: '{"a": 2}',
    oplog: '{"$v": 2, "diff": {"u": {"a": 2}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyNewPath',
    doc: '{"b": 1}',
    update: '{"$set": {"a": 2}}',
    result: '{"b": 1, "a": 2}',
    oplog: '{"$v": 2, "diff": {"i": {"a": 2}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyNoOpDottedPath',
    doc: '{"a": {"b": 2}}',
    update: '{"$set": {"a.b": 2}}',
    result: '{"a": {"b": 2}}',
    noop: true,
  },
  {
    from: 'TypeChangeOnDottedPathIsNotANoOp',
    doc: '{"a": {"b": {"$numberLong": "2"}}}',
    update: '{"$set": {"a.b": {"$numberInt": "2"}}}',
    result: '{"a": {"b": 2}}',
    oplog: '{"$v": 2, "diff": {"sa": {"u": {"b": 2}}}}',
    paths: ['a.b'],
  },
  {
    from: 'ApplyInPlaceDottedPath',
    doc: '{"a": {"b": 1}}',
    update: '{"$set": {"a.b": 2}}',
    result: '{"a": {"b": 2}}',
    oplog: '{"$v": 2, "diff": {"sa": {"u": {"b": 2}}}}',
    paths: ['a.b'],
  },
  {
    from: 'ApplyChangeTypeDottedPath',
    doc: '{"a": {"b": "str"}}',
    update: '{"$set": {"a.b": 2}}',
    result: '{"a": {"b": 2}}',
    oplog: '{"$v": 2, "diff": {"sa": {"u": {"b": 2}}}}',
    paths: ['a.b'],
  },
  {
    from: 'ApplyChangePath',
    doc: '{"a": {"b": {"c": 1}}}',
    update: '{"$set": {"a.b": 2}}',
    result: '{"a": {"b": 2}}',
    oplog: '{"$v": 2, "diff": {"sa": {"u": {"b": 2}}}}',
    paths: ['a.b'],
  },
  {
    from: 'ApplyExtendPath',
    doc: '{"a": {"c": 1}}',
    update: '{"$set": {"a.b": 2}}',
    result: '{"a": {"c": 1, "b": 2}}',
    oplog: '{"$v": 2, "diff": {"sa": {"i": {"b": 2}}}}',
    paths: ['a.b'],
  },
  {
    from: 'ApplyNewDottedPath',
    doc: '{"c": 1}',
    update: '{"$set": {"a.b": 2}}',
    result: '{"c": 1, "a": {"b": 2}}',
    oplog: '{"$v": 2, "diff": {"i": {"a": {"b": 2}}}}',
    paths: ['a.b'],
  },
  {
    from: 'ApplyEmptyDoc',
    doc: '{}',
    update: '{"$set": {"a.b": 2}}',
    result: '{"a": {"b": 2}}',
    oplog: '{"$v": 2, "diff": {"i": {"a": {"b": 2}}}}',
    paths: ['a.b'],
  },
  {
    from: 'ApplyFieldWithDot',
    doc: '{"a.b": 4}',
    update: '{"$set": {"a.b": 2}}',
    result: '{"a.b": 4, "a": {"b": 2}}',
    oplog: '{"$v": 2, "diff": {"i": {"a": {"b": 2}}}}',
    paths: ['a.b'],
  },
  {
    from: 'ApplyNoOpArrayIndex',
    doc: '{"a": [{"b": 0}, {"b": 1}, {"b": 2}]}',
    update: '{"$set": {"a.2.b": 2}}',
    result: '{"a": [{"b": 0}, {"b": 1}, {"b": 2}]}',
    noop: true,
  },
  {
    from: 'TypeChangeInArrayIsNotANoOp',
    doc: '{"a": [{"b": 0}, {"b": 1}, {"b": 2.0}]}',
    update: '{"$set": {"a.2.b": {"$numberInt": "2"}}}',
    result: '{"a": [{"b": 0}, {"b": 1}, {"b": 2}]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "s2": {"u": {"b": 2}}}}}',
    paths: ['a.2.b'],
  },
  {
    from: 'ApplyInPlaceArrayIndex',
    doc: '{"a": [{"b": 0}, {"b": 1}, {"b": 1}]}',
    update: '{"$set": {"a.2.b": 2}}',
    result: '{"a": [{"b": 0}, {"b": 1}, {"b": 2}]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "s2": {"u": {"b": 2}}}}}',
    paths: ['a.2.b'],
  },
  {
    from: 'ApplyNormalArray, ApplyLogDottedPath',
    doc: '{"a": [{"b": 0}, {"b": 1}]}',
    update: '{"$set": {"a.2.b": 2}}',
    result: '{"a": [{"b": 0}, {"b": 1}, {"b": 2}]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "u2": {"b": 2}}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyPaddingArray',
    doc: '{"a": [{"b": 0}]}',
    update: '{"$set": {"a.2.b": 2}}',
    result: '{"a": [{"b": 0}, null, {"b": 2}]}',
    // The padding nulls are not logged: the diff applier pads an array updated past its end.
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "u2": {"b": 2}}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyNumericObject',
    doc: '{"a": {"b": 0}}',
    update: '{"$set": {"a.2.b": 2}}',
    result: '{"a": {"b": 0, "2": {"b": 2}}}',
    oplog: '{"$v": 2, "diff": {"sa": {"i": {"2": {"b": 2}}}}}',
    paths: ['a.2.b'],
  },
  {
    from: 'ApplyNumericField',
    doc: '{"a": {"2": {"b": 1}}}',
    update: '{"$set": {"a.2.b": 2}}',
    result: '{"a": {"2": {"b": 2}}}',
    oplog: '{"$v": 2, "diff": {"sa": {"s2": {"u": {"b": 2}}}}}',
    paths: ['a.2.b'],
  },
  {
    from: 'ApplyExtendNumericField',
    doc: '{"a": {"2": {"c": 1}}}',
    update: '{"$set": {"a.2.b": 2}}',
    result: '{"a": {"2": {"c": 1, "b": 2}}}',
    oplog: '{"$v": 2, "diff": {"sa": {"s2": {"i": {"b": 2}}}}}',
    paths: ['a.2.b'],
  },
  {
    from: 'ApplyEmptyObject, LogEmptyObject',
    doc: '{"a": {}}',
    update: '{"$set": {"a.2.b": 2}}',
    result: '{"a": {"2": {"b": 2}}}',
    oplog: '{"$v": 2, "diff": {"sa": {"i": {"2": {"b": 2}}}}}',
    paths: ['a.2.b'],
  },
  {
    from: 'ApplyEmptyArray, LogEmptyArray',
    doc: '{"a": []}',
    update: '{"$set": {"a.2.b": 2}}',
    result: '{"a": [null, null, {"b": 2}]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "u2": {"b": 2}}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyNoOpComplex',
    doc: '{"a": [{"b": {"c": 0, "d": 0}}, {"b": {"c": 1, "d": 1}}]}',
    update: '{"$set": {"a.1.b": {"c": 1, "d": 1}}}',
    result: '{"a": [{"b": {"c": 0, "d": 0}}, {"b": {"c": 1, "d": 1}}]}',
    noop: true,
  },
  {
    from: 'ApplySameStructure',
    doc: '{"a": [{"b": {"c": 0, "d": 0}}, {"b": {"c": 1, "xxx": 1}}]}',
    update: '{"$set": {"a.1.b": {"c": 1, "d": 1}}}',
    result: '{"a": [{"b": {"c": 0, "d": 0}}, {"b": {"c": 1, "d": 1}}]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "s1": {"u": {"b": {"c": 1, "d": 1}}}}}}',
    paths: ['a.1.b'],
  },
  {
    from: 'Set6',
    doc: '{"_id": 1, "r": {"a": 1, "b": 2}}',
    update: '{"$set": {"r.a": 2}}',
    result: '{"_id": 1, "r": {"a": 2, "b": 2}}',
    oplog: '{"$v": 2, "diff": {"sr": {"u": {"a": 2}}}}',
    paths: ['r.a'],
  },
  {
    from: 'ApplySetModToEphemeralDocument',
    doc: '{"x": {"a": 100}}',
    update: '{"$set": {"x": {"a": 100, "b": 2}}}',
    result: '{"x": {"a": 100, "b": 2}}',
    oplog: '{"$v": 2, "diff": {"u": {"x": {"a": 100, "b": 2}}}}',
    paths: ['x'],
  },
  {
    from: 'ApplySetFieldInNonExistentArrayElementAffectsIndexOnSiblingField',
    doc: '{"a": [{"b": 0}]}',
    update: '{"$set": {"a.1.c": 2}}',
    result: '{"a": [{"b": 0}, {"c": 2}]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "u1": {"c": 2}}}}',
    paths: ['a'],
  },
  {
    from: 'ApplySetFieldInExistingArrayElementDoesNotAffectIndexOnSiblingField',
    doc: '{"a": [{"b": 0}]}',
    update: '{"$set": {"a.0.c": 2}}',
    result: '{"a": [{"b": 0, "c": 2}]}',
    oplog: '{"$v": 2, "diff": {"sa": {"a": true, "s0": {"i": {"c": 2}}}}}',
    paths: ['a.0.c'],
  },
  {
    from: 'ApplySetFieldInNonExistentNumericFieldDoesNotAffectIndexOnSiblingField',
    doc: '{"a": {"0": {"b": 0}}}',
    update: '{"$set": {"a.1.c": 2}}',
    result: '{"a": {"0": {"b": 0}, "1": {"c": 2}}}',
    oplog: '{"$v": 2, "diff": {"sa": {"i": {"1": {"c": 2}}}}}',
    paths: ['a.1.c'],
  },
];

describe('$set writes the path, creates what is missing and logs the change (set_node_test.cpp)', () => {
  it.each(cases)('$from', (c) => {
    const out = applyNode({ doc: c.doc, update: c.update, ...(c.query !== undefined ? { query: c.query } : {}) });
    expect(observed(out)).toEqual(expectedOutcome({ doc: c.result, noop: c.noop ?? false, oplog: c.oplog ?? null }));
    // A no-op writes nothing, so its modified paths have no effect the update command shows.
    if (!c.noop) expect(out.modifiedPaths).toEqual(c.paths);
  });
});
