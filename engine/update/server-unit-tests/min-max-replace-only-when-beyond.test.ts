/**
 * $min and $max (compare_node_test.cpp): the value is written only when it compares below ($min)
 * or above ($max) the current one in BSON order (numbers by value across types, so an equal value
 * of another type is a no-op), a missing field is created, and strings compare by the statement's
 * collation.
 */
import { describe, expect, it } from 'vitest';
import { runRow, type NodeRow } from './node-harness.js';

const rows: readonly NodeRow[] = [
  { from: 'ApplyMaxSameNumber', doc: '{"a": 1}', update: '{"$max": {"a": 1}}', result: '{"a": 1}', noop: true },
  { from: 'ApplyMinSameNumber', doc: '{"a": 1}', update: '{"$min": {"a": 1}}', result: '{"a": 1}', noop: true },
  { from: 'ApplyMaxNumberIsLess', doc: '{"a": 1}', update: '{"$max": {"a": 0}}', result: '{"a": 1}', noop: true },
  { from: 'ApplyMinNumberIsMore', doc: '{"a": 1}', update: '{"$min": {"a": 2}}', result: '{"a": 1}', noop: true },
  {
    from: 'ApplyMaxSameValInt',
    doc: '{"a": 1.0}',
    update: '{"$max": {"a": {"$numberLong": "1"}}}',
    result: '{"a": 1.0}',
    noop: true,
  },
  {
    from: 'ApplyMaxSameValIntZero',
    doc: '{"a": 0.0}',
    update: '{"$max": {"a": {"$numberLong": "0"}}}',
    result: '{"a": 0.0}',
    noop: true,
  },
  {
    from: 'ApplyMinSameValIntZero',
    doc: '{"a": 0.0}',
    update: '{"$min": {"a": {"$numberLong": "0"}}}',
    result: '{"a": 0.0}',
    noop: true,
  },
  {
    from: 'ApplyMissingFieldMinNumber',
    doc: '{}',
    update: '{"$min": {"a": 0}}',
    result: '{"a": 0}',
    oplog: '{"$v": 2, "diff": {"i": {"a": 0}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyExistingNumberMinNumber',
    doc: '{"a": 1}',
    update: '{"$min": {"a": 0}}',
    result: '{"a": 0}',
    oplog: '{"$v": 2, "diff": {"u": {"a": 0}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyMissingFieldMaxNumber',
    doc: '{}',
    update: '{"$max": {"a": 0}}',
    result: '{"a": 0}',
    oplog: '{"$v": 2, "diff": {"i": {"a": 0}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyExistingNumberMaxNumber',
    doc: '{"a": 1}',
    update: '{"$max": {"a": 2}}',
    result: '{"a": 2}',
    oplog: '{"$v": 2, "diff": {"u": {"a": 2}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyExistingDateMaxDate',
    doc: '{"a": {"$date": {"$numberLong": "0"}}}',
    update: '{"$max": {"a": {"$date": {"$numberLong": "123123123"}}}}',
    result: '{"a": {"$date": {"$numberLong": "123123123"}}}',
    oplog: '{"$v": 2, "diff": {"u": {"a": {"$date": {"$numberLong": "123123123"}}}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyExistingEmbeddedDocMaxDoc',
    doc: '{"a": {"b": 2}}',
    update: '{"$max": {"a": {"b": 3}}}',
    result: '{"a": {"b": 3}}',
    oplog: '{"$v": 2, "diff": {"u": {"a": {"b": 3}}}}',
    paths: ['a'],
  },
  {
    // An object sorts after every number in BSON order.
    from: 'ApplyExistingEmbeddedDocMaxNumber',
    doc: '{"a": {"b": 2}}',
    update: '{"$max": {"a": 3}}',
    result: '{"a": {"b": 2}}',
    noop: true,
  },
  {
    from: 'ApplyIndexesNotAffected, ApplyNoIndexDataOrLogBuilder',
    doc: '{"a": 0}',
    update: '{"$max": {"a": 1}}',
    result: '{"a": 1}',
    oplog: '{"$v": 2, "diff": {"u": {"a": 1}}}',
    paths: ['a'],
  },
  /*
   * ApplyMinRespectsCollation, ApplyMinRespectsCollationFromSetCollator,
   * ApplyMaxRespectsCollationFromSetCollator use a mock collator that compares reversed strings;
   * the update command takes only ICU collations, so the same rule runs with `en`, under which
   * "a" < "B" while in binary order "B" < "a".
   */
  {
    from: 'ApplyMinRespectsCollation (en: "a" sorts before "B")',
    doc: '{"a": "B"}',
    update: '{"$min": {"a": "a"}}',
    collation: '{"locale": "en"}',
    result: '{"a": "a"}',
    oplog: '{"$v": 2, "diff": {"u": {"a": "a"}}}',
    paths: ['a'],
  },
  {
    from: 'ApplyMinRespectsCollation (without a collation "B" sorts before "a")',
    doc: '{"a": "B"}',
    update: '{"$min": {"a": "a"}}',
    result: '{"a": "B"}',
    noop: true,
  },
  {
    from: 'ApplyMaxRespectsCollationFromSetCollator (en)',
    doc: '{"a": "a"}',
    update: '{"$max": {"a": "B"}}',
    collation: '{"locale": "en"}',
    result: '{"a": "B"}',
    oplog: '{"$v": 2, "diff": {"u": {"a": "B"}}}',
    paths: ['a'],
  },
  {
    // Equal under the collation (strength 2 ignores case) is a no-op, though the bytes differ.
    from: 'ApplyMaxRespectsCollationFromSetCollator (equal under the collation)',
    doc: '{"a": "abc"}',
    update: '{"$max": {"a": "ABC"}}',
    collation: '{"locale": "en", "strength": 2}',
    result: '{"a": "abc"}',
    noop: true,
  },
];

describe('$min and $max write only a value beyond the current one (compare_node_test.cpp)', () => {
  it.each(rows)('$from', (row) => {
    const { actual, expected } = runRow(row);
    expect(actual).toEqual(expected);
  });
});
