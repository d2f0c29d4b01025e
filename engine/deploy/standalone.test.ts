/**
 * A standalone is not a replica set: no transactions or retryable writes (txnNumber: 20), no
 * write concern beyond one node (w > 1 or a tag: 2 BadValue, before anything is written).
 * The server's validateWriteConcern / initializeOperationSessionInfo; MongoDB's own
 * jstests/core/write_concern.js expects w: 2 to fail on a standalone while w: "majority" works.
 */
import { describe, expect, it } from 'vitest';
import { Int32, Long } from 'bson';
import type { Doc, Value } from '../bson/values.js';
import { Engine } from '../index.js';
import { loadEngineShell } from '../worker/shell-runner.js';
import { parseEJSONDoc } from '../bson/ejson.js';
import { stringifyEJSON } from '../bson/ejson.js';

const doc = (entries: [string, Value][]): Doc => new Map<string, Value>(entries);

function standalone(): Engine {
  const engine = new Engine({ topology: 'standalone' });
  engine.runCommand(
    'test',
    doc([
      ['insert', 'c'],
      [
        'documents',
        [
          doc([
            ['_id', new Int32(1)],
            ['n', new Int32(1)],
          ]),
        ],
      ],
    ]),
  );
  return engine;
}

function update(writeConcern: Doc): Doc {
  return doc([
    ['update', 'c'],
    [
      'updates',
      [
        doc([
          ['q', doc([['_id', new Int32(1)]])],
          ['u', doc([['$inc', doc([['n', new Int32(1)]])]])],
        ]),
      ],
    ],
    ['writeConcern', writeConcern],
  ]);
}

function pick(reply: Doc): [unknown, unknown, unknown, unknown] {
  return [reply.get('ok'), reply.get('code')?.valueOf(), reply.get('codeName'), reply.get('errmsg')];
}

describe('standalone write concern', () => {
  for (const w of [2, 3]) {
    it(`w: ${w} fails with 2 BadValue and writes nothing`, () => {
      const engine = standalone();
      const reply = engine.runCommand('test', update(doc([['w', new Int32(w)]])));
      expect(pick(reply)).toEqual([0, 2, 'BadValue', "cannot use 'w' > 1 when a host is not replicated"]);
      expect(engine.documents('test', 'c')[0]?.get('n')?.valueOf()).toBe(1);
    });
  }

  it('a tag mode fails with 2 BadValue', () => {
    const reply = standalone().runCommand('test', update(doc([['w', 'dc']])));
    expect(pick(reply)).toEqual([
      0,
      2,
      'BadValue',
      "cannot use non-majority 'w' mode dc when a host is not a member of a replica set",
    ]);
  });

  it('w: 1 and w: "majority" work', () => {
    for (const w of [new Int32(1), 'majority'] as Value[]) {
      const reply = standalone().runCommand('test', update(doc([['w', w]])));
      expect(reply.get('ok')).toBe(1);
      expect(reply.get('nModified')?.valueOf()).toBe(1);
      expect(reply.has('writeConcernError')).toBe(false);
    }
  });
});

describe('standalone sessions', () => {
  it('a command with txnNumber fails with 20 IllegalOperation', () => {
    const command = update(doc([['w', new Int32(1)]]));
    command.delete('writeConcern');
    command.set('lsid', doc([['id', 'x']]));
    command.set('txnNumber', Long.fromNumber(1));
    command.set('startTransaction', true);
    command.set('autocommit', false);
    const reply = standalone().runCommand('test', command);
    expect(pick(reply)).toEqual([
      0,
      20,
      'IllegalOperation',
      'Transaction numbers are only allowed on a replica set member or mongos',
    ]);
  });

  it('session.startTransaction() then an update fails through the shell; retryable writes send no txnNumber', async () => {
    const shell = await loadEngineShell();
    const engine = standalone();
    const out = shell(
      engine,
      'test',
      'const s = db.getMongo().startSession()\ns.getDatabase("test").c.updateOne({_id: 1}, {$inc: {n: 1}})\ns.startTransaction()\ns.getDatabase("test").c.updateOne({_id: 1}, {$inc: {n: 1}})',
    );
    const last = out[out.length - 1]!;
    expect(last.kind).toBe('error');
    expect(last.error?.code).toBe(20);
    expect(JSON.stringify(last)).toContain('Transaction numbers are only allowed on a replica set member or mongos');
    expect(engine.documents('test', 'c')[0]?.get('n')?.valueOf()).toBe(2);
  });
});

describe('standalone oplog', () => {
  const json = (engine: Engine, db: string, command: string): unknown =>
    JSON.parse(stringifyEJSON(engine.runCommand(db, parseEJSONDoc(command)), { relaxed: true })) as unknown;

  it('local.oplog.rs does not exist: find and aggregate return nothing, count 0, not listed', () => {
    const engine = standalone();
    expect(json(engine, 'local', '{"find": "oplog.rs"}')).toMatchObject({
      cursor: { firstBatch: [], ns: 'local.oplog.rs' },
      ok: 1,
    });
    expect(json(engine, 'local', '{"count": "oplog.rs"}')).toEqual({ n: 0, ok: 1 });
    expect(json(engine, 'local', '{"aggregate": "oplog.rs", "pipeline": [], "cursor": {}}')).toMatchObject({
      cursor: { firstBatch: [] },
    });
    expect(json(engine, 'local', '{"listCollections": 1, "nameOnly": true}')).toMatchObject({
      cursor: { firstBatch: [] },
    });
    // The same engine as a replica set has the entries of what it did.
    engine.runCommand('admin', parseEJSONDoc('{"configureDeployment": 1, "topology": "replicaset"}'));
    expect(json(engine, 'local', '{"count": "oplog.rs", "query": {"op": "i"}}')).toMatchObject({ n: 1 });
  });

  it('a change stream fails with 40573', () => {
    const reply = standalone().runCommand(
      'test',
      doc([
        ['aggregate', 'c'],
        ['pipeline', [doc([['$changeStream', doc([])]])]],
        ['cursor', doc([])],
      ]),
    );
    expect(pick(reply)).toEqual([
      0,
      40573,
      'Location40573',
      'The $changeStream stage is only supported on replica sets',
    ]);
  });
});
