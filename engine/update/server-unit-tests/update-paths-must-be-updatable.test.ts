/**
 * Which update paths are accepted (field_checker_test.cpp): `fieldchecker::isUpdatable` refuses a
 * path with an empty component (56), and `isPositional` counts the positional `$` components —
 * more than one is refused (2). Every modifier checks its path the same way; `$set` and `$unset`
 * run here.
 */
import { describe, expect, it } from 'vitest';
import { applyNode, nodeError } from './node-harness.js';
import { canon } from '../../commands/testing.js';

const doc = '{"a": [{"b": 0}], "x": {"y": {"z": 0}}}';

describe('isUpdatable', () => {
  it('Basics', () => {
    expect(applyNode({ doc, update: '{"$set": {"x": 1}}' }).doc).toBe(canon('{"a": [{"b": 0}], "x": 1}'));
  });
  it('DottedFields', () => {
    expect(applyNode({ doc, update: '{"$set": {"x.y.z": 1}}' }).doc).toBe(
      canon('{"a": [{"b": 0}], "x": {"y": {"z": 1}}}'),
    );
  });
  const empty: readonly (readonly [string, string])[] = [
    ['', '56: An empty update path is not valid.'],
    ['.', "56: The update path '.' contains an empty field name, which is not allowed."],
    ['a.', "56: The update path 'a.' contains an empty field name, which is not allowed."],
    ['.b', "56: The update path '.b' contains an empty field name, which is not allowed."],
    ['a..b', "56: The update path 'a..b' contains an empty field name, which is not allowed."],
  ];
  for (const [path, error] of empty) {
    for (const op of ['$set', '$unset']) {
      it(`EmptyFields: ${op} of "${path}"`, () => {
        expect(nodeError({ doc, update: `{"${op}": {${JSON.stringify(path)}: 1}}` })).toBe(error);
      });
    }
  }
});

describe('isPositional', () => {
  it('EntireArrayItem', () => {
    const out = applyNode({ doc, query: '{"a.b": 0}', update: '{"$set": {"a.$": 1}}' });
    expect(out.oplog).toBe(canon('{"$v": 2, "diff": {"sa": {"a": true, "u0": 1}}}'));
  });
  it('ArraySubObject', () => {
    const out = applyNode({ doc, query: '{"a.b": 0}', update: '{"$set": {"a.$.b": 1}}' });
    expect(out.oplog).toBe(canon('{"$v": 2, "diff": {"sa": {"a": true, "s0": {"u": {"b": 1}}}}}'));
  });
  it('MultiplePositional', () => {
    expect(nodeError({ doc, query: '{"a.b": 0}', update: '{"$set": {"a.$.b.$.c": 1}}' })).toBe(
      "2: Too many positional (i.e. '$') elements found in path 'a.$.b.$.c'",
    );
  });
});
