/** The playground run: details of each write, the oplog it wrote, dry runs that leave no trace. */
import { describe, expect, it } from 'vitest';
import { Engine } from '../index.js';
import { collectionViews, runPlaygroundScript, runSetup } from './playground.js';
import { loadEngineShell } from './shell-runner.js';
import { typedEJSON } from './views.js';
import type { Endpoint } from './protocol.js';
import { parseEJSON } from '../bson/ejson.js';

async function setup(): Promise<Engine> {
  const engine = new Engine();
  const error = runSetup(engine, 'test', true, [
    '{"insert": "students", "documents": [{"_id": 1, "grades": [95, 92, 90]}, {"_id": 2, "grades": [98, 100, 102]}]}',
  ]);
  expect(error).toBeUndefined();
  return engine;
}

describe('runPlaygroundScript', () => {
  it('reports the command sent, before/after, array touches and the oplog entry', async () => {
    const engine = await setup();
    const shell = await loadEngineShell();
    const run = runPlaygroundScript(
      engine,
      shell,
      'test',
      'db.students.updateMany({}, {$set: {"grades.$[g]": 100}}, {arrayFilters: [{g: {$gte: 100}}]})',
      false,
    );
    expect(run.commands).toHaveLength(1);
    const command = run.commands[0]!;
    expect(command.name).toBe('update');
    const statement = command.statements[0]!;
    expect(statement.nMatched).toBe(2);
    expect(statement.nModified).toBe(1);
    expect(statement.arrayFilters).toEqual([{ identifier: 'g', filter: '{"g":{"$gte":100}}' }]);
    expect(statement.documents[1]!.arrayTouches).toEqual([
      { operator: 'g', path: 'grades.1', changed: false },
      { operator: 'g', path: 'grades.2', changed: true },
    ]);
    expect(run.oplog).toHaveLength(1);
    expect(run.oplog[0]!.explanation).toEqual([
      'update test.students _id 2 with a $v:2 delta',
      'u2: set element grades.2 to 100',
    ]);
    expect(run.collections?.[0]?.documents[1]?.ejson).toBe('{\n  "_id": 2,\n  "grades": [98, 100, 100]\n}');
  });

  it('leaves nothing behind on a dry run', async () => {
    const engine = await setup();
    const shell = await loadEngineShell();
    const oplogBefore = engine.oplogEntries().length;
    const run = runPlaygroundScript(
      engine,
      shell,
      'test',
      'db.students.deleteMany({})\ndb.students.insertOne({_id: 3})',
      true,
    );
    expect(run.statements).toHaveLength(2);
    expect(run.oplog.map((e) => e.op)).toEqual(['d', 'd', 'i']);
    expect(run.collections).toBeUndefined();
    expect(collectionViews(engine, 'test')[0]!.documents).toHaveLength(2);
    expect(engine.oplogEntries().length).toBe(oplogBefore);
  });
});

describe('typedEJSON', () => {
  it('keeps int, double and long apart', () => {
    const v = parseEJSON('{"a": 5, "b": 5.0, "c": {"$numberLong": "5"}}');
    expect(typedEJSON(v, 0)).toBe('{"a":5,"b":5.0,"c":{"$numberLong":"5"}}');
    expect(parseEJSON(typedEJSON(v))).toEqual(v);
  });
});

describe('the playground requests over the protocol', () => {
  it('sets up collections, lists them with typed text, runs scripts and names deployments', async () => {
    const { MessageChannel } = await import('node:worker_threads');
    const { EngineClient } = await import('./client.js');
    const { serveEngine } = await import('./handler.js');
    const { port1, port2 } = new MessageChannel();
    serveEngine(port1 as unknown as Endpoint);
    const client = new EngineClient(port2 as unknown as Endpoint);
    port1.start();
    port2.start();
    try {
      const setup = await client.request({
        type: 'setup',
        db: 'test',
        reset: true,
        commands: [
          '{"create": "c", "validator": {"n": {"$gte": {"$numberInt": "0"}}}}',
          '{"insert": "c", "documents": [{"_id": {"$numberInt": "1"}, "n": {"$numberLong": "5"}, "w": {"$numberDouble": "2.0"}}]}',
        ],
      });
      expect(setup).toMatchObject({ ok: true, result: null });
      const views = await client.request({ type: 'collections', db: 'test' });
      if (!views.ok) throw new Error(views.error.errmsg);
      expect(views.result[0]).toMatchObject({
        name: 'c',
        options: '{\n  "validator": {\n    "n": {\n      "$gte": 0\n    }\n  }\n}',
      });
      expect(views.result[0]?.documents[0]?.tree).toEqual({
        t: 'doc',
        fields: [
          ['_id', { t: 'val', type: 'int', text: '1' }],
          ['n', { t: 'val', type: 'long', text: 'NumberLong(5)' }],
          ['w', { t: 'val', type: 'double', text: '2.0' }],
        ],
      });
      const bad = await client.request({
        type: 'setup',
        db: 'test',
        reset: false,
        commands: ['{"insert": "c", "documents": [{"_id": 1}]}'],
      });
      expect(bad.ok).toBe(false);
      const run = await client.request({
        type: 'runScript',
        db: 'test',
        script: 'db.c.updateOne({_id: 1}, {$set: {n: -1}})',
        dryRun: true,
      });
      if (!run.ok) throw new Error(run.error.errmsg);
      expect(run.result.statements[0]?.error?.code).toBe(121);
      expect(await client.request({ type: 'deployments' })).toMatchObject({
        ok: true,
        result: { current: 'standalone', available: ['standalone', 'replicaset', 'sharded'] },
      });
    } finally {
      port1.close();
      port2.close();
    }
  });
});
