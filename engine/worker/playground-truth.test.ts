/**
 * The playground reports only what was (or, in a dry run, would be) committed: a statement the
 * router, a transaction or a waiting write undid shows its error and no modified document.
 */
import { describe, expect, it } from 'vitest';
import { Engine } from '../index.js';
import { runPlaygroundScript, runSetup } from './playground.js';
import { loadEngineShell } from './shell-runner.js';
import { typedEJSON } from './views.js';

function sharded(): Engine {
  const engine = new Engine();
  const admin = runSetup(engine, 'admin', false, ['{"configureDeployment": 1, "topology": "sharded", "shards": 2}']);
  expect(admin).toBeUndefined();
  expect(
    runSetup(engine, 'test', true, [
      '{"insert": "orders", "documents": [{"_id": 1, "region": "EU", "qty": 3}, {"_id": 2, "region": "US", "qty": 1}]}',
    ]),
  ).toBeUndefined();
  expect(
    runSetup(engine, 'admin', false, ['{"shardCollection": "test.orders", "key": {"region": 1}}']),
  ).toBeUndefined();
  return engine;
}

describe('statements the deployment refused', () => {
  for (const dryRun of [true, false]) {
    it(`a multi update changing the shard key shows 72 and no modified document (${dryRun ? 'preview' : 'run'})`, async () => {
      const engine = sharded();
      const shell = await loadEngineShell();
      const run = runPlaygroundScript(
        engine,
        shell,
        'test',
        'db.orders.updateMany({region: "EU"}, {$set: {region: "US"}})',
        dryRun,
      );
      const statement = run.commands[0]!.statements[0]!;
      expect(statement.error?.code).toBe(72);
      expect(statement.nModified).toBe(0);
      expect(statement.documents.filter((d) => !d.noop)).toEqual([]);
      expect(run.oplog).toEqual([]);
    });
  }

  it('a sharded batch keeps each statement at its own index', async () => {
    const engine = sharded();
    const shell = await loadEngineShell();
    const run = runPlaygroundScript(
      engine,
      shell,
      'test',
      'db.runCommand({update: "orders", updates: [{q: {_id: 2}, u: {$inc: {qty: 1}}}, {q: {region: "EU"}, u: {$set: {region: "US"}}, multi: true}, {q: {_id: 2}, u: {$inc: {qty: 1}}}]})',
      false,
    );
    const statements = run.commands[0]!.statements;
    expect(statements.map((s) => [s.index, s.nModified, s.error?.code, s.notRun?.stoppedAt])).toEqual([
      [0, 1, undefined, undefined],
      [1, 0, 72, undefined],
      [2, 0, undefined, 1],
    ]);
    expect(run.oplog).toHaveLength(1);
  });

  it('findAndModify changing the shard key without it in the query shows 31025 and no document', async () => {
    const engine = sharded();
    const shell = await loadEngineShell();
    const run = runPlaygroundScript(
      engine,
      shell,
      'test',
      'db.orders.findOneAndUpdate({_id: 1}, {$set: {region: "US"}})',
      false,
    );
    const statement = run.commands[0]!.statements[0];
    expect(statement?.error?.code).toBe(31025);
    expect(statement?.documents.filter((d) => !d.noop)).toEqual([]);
    expect(run.oplog).toEqual([]);
  });

  it('bulkWrite changing the shard key with multi shows 72 on its op and no document', async () => {
    const engine = sharded();
    const shell = await loadEngineShell();
    const run = runPlaygroundScript(
      engine,
      shell,
      'test',
      'db.adminCommand({bulkWrite: 1, ops: [{update: 0, filter: {region: "EU"}, updateMods: {$set: {region: "US"}}, multi: true}], nsInfo: [{ns: "test.orders"}]})',
      false,
    );
    const statement = run.commands[0]!.statements[0];
    expect(statement?.error?.code).toBe(72);
    expect(statement?.documents.filter((d) => !d.noop)).toEqual([]);
    expect(run.oplog).toEqual([]);
  });
});

describe('statements inside a transaction', () => {
  function replicaSet(): Engine {
    const engine = new Engine({ topology: 'replicaset' });
    expect(runSetup(engine, 'test', true, ['{"insert": "c", "documents": [{"_id": 1, "n": 1}]}'])).toBeUndefined();
    return engine;
  }
  const start =
    'const s = db.getMongo().startSession()\ns.startTransaction()\ns.getDatabase("test").c.updateOne({_id: 1}, {$inc: {n: 1}})\n';

  it('keep their documents once committed', async () => {
    const run = runPlaygroundScript(
      replicaSet(),
      await loadEngineShell(),
      'test',
      `${start}s.commitTransaction()`,
      false,
    );
    const update = run.commands.find((c) => c.name === 'update')!;
    expect(update.statements[0]!.transaction).toBeUndefined();
    expect(update.statements[0]!.documents).toHaveLength(1);
  });

  for (const [end, fate] of [
    ['s.abortTransaction()', 'aborted'],
    ['', 'open'],
  ] as const) {
    it(`show no modified document when ${fate}`, async () => {
      const engine = replicaSet();
      const run = runPlaygroundScript(engine, await loadEngineShell(), 'test', `${start}${end}`, false);
      const update = run.commands.find((c) => c.name === 'update')!;
      expect(update.statements[0]!.transaction).toBe(fate);
      expect(update.statements[0]!.documents).toEqual([]);
      expect(engine.documents('test', 'c').map((d) => typedEJSON(d, 0))).toEqual(['{"_id":1,"n":1}']);
    });
  }
});

describe('a standalone', () => {
  it('reports no oplog, and says why', async () => {
    const engine = new Engine({ topology: 'standalone' });
    expect(runSetup(engine, 'test', true, ['{"insert": "c", "documents": [{"_id": 1, "n": 1}]}'])).toBeUndefined();
    const run = runPlaygroundScript(
      engine,
      await loadEngineShell(),
      'test',
      'db.c.updateOne({_id: 1}, {$inc: {n: 1}})',
      false,
    );
    expect(run.noOplog).toBe('standalone');
    expect(run.oplog).toEqual([]);
    expect(run.commands[0]!.statements[0]!.documents[0]!.oplog).toBeUndefined();
    expect(run.commands[0]!.statements[0]!.nModified).toBe(1);
  });
});

describe('what the reply says beyond the documents', () => {
  async function run(script: string, setup: string[], topology: 'replicaset' | 'standalone' = 'replicaset') {
    const engine = new Engine({ topology });
    expect(runSetup(engine, 'test', true, setup)).toBeUndefined();
    return runPlaygroundScript(engine, await loadEngineShell(), 'test', script, false);
  }

  it('an ordered batch: the statements after the error did not run', async () => {
    const r = await run(
      'db.runCommand({update: "c", updates: [{q: {_id: 1}, u: {$inc: {n: 1}}}, {q: {_id: 2}, u: {$inc: {n: 1}}}, {q: {_id: 1}, u: {$inc: {n: 1}}}]})',
      ['{"insert": "c", "documents": [{"_id": 1, "n": 1}, {"_id": 2, "n": "x"}]}'],
    );
    const statements = r.commands[0]!.statements;
    expect(statements.map((s) => [s.index, s.error?.code, s.notRun?.stoppedAt])).toEqual([
      [0, undefined, undefined],
      [1, 14, undefined],
      [2, undefined, 1],
    ]);
  });

  it('a write concern error: on every statement, with errInfo.writeConcern and its provenance', async () => {
    const engine = new Engine({ topology: 'replicaset' });
    expect(runSetup(engine, 'test', true, ['{"insert": "c", "documents": [{"_id": 1, "n": 1}]}'])).toBeUndefined();
    expect(
      runSetup(engine, 'admin', false, [
        '{"configureDeployment": 1, "members": [{"state": "up"}, {"state": "down"}, {"state": "down"}]}',
      ]),
    ).toBeUndefined();
    const r = runPlaygroundScript(
      engine,
      await loadEngineShell(),
      'test',
      'db.runCommand({update: "c", updates: [{q: {_id: 1}, u: {$inc: {n: 1}}}], writeConcern: {w: 2, wtimeout: 100}})',
      false,
    );
    const s = r.commands[0]!.statements[0]!;
    expect(s.nModified).toBe(1);
    expect(s.writeConcernError?.code).toBe(64);
    expect(s.writeConcernError?.errInfo).toContain('"provenance": "clientSupplied"');
  });

  it('a validator failure carries errInfo with the failing document id', async () => {
    const r = await run('db.c.updateMany({}, {$inc: {qty: 10}})', [
      '{"create": "c", "validator": {"qty": {"$lte": 100}}}',
      '{"insert": "c", "documents": [{"_id": 1, "qty": 25}, {"_id": 2, "qty": 95}], "bypassDocumentValidation": true}',
    ]);
    const s = r.commands[0]!.statements[0]!;
    expect(s.error?.code).toBe(121);
    expect(s.errInfo).toContain('"failingDocumentId": 2');
    expect(s.documents.filter((d) => !d.noop)).toHaveLength(1);
  });

  it('code 66 says which versions report it', async () => {
    const r = await run('db.c.updateOne({_id: 1}, {$set: {_id: 2}})', ['{"insert": "c", "documents": [{"_id": 1}]}']);
    expect(r.commands[0]!.statements[0]!.versionNote).toBe(
      'MongoDB 5.0 and later report code 66 ImmutableField here; older servers reported 16837.',
    );
  });
});

describe('version notes on a sharded cluster', () => {
  it('a multi: false update without _id or the shard key says since when it is accepted', async () => {
    const r = runPlaygroundScript(
      sharded(),
      await loadEngineShell(),
      'test',
      'db.orders.updateOne({qty: 3}, {$set: {qty: 4}})',
      false,
    );
    expect(r.commands[0]!.statements[0]!.versionNote).toBe(
      'Since MongoDB 7.1 a router runs a multi: false update without _id or the shard key; older routers refused it with code 72.',
    );
    const targeted = runPlaygroundScript(
      sharded(),
      await loadEngineShell(),
      'test',
      'db.orders.updateOne({region: "EU"}, {$set: {qty: 4}})',
      false,
    );
    expect(targeted.commands[0]!.statements[0]!.versionNote).toBeUndefined();
  });
});
