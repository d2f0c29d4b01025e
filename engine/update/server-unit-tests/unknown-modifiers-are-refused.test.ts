/**
 * The modifier table (modifier_table_test.cpp): `getType` knows `$set` and every other update
 * operator, and nothing else. On the command path a name it does not know — a `$`-name that is
 * not an operator, or a plain field name beside operators — fails the parse with 9 and the
 * server's message. (makeUpdateMod / ModifierInterface, the pre-3.6 modifier classes, have no
 * counterpart in 8.0.)
 */
import { describe, expect, it } from 'vitest';
import { applyNode, nodeError } from './node-harness.js';
import { canon } from '../../commands/testing.js';

const unknown = (name: string) =>
  `9: Unknown modifier: ${name}. Expected a valid update modifier or pipeline-style update specified as an array`;

describe('getType: known and unknown modifier names', () => {
  it('Normal: $set is a modifier', () => {
    expect(applyNode({ doc: '{}', update: '{"$set": {"a": 1}}' }).doc).toBe(canon('{"a": 1}'));
  });
  it("Normal: $AModThatDoesn'tExist is unknown", () => {
    expect(nodeError({ doc: '{}', update: `{"$AModThatDoesn'tExist": {"a": 1}}` })).toBe(
      unknown("$AModThatDoesn'tExist"),
    );
  });
  it('Normal: NotAModExpression beside a modifier is unknown', () => {
    expect(nodeError({ doc: '{}', update: '{"$set": {"a": 1}, "NotAModExpression": {"a": 1}}' })).toBe(
      unknown('NotAModExpression'),
    );
  });
});
