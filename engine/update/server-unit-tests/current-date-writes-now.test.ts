/**
 * $currentDate (current_date_node_test.cpp): `true`, `false` and `{$type: 'date'}` write the
 * command's wall time as a Date, `{$type: 'timestamp'}` a Timestamp; the field is created when
 * missing; the update always counts as a modification (CurrentDateNode returns kNormalUpdate);
 * and the option parse errors (2 BadValue). The test engine's clock is fixed at
 * 2024-01-01T00:00:00Z (1704067200000 ms).
 */
import type { Timestamp } from 'bson';
import { describe, expect, it } from 'vitest';
import { run, testEngine } from '../../commands/testing.js';
import { applyNode, canon, nodeError, runRow, type NodeRow } from './node-harness.js';

const NOW = '{"$date": {"$numberLong": "1704067200000"}}';

const rows: readonly NodeRow[] = [
  {
    from: 'ApplyTrue, ApplyIndexesNotAffected, ApplyNoIndexDataOrLogBuilder',
    doc: '{"a": 0}',
    update: '{"$currentDate": {"a": true}}',
    result: `{"a": ${NOW}}`,
    oplog: `{"$v": 2, "diff": {"u": {"a": ${NOW}}}}`,
    paths: ['a'],
  },
  {
    from: 'ApplyFalse',
    doc: '{"a": 0}',
    update: '{"$currentDate": {"a": false}}',
    result: `{"a": ${NOW}}`,
    oplog: `{"$v": 2, "diff": {"u": {"a": ${NOW}}}}`,
    paths: ['a'],
  },
  {
    from: 'ApplyDate',
    doc: '{"a": 0}',
    update: '{"$currentDate": {"a": {"$type": "date"}}}',
    result: `{"a": ${NOW}}`,
    oplog: `{"$v": 2, "diff": {"u": {"a": ${NOW}}}}`,
    paths: ['a'],
  },
  {
    from: 'ApplyFieldDoesNotExist',
    doc: '{}',
    update: '{"$currentDate": {"a": true}}',
    result: `{"a": ${NOW}}`,
    oplog: `{"$v": 2, "diff": {"i": {"a": ${NOW}}}}`,
    paths: ['a'],
  },
  {
    // kNormalUpdate without comparing: the same instant written again is still a modification.
    from: 'CurrentDateNode::updateExistingElement (the value it writes is already there)',
    doc: `{"a": ${NOW}}`,
    update: '{"$currentDate": {"a": true}}',
    result: `{"a": ${NOW}}`,
    oplog: `{"$v": 2, "diff": {"u": {"a": ${NOW}}}}`,
    paths: ['a'],
  },
];

describe('$currentDate writes the current time (current_date_node_test.cpp)', () => {
  it.each(rows)('$from', (row) => {
    const { actual, expected } = runRow(row);
    expect(actual).toEqual(expected);
  });

  it('ApplyTimestamp: {$type: "timestamp"} writes a Timestamp, logged as the same value', () => {
    const out = applyNode({ doc: '{"a": 0}', update: '{"$currentDate": {"a": {"$type": "timestamp"}}}' });
    const stored = /^\{"a":(\{"\$timestamp":\{"t":\d+,"i":\d+\}\})\}$/.exec(out.doc);
    expect(stored).not.toBeNull();
    expect(out.oplog).toBe(canon(`{"$v": 2, "diff": {"u": {"a": ${stored![1]}}}}`));
    expect(out.nModified).toBe(1);
  });
});

describe('$currentDate refuses other options (current_date_node_test.cpp)', () => {
  it.each([
    // InitWithNonBoolNonObjectFails
    [
      '{"$currentDate": {"a": 0}}',
      "int is not valid type for $currentDate. Please use a boolean ('true') or a $type expression ({$type: 'timestamp/date'}).",
    ],
    // InitWithoutTypeFails, InitWithNonStringTypeFails, InitWithBadValueTypeFails
    ...['{}', '{"$type": 1}', '{"$type": "bad"}'].map((spec) => [
      `{"$currentDate": {"a": ${spec}}}`,
      "The '$type' string field is required to be 'date' or 'timestamp': {$currentDate: {field : {$type: 'date'}}}",
    ]),
    // InitWithExtraFieldBeforeFails, InitWithExtraFieldAfterFails
    ['{"$currentDate": {"a": {"$bad": 1, "$type": "date"}}}', 'Unrecognized $currentDate option: $bad'],
    ['{"$currentDate": {"a": {"$type": "date", "$bad": 1}}}', 'Unrecognized $currentDate option: $bad'],
  ])('%s', (update, what) => {
    expect(nodeError({ doc: '{"a": 0}', update: update! })).toBe(`2: ${what}`);
  });
});

/**
 * `{$type: 'timestamp'}` takes a fresh cluster time each time the node applies
 * (current_date_node.cpp `setValue`: `reserveTicks(1)` on the logical clock, in later servers
 * `tickClusterTime(1)`): documents of one multi-update get distinct, increasing Timestamps, each
 * after every earlier oplog entry and before its own update's entry.
 */
describe('$currentDate timestamps tick the cluster clock per document (current_date_node.cpp)', () => {
  it('a multi-update gives each document its own later Timestamp', () => {
    const engine = testEngine({ topology: 'replicaset' });
    run(engine, 't', '{"insert": "c", "documents": [{"_id": 1}, {"_id": 2}]}');
    const before = engine.oplogEntries().length;
    const lastInsertTs = engine.oplogEntries().at(-1)!.get('ts') as Timestamp;
    const reply = run(
      engine,
      't',
      '{"update": "c", "updates": [{"q": {}, "u": {"$currentDate": {"a": {"$type": "timestamp"}}}, "multi": true}]}',
    );
    expect(Number(reply.get('nModified'))).toBe(2);
    const stamps = engine.documents('t', 'c').map((d) => d.get('a') as Timestamp);
    const entries = engine.oplogEntries().slice(before);
    expect(entries.map((e) => e.get('op'))).toEqual(['u', 'u']);
    const order = (x: Timestamp, y: Timestamp) => x.compare(y);
    expect(order(lastInsertTs, stamps[0]!)).toBe(-1);
    expect(order(stamps[0]!, entries[0]!.get('ts') as Timestamp)).toBe(-1);
    expect(order(entries[0]!.get('ts') as Timestamp, stamps[1]!)).toBe(-1);
    expect(order(stamps[1]!, entries[1]!.get('ts') as Timestamp)).toBe(-1);
  });
});
