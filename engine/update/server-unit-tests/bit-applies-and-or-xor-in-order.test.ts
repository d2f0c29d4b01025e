/**
 * $bit (bit_node_test.cpp): `and`/`or`/`xor` on int32/int64 applied in the order written, a
 * missing field starting from int32 0, a no-op when the result is identical, and the parse errors (2 BadValue) for every operand shape the node refuses.
 */
import { describe, expect, it } from 'vitest';
import { DURING_UPDATE, nodeError, runRow, type NodeRow } from './node-harness.js';

const rows: readonly NodeRow[] = [
  {
    from: 'ApplyAndLogEmptyDocumentAnd',
    doc: '{}',
    update: '{"$bit": {"a": {"and": 1}}}',
    result: '{"a": 0}',
    oplog: '{"$v": 2, "diff": {"i": {"a": 0}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyAndLogEmptyDocumentOr',
    doc: '{}',
    update: '{"$bit": {"a": {"or": 1}}}',
    result: '{"a": 1}',
    oplog: '{"$v": 2, "diff": {"i": {"a": 1}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyAndLogEmptyDocumentXor',
    doc: '{}',
    update: '{"$bit": {"a": {"xor": 1}}}',
    result: '{"a": 1}',
    oplog: '{"$v": 2, "diff": {"i": {"a": 1}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyAndLogSimpleDocumentAnd',
    doc: '{"a": 5}',
    update: '{"$bit": {"a": {"and": 6}}}',
    result: '{"a": 4}',
    oplog: '{"$v": 2, "diff": {"u": {"a": 4}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyAndLogSimpleDocumentOr',
    doc: '{"a": 5}',
    update: '{"$bit": {"a": {"or": 6}}}',
    result: '{"a": 7}',
    oplog: '{"$v": 2, "diff": {"u": {"a": 7}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyAndLogSimpleDocumentXor',
    doc: '{"a": 5}',
    update: '{"$bit": {"a": {"xor": 6}}}',
    result: '{"a": 3}',
    oplog: '{"$v": 2, "diff": {"u": {"a": 3}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyShouldReportNoOp',
    doc: '{"a": 1}',
    update: '{"$bit": {"a": {"and": 1}}}',
    result: '{"a": 1}',
    noop: true,
  },
  {
    // 0b1111111100000000 & 0b1111000011110000 | 0b1100110011001100 ^ 0b1010101010101010
    from: 'ApplyMultipleBitOps',
    doc: '{"a": 65280}',
    update: '{"$bit": {"a": {"and": 61680, "or": 52428, "xor": 43690}}}',
    result: '{"a": 22118}',
    oplog: '{"$v": 2, "diff": {"u": {"a": 22118}}}',
    paths: ['a'],
  },
  {
    // ParsesAndLong, ParsesOrLong, ParsesXorLong: an int64 operand makes the result int64.
    from: 'ParsesAndLong, ParsesOrLong, ParsesXorLong',
    doc: '{"a": 5}',
    update: '{"$bit": {"a": {"and": {"$numberLong": "7"}, "or": {"$numberLong": "8"}, "xor": {"$numberLong": "1"}}}}',
    result: '{"a": {"$numberLong": "12"}}',
    oplog: '{"$v": 2, "diff": {"u": {"a": {"$numberLong": "12"}}}}',
    paths: ['a'],
  },
];

describe('$bit applies its operations in the order written (bit_node_test.cpp)', () => {
  it.each(rows)('$from', (row) => {
    const { actual, expected } = runRow(row);
    expect(actual).toEqual(expected);
  });
});

describe('$bit refuses operands that are not {and|or|xor: int32|int64} (bit_node_test.cpp, bit_node.cpp)', () => {
  it.each([
    // InitWithDoubleFails (fromjson's 0 is an int32)
    [
      '{"$bit": {"a": 0}}',
      'The $bit modifier is not compatible with a int. You must pass in an embedded document: {$bit: {field: {and/or/xor: #}}',
    ],
    // InitWithStringFails
    [
      '{"$bit": {"a": ""}}',
      'The $bit modifier is not compatible with a string. You must pass in an embedded document: {$bit: {field: {and/or/xor: #}}',
    ],
    // InitWithArrayFails
    [
      '{"$bit": {"a": []}}',
      'The $bit modifier is not compatible with a array. You must pass in an embedded document: {$bit: {field: {and/or/xor: #}}',
    ],
    // InitWithEmptyDocumentFails
    [
      '{"$bit": {"a": {}}}',
      'You must pass in at least one bitwise operation. The format is: {$bit: {field: {and/or/xor: #}}',
    ],
    // InitWithUnknownOperatorFails
    [
      '{"$bit": {"a": {"foo": 4}}}',
      "The $bit modifier only supports 'and', 'or', and 'xor', not 'foo' which is an unknown operator: {foo: 4}",
    ],
    // InitWithArrayArgumentToOperatorFails
    [
      '{"$bit": {"a": {"or": []}}}',
      "The $bit modifier field must be an Integer(32/64 bit); a 'array' is not supported here: {or: []}",
    ],
    // InitWithStringArgumentToOperatorFails
    [
      '{"$bit": {"a": {"or": "foo"}}}',
      'The $bit modifier field must be an Integer(32/64 bit); a \'string\' is not supported here: {or: "foo"}',
    ],
    // InitWithDoubleArgumentToOperatorFails
    [
      '{"$bit": {"a": {"or": 1.0}}}',
      "The $bit modifier field must be an Integer(32/64 bit); a 'double' is not supported here: {or: 1.0}",
    ],
    // InitWithDecimalArgumentToOperatorFails (BSONElement::toString prints a decimal bare)
    [
      '{"$bit": {"a": {"or": {"$numberDecimal": "1.0"}}}}',
      "The $bit modifier field must be an Integer(32/64 bit); a 'decimal' is not supported here: {or: 1.0}",
    ],
  ])('%s', (update, what) => {
    expect(nodeError({ doc: '{"a": 1}', update })).toBe(`2: ${what}`);
  });

  it('updateExistingElement: a non-integral current value (bit_node.cpp)', () => {
    expect(nodeError({ doc: '{"a": "x"}', update: '{"$bit": {"a": {"or": 1}}}' })).toBe(
      `2: ${DURING_UPDATE}Cannot apply $bit to a value of non-integral type._id: 0 has the field a of non-integer type string`,
    );
  });
});
