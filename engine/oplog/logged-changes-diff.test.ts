/**
 * The `$v:2` diff a modifier update logs as it goes (`V2LogBuilder`), against MongoDB's own cases
 * (`src/mongo/db/update/v2_log_builder_test.cpp`, `V2LogBuilder.*`).
 *
 * One difference of interface, not of output: the server's `logCreatedField(path, idx, elt)` takes
 * the created leaf and builds the new components `path[idx..]` as nested insert nodes, merging later
 * creations under them; the engine's takes the value now at `path[idx]` (the created top value,
 * kept by reference as the server keeps mutable elements) and serializes its final state, which
 * holds every later creation under it. Each C++ case is written here with the top value it means.
 * Not ported: `ImplicityArrayCreationDisallowed` (a DEATH_TEST of an invariant).
 */
import { describe, expect, it } from 'vitest';
import { parseEJSON } from '../bson/ejson.js';
import { Int32, type Doc, type Value } from '../bson/values.js';
import { canon, ejson } from '../commands/testing.js';
import type { RuntimePath } from '../update/path.js';
import { V2LogBuilder } from './v2-log-builder.js';

/** `makeRuntimeUpdatePathAssumeAllComponentsFieldNames`. */
const names = (path: string): RuntimePath => path.split('.').map((name) => ({ name, isIndex: false }));
/** `makeRuntimeUpdatePathAssumeNumericComponentsAreIndexes`. */
const numericAsIndexes = (path: string): RuntimePath =>
  path.split('.').map((name) => ({ name, isIndex: /^[0-9]+$/.test(name) }));
const v = (text: string): Value => parseEJSON(text);
const int = (n: number): Value => new Int32(n);
const expectLog = (lb: V2LogBuilder, o: string) => expect(ejson(lb.serialize())).toBe(canon(o));

describe('the diff a modifier update logs (V2LogBuilder)', () => {
  it('an updated value is serialized as it is when the entry is written, not as it was logged (UpdateField*MutableBson*)', () => {
    const arr = v('[1, {"sub": "obj"}, 3]') as Value[];
    const obj = v('{"arr": [{"a": [0]}, 2]}') as Doc;
    const lb = new V2LogBuilder();
    lb.logUpdatedField(names('a.b'), arr);
    lb.logUpdatedField(names('c.d'), obj);
    lb.logUpdatedField(names('c.e'), 'val');
    // Changed after logging, before serializing (the C++ test edits the mutable elements).
    arr[0] = 'val';
    (obj.get('arr') as Value[])[1] = 'val';
    expectLog(
      lb,
      '{"$v": 2, "diff": {"sa": {"u": {"b": ["val", {"sub": "obj"}, 3]}}, "sc": {"u": {"d": {"arr": [{"a": [0]}, "val"]}, "e": "val"}}}}',
    );
  });

  it('created paths nest under one insert of their first new component (CreateFieldBSONElt, CreateFieldMutableBson)', () => {
    const created = v('{"b": {"d": ["v", "a", "l"], "c": 2}, "c": {"e": {}}}');
    const lb = new V2LogBuilder();
    lb.logCreatedField(names('a.b.d'), 0, created);
    lb.logCreatedField(names('a.c.e'), 0, created);
    lb.logCreatedField(names('a.b.c'), 0, created);
    expectLog(lb, '{"$v": 2, "diff": {"i": {"a": {"b": {"d": ["v", "a", "l"], "c": 2}, "c": {"e": {}}}}}}');

    const single = new V2LogBuilder();
    single.logCreatedField(names('a.b'), 0, v('{"b": 1}'));
    expectLog(single, '{"$v": 2, "diff": {"i": {"a": {"b": 1}}}}');
  });

  it('fields created under an existing object are inserts of its sub-diff, in logging order (CreateFieldMergeInOrder)', () => {
    const obj = v('{"arr": [{"a": [0]}]}');
    const c = new Map<string, Value>([
      ['b', obj],
      ['e', int(1)],
    ]);
    const lb = new V2LogBuilder();
    lb.logCreatedField(names('root.d'), 1, int(1));
    lb.logCreatedField(names('root.b.a'), 1, v('{"a": 1}'));
    lb.logCreatedField(names('root.c.b'), 1, c);
    lb.logCreatedField(names('root.c.e'), 1, c);
    lb.logCreatedField(names('root.a'), 1, obj);
    expectLog(
      lb,
      '{"$v": 2, "diff": {"sroot": {"i": {"d": 1, "b": {"a": 1}, "c": {"b": {"arr": [{"a": [0]}]}, "e": 1}, "a": {"arr": [{"a": [0]}]}}}}}',
    );
  });

  it('deletes are d entries in logging order (BasicDelete, VerifyDeletesOrder)', () => {
    const one = new V2LogBuilder();
    one.logDeletedField(names('x'));
    expectLog(one, '{"$v": 2, "diff": {"d": {"x": false}}}');

    const lb = new V2LogBuilder();
    for (const p of ['a.c', 'a.b', 'x.z', 'x.y']) lb.logDeletedField(names(p));
    expectLog(lb, '{"$v": 2, "diff": {"sa": {"d": {"c": false, "b": false}}, "sx": {"d": {"z": false, "y": false}}}}');
  });

  it('sections are d, u, i, then sub-diffs in the order they were first reached (WithAllModificationTypes, VerifySubDiffsAreOrderedCorrectly)', () => {
    const all = new V2LogBuilder();
    all.logUpdatedField(names('a.b.c'), int(1));
    all.logCreatedField(names('a.b.d.e'), 3, int(2));
    all.logDeletedField(names('a.b.e'));
    expectLog(all, '{"$v": 2, "diff": {"sa": {"sb": {"d": {"e": false}, "u": {"c": 1}, "sd": {"i": {"e": 2}}}}}}');

    const lb = new V2LogBuilder();
    lb.logUpdatedField(names('a.b.c'), int(1));
    lb.logCreatedField(names('a.c.d'), 2, int(1));
    lb.logUpdatedField(names('x.y.z'), int(2));
    lb.logUpdatedField(names('x.z.a'), int(2));
    expectLog(
      lb,
      '{"$v": 2, "diff": {"sa": {"sb": {"u": {"c": 1}}, "sc": {"i": {"d": 1}}}, "sx": {"sy": {"u": {"z": 2}}, "sz": {"u": {"a": 2}}}}}',
    );
  });

  it('array entries are written in index order whatever the logging order; a created element is u<idx> (ArrayModifications)', () => {
    const lb = new V2LogBuilder();
    lb.logUpdatedField(numericAsIndexes('a.0.c.update'), int(1));
    lb.logCreatedField(numericAsIndexes('a.10.insert.a'), 2, v('{"a": 2}'));
    lb.logUpdatedField(numericAsIndexes('a.3'), int(1));
    const insert = v('{"a": 2, "f": 2}');
    lb.logCreatedField(numericAsIndexes('a.0.c.insert.a'), 3, insert);
    lb.logCreatedField(numericAsIndexes('a.0.c.insert.f'), 3, insert);
    lb.logCreatedField(numericAsIndexes('a.1'), 1, v('{"arr": [{"a": [0]}]}'));
    lb.logDeletedField(numericAsIndexes('a.0.c.del'));
    expectLog(
      lb,
      '{"$v": 2, "diff": {"sa": {"a": true, "s0": {"sc": {"d": {"del": false}, "u": {"update": 1}, "i": {"insert": {"a": 2, "f": 2}}}}, "u1": {"arr": [{"a": [0]}]}, "u3": 1, "s10": {"i": {"insert": {"a": 2}}}}}}',
    );
  });

  it('an array element created with a sub-path is one u<idx> of its whole value (ImplicityArrayElementCreationAllowed)', () => {
    const lb = new V2LogBuilder();
    lb.logCreatedField(numericAsIndexes('a.10.b.a'), 1, v('{"b": {"a": 1}}'));
    lb.logCreatedField(numericAsIndexes('a.2.b.a'), 1, v('{"b": {"a": 1}}'));
    lb.logUpdatedField(numericAsIndexes('a.0.b.a'), int(1));
    expectLog(
      lb,
      '{"$v": 2, "diff": {"sa": {"a": true, "s0": {"sb": {"u": {"a": 1}}}, "u2": {"b": {"a": 1}}, "u10": {"b": {"a": 1}}}}}',
    );
  });
});
