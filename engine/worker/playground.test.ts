/** The playground run: details of each write, the oplog it wrote, dry runs that leave no trace. */
import { describe, expect, it } from 'vitest';
import { Engine } from '../index.js';
import { collectionViews, runPlaygroundScript, runSetup } from './playground.js';
import { loadEngineShell } from './shell-runner.js';
import { typedEJSON } from './views.js';
import type { Endpoint } from './protocol.js';
import { parseEJSON } from '../bson/ejson.js';
import type { Doc } from '../bson/values.js';

async function setup(): Promise<Engine> {
  const engine = new Engine({ topology: 'replicaset' });
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

/** Everything a dry run must leave as it was: collections, oplog, users and login, deployment, sessions. */
function engineState(engine: Engine): unknown {
  const cmd = (db: string, text: string): string => typedEJSON(engine.runCommand(db, parseEJSON(text) as Doc), 0);
  return {
    collections: engine.databaseNames().map((db) => [db, collectionViews(engine, db)]),
    oplog: engine.oplogEntries().map((e) => typedEJSON(e, 0)),
    users: cmd('admin', '{"usersInfo": 1}'),
    connection: cmd('admin', '{"connectionStatus": 1}'),
    deployment: cmd('admin', '{"getDeployment": 1}'),
    sessions: engine.catalog.sessions.list().length,
    openTransactions: engine.deployment.sessions.hasOpenTransactions(),
  };
}

describe('dry runs leave the engine as it was', () => {
  const scripts: readonly [string, string, string][] = [
    ['db.auth', 'db.students.updateOne({_id: 1}, {$set: {a: 1}})\ndb.auth("ada", "pw")', 'authenticate'],
    ['db.createUser', 'db.createUser({user: "ada", pwd: "pw", roles: ["readWrite"]})', 'createUser'],
    ['configureDeployment', 'db.adminCommand({configureDeployment: 1, topology: "replicaset"})', 'configureDeployment'],
    [
      'a transaction',
      'const s = db.getMongo().startSession()\ns.startTransaction()\ns.getDatabase("test").students.insertOne({_id: 9})\ns.commitTransaction()',
      'insert',
    ],
    [
      'rs.initiate-like admin',
      'db.adminCommand({setDefaultRWConcern: 1, defaultWriteConcern: {w: 1}})',
      'setDefaultRWConcern',
    ],
  ];
  for (const [label, script, command] of scripts) {
    it(`pauses before ${label} and restores everything`, async () => {
      const engine = await setup();
      const shell = await loadEngineShell();
      const before = engineState(engine);
      const operations = [...engine.recentOperations()];
      const run = runPlaygroundScript(engine, shell, 'test', script, true);
      expect(engine.recentOperations()).toEqual(operations);
      expect(run.paused?.command).toBe(command);
      expect(run.paused?.reason).toMatch(/cannot undo/);
      expect(run.statements.every((s) => s.index < run.paused!.statement)).toBe(true);
      expect(engineState(engine)).toEqual(before);
    });
  }

  it('on a sharded cluster, pauses before dropping a sharded collection (the router is not in the snapshot)', async () => {
    const engine = new Engine({ topology: 'sharded', shards: 2 });
    expect(runSetup(engine, 'test', false, ['{"insert": "c", "documents": [{"_id": 1}, {"_id": 2}]}'])).toBeUndefined();
    engine.runCommand('admin', parseEJSON('{"shardCollection": "test.c", "key": {"_id": 1}}') as Doc);
    const shell = await loadEngineShell();
    const before = engineState(engine);
    const run = runPlaygroundScript(
      engine,
      shell,
      'test',
      'db.c.updateOne({_id: 1}, {$set: {a: 1}})\ndb.c.drop()',
      true,
    );
    expect(run.paused).toMatchObject({ command: 'drop', statement: 1, line: 2 });
    expect(run.commands.map((c) => c.name)).toEqual(['update']);
    expect(engineState(engine)).toEqual(before);
  });

  it('keeps what ran before the pause and its statement number', async () => {
    const engine = await setup();
    const shell = await loadEngineShell();
    const run = runPlaygroundScript(
      engine,
      shell,
      'test',
      'db.students.updateOne({_id: 1}, {$set: {a: 1}})\ndb.createUser({user: "ada", pwd: "pw", roles: []})',
      true,
    );
    expect(run.paused).toMatchObject({ command: 'createUser', statement: 1, line: 2 });
    expect(run.statements.map((s) => s.index)).toEqual([0]);
    expect(run.commands.map((c) => [c.name, c.statement])).toEqual([['update', 0]]);
  });

  it('a committed run still sends them', async () => {
    const engine = await setup();
    const shell = await loadEngineShell();
    const run = runPlaygroundScript(engine, shell, 'test', 'db.createUser({user: "ada", pwd: "pw", roles: []})', false);
    expect(run.paused).toBeUndefined();
    expect(run.statements[0]?.kind).not.toBe('error');
  });
});

describe('commands carry the statement that sent them', () => {
  it('numbers each command by its statement, ranges stay those of the whole script', async () => {
    const engine = await setup();
    const shell = await loadEngineShell();
    const script = [
      'const g = 100 // the cap',
      'db.students.updateMany({}, {$set: {"grades.$[x]": g}}, {arrayFilters: [{x: {$gte: g}}]})',
      '',
      '  db.students.find()',
      'db.students.updateOne({_id: 3}, {$set: {a: 1}}, {upsert: true}); db.students.deleteOne({_id: 1})',
    ].join('\n');
    const run = runPlaygroundScript(engine, shell, 'test', script, true);
    expect(run.statements.map((s) => [s.index, s.range.startLine, s.range.startColumn])).toEqual([
      [0, 1, 1],
      [1, 2, 1],
      [2, 4, 3],
      [3, 5, 1],
      [4, 5, 66],
    ]);
    expect(run.statements.every((s) => s.kind !== 'error')).toBe(true);
    expect(run.commands.map((c) => [c.name, c.statement])).toEqual([
      ['update', 1],
      ['find', 2],
      ['update', 3],
      ['delete', 4],
    ]);
  });

  it('stops at the first failing statement, as before', async () => {
    const engine = await setup();
    const shell = await loadEngineShell();
    const run = runPlaygroundScript(engine, shell, 'test', 'db.students.insertOne({_id: 1})\ndb.students.find()', true);
    expect(run.statements).toHaveLength(1);
    expect(run.statements[0]?.error?.code).toBe(11000);
  });

  it('a syntax error is one error result', async () => {
    const engine = await setup();
    const shell = await loadEngineShell();
    const run = runPlaygroundScript(engine, shell, 'test', 'db.students.find(\ndb.x(', true);
    expect(run.statements).toHaveLength(1);
    expect(run.statements[0]?.error?.name).toBe('SyntaxError');
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
      expect(run.result.first.statements[0]?.error?.code).toBe(121);
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
