import { describe, expect, it } from 'vitest';
import { toRelaxed } from '../bson/ejson.js';
import { Engine, type EngineOptions } from '../engine.js';
import { runShellScript, formatShellResult, shellOutputToValue } from './index.js';
import type { ShellStatementResult } from './interpreter.js';

/** Runs a script against a real engine; returns each statement's result and the commands sent. */
function shell(options: EngineOptions, script: string): { results: ShellStatementResult[]; sent: string[] } {
  const sent: string[] = [];
  const results = runShellScript(new Engine(options), script, {
    continueOnError: true,
    client: {
      observer: (e) => {
        if (e.kind === 'started' && e.command !== undefined) sent.push(`${e.databaseName} ${toRelaxed(e.command)}`);
      },
    },
  });
  return { results, sent };
}

const text = (r: ShellStatementResult | undefined): string => (r === undefined ? '<none>' : formatShellResult(r));
const value = (r: ShellStatementResult | undefined): string => {
  const v = r === undefined ? undefined : shellOutputToValue(r.output);
  return v === undefined ? '<none>' : toRelaxed(v);
};

describe('sh (sharded deployment)', () => {
  const cluster = { topology: 'sharded', shards: 2 } as const;

  it('shardCollection sends {shardCollection, key, unique?, ...options} to admin', () => {
    const { results, sent } = shell(
      cluster,
      `db.c.insertMany([{_id: 1, k: 1}, {_id: 2, k: 5}])
sh.shardCollection("test.c", {k: 1})
sh.shardCollection("test.d", {k: 1}, {splitPoints: [{k: 5}]})
sh.shardCollection("test.e", {k: "hashed"}, false, {splitPoints: [{k: 5}]})`,
    );
    expect(sent.slice(1)).toEqual([
      'admin {"shardCollection":"test.c","key":{"k":1}}',
      'admin {"shardCollection":"test.d","key":{"k":1},"splitPoints":[{"k":5}]}',
      'admin {"shardCollection":"test.e","key":{"k":"hashed"},"unique":false,"splitPoints":[{"k":5}]}',
    ]);
    const reply = shellOutputToValue(results[1]!.output) as Map<string, unknown>;
    expect([...reply.keys()]).toEqual(['collectionsharded', 'ok', '$clusterTime', 'operationTime']);
    expect(reply.get('collectionsharded')).toBe('test.c');
  });

  it('sh.status() shows the shards and the sharded collections (from getDeployment)', () => {
    const { results, sent } = shell(
      cluster,
      `db.c.insertMany([{_id: 1, k: 1}, {_id: 2, k: 5}])
sh.shardCollection("test.c", {k: 1})
sh.status()`,
    );
    expect(sent[2]).toBe('admin {"getDeployment":1}');
    expect(value(results[2])).toBe(
      '{"shards":[{"_id":"shard0","state":1},{"_id":"shard1","state":1}],' +
        '"databases":[{"database":{"_id":"test","primary":"shard0"},"collections":{"test.c":{' +
        '"shardKey":{"k":1},"unique":false,"balancing":true,' +
        '"chunkMetadata":[{"shard":"shard0","nChunks":1},{"shard":"shard1","nChunks":1}],' +
        '"chunks":[{"min":{"k":{"$minKey":1}},"max":{"k":5},"on shard":"shard0"},' +
        '{"min":{"k":5},"max":{"k":{"$maxKey":1}},"on shard":"shard1"}],' +
        '"tags":[],"documents":{"shard0":1,"shard1":1}}}}]}',
    );
  });

  it('argument checks use mongosh messages; sh prints as Shard', () => {
    const { results, sent } = shell(
      cluster,
      `sh
sh.shardCollection("test.c")
sh.shardCollection("test.c", {k: 1}, 5)
sh.shardCollection(1, {k: 1})
sh.nope()`,
    );
    expect(results.map(text)).toEqual([
      'Shard',
      'MongoshInvalidInputError: [COMMON-10001] Missing required argument at position 1 (Shard.shardCollection)',
      'MongoshInvalidInputError: [COMMON-10001] Argument at position 2 must be of type boolean or object, got number instead (Shard.shardCollection)',
      'MongoshInvalidInputError: [COMMON-10001] Argument at position 0 must be of type string, got number instead (Shard.shardCollection)',
      'TypeError: sh.nope is not a function',
    ]);
    expect(sent).toEqual([]);
  });

  it('sh.status() off a router fails as mongosh does', () => {
    const { results } = shell({ topology: 'replicaset' }, 'sh.status()');
    expect(text(results[0])).toBe(
      'MongoshInvalidInputError: [SHAPI-10003] This db does not have sharding enabled. Be sure you are connecting to a mongos from the shell and not to a mongod.',
    );
  });
});

describe('rs (replica set deployment)', () => {
  it('rs.status() runs replSetGetStatus on admin', () => {
    const { results, sent } = shell({ topology: 'replicaset' }, 'use other\nrs.status()');
    expect(sent).toEqual(['admin {"replSetGetStatus":1}']);
    const reply = shellOutputToValue(results[1]!.output) as Map<string, unknown>;
    expect(reply.get('set')).toBe('rs0');
    expect(toRelaxed(reply.get('members') as never)).toBe(
      '[{"_id":0,"name":"localhost:27017","health":1.0,"state":1,"stateStr":"PRIMARY"},' +
        '{"_id":1,"name":"localhost:27018","health":1.0,"state":2,"stateStr":"SECONDARY"},' +
        '{"_id":2,"name":"localhost:27019","health":1.0,"state":2,"stateStr":"SECONDARY"}]',
    );
  });

  it('rs.conf() asks replSetGetConfig, then falls back to local.system.replset as mongosh does', () => {
    const { results, sent } = shell({ topology: 'replicaset' }, 'rs.conf()');
    expect(sent).toEqual([
      'admin {"replSetGetConfig":1}',
      'local {"find":"system.replset","filter":{},"limit":1,"singleBatch":true}',
    ]);
    expect(text(results[0])).toBe('MongoshRuntimeError: [COMMON-10004] No documents in local.system.replset');
  });

  it('rs.status() on a standalone is the server error', () => {
    const { results } = shell({}, 'rs.status()');
    expect(text(results[0])).toBe('MongoServerError[NoReplicationEnabled]: not running with --replSet');
  });
});

describe('users, roles and authentication (auth enabled)', () => {
  it('builds the commands mongosh builds', () => {
    const { sent } = shell(
      { auth: true },
      `db.createRole({role: 'updater', privileges: [{resource: {db: 'test', collection: 'c'}, actions: ['find', 'update']}], roles: []})
db.createUser({user: 'ann', pwd: 'pw', roles: ['updater'], customData: {team: 1}}, {w: 1})
db.auth('ann', 'pw')
db.auth({user: 'ann', pwd: 'pw'})
db.grantRolesToUser('ann', [{role: 'read', db: 'test'}])
db.dropUser('ann', {w: 'majority'})
db.logout()`,
    );
    expect(sent).toEqual([
      'test {"createRole":"updater","privileges":[{"resource":{"db":"test","collection":"c"},"actions":["find","update"]}],"roles":[]}',
      'test {"createUser":"ann","pwd":"pw","roles":["updater"],"customData":{"team":1},"writeConcern":{"w":1}}',
      'test {"authenticate":1,"user":"ann","pwd":"pw","db":"test"}',
      'test {"authenticate":1,"user":"ann","pwd":"pw","db":"test"}',
      'test {"grantRolesToUser":"ann","roles":[{"role":"read","db":"test"}]}',
      'test {"dropUser":"ann","writeConcern":{"w":"majority"}}',
      'test {"logout":1}',
    ]);
  });

  it('a custom role with find+update but no insert: the upsert gets 13, a plain update succeeds', () => {
    const { results } = shell(
      { auth: true },
      `db.getSiblingDB('admin').createUser({user: 'root', pwd: 'r', roles: ['root']})
db.getSiblingDB('admin').auth('root', 'r')
db.createRole({role: 'updater', privileges: [{resource: {db: 'test', collection: 'c'}, actions: ['find', 'update']}], roles: []})
db.createUser({user: 'ann', pwd: 'pw', roles: ['updater']})
db.c.insertOne({_id: 1, n: 1})
db.logout()
db.c.updateOne({_id: 1}, {$set: {n: 2}})
db.auth('ann', 'pw')
db.c.updateOne({_id: 2}, {$set: {n: 1}}, {upsert: true})
db.c.updateOne({_id: 1}, {$set: {n: 2}})
db.c.find()`,
    );
    expect(results.map(text)).toEqual([
      '{ ok: 1 }',
      '{ ok: 1 }',
      '{ ok: 1 }',
      '{ ok: 1 }',
      '{ acknowledged: true, insertedId: 1 }',
      '{ ok: 1 }',
      'MongoServerError[Unauthorized]: command update requires authentication',
      '{ ok: 1 }',
      'MongoServerError[Unauthorized]: not authorized on test to execute command { update: "c", updates: [ { q: { _id: 2 }, u: { $set: { n: 1 } }, upsert: true } ], ordered: true, $db: "test" }',
      '{\n  acknowledged: true,\n  insertedId: null,\n  matchedCount: 1,\n  modifiedCount: 1,\n  upsertedCount: 0\n}',
      '[ { _id: 1, n: 2 } ]',
    ]);
    const error = results[8]!.output;
    expect(error.kind === 'error' ? [error.error.code, error.error.codeName] : []).toEqual([13, 'Unauthorized']);
  });

  it('wrong passwords, missing fields and arity follow the server and mongosh', () => {
    const { results, sent } = shell(
      { auth: true },
      `db.createUser({user: 'ann', pwd: 'pw', roles: []})
db.auth({user: 'ann', pwd: 'wrong'})
db.auth('ann')
db.auth()
db.createUser({user: 'x', roles: []})
db.createUser({user: 'x', pwd: 'p'})
db.createRole({role: 'r', privileges: []})
db.createUser('x')
db.grantRolesToUser('ann')
db.dropUser('ann')`,
    );
    expect(results.slice(1).map(text)).toEqual([
      'MongoServerError[AuthenticationFailed]: Authentication failed.',
      "MongoshInvalidInputError: [COMMON-10001] auth expects user document with at least 'user' and 'pwd' or 'mechanism' fields",
      'MongoshInvalidInputError: [COMMON-10001] auth expects (username), (username, password), or ({ user: username, pwd: password })',
      'MongoshInvalidInputError: [COMMON-10001] Missing required property: "pwd"',
      'MongoshInvalidInputError: [COMMON-10001] Missing required property: "roles"',
      'MongoshInvalidInputError: [COMMON-10001] Missing required property: "roles"',
      'MongoshInvalidInputError: [COMMON-10001] Argument at position 0 must be of type object, got string instead (Database.createUser)',
      'MongoshInvalidInputError: [COMMON-10001] Missing required argument at position 1 (Database.grantRolesToUser)',
      'MongoServerError[Unauthorized]: command dropUser requires authentication',
    ]);
    expect(sent).toEqual([
      'test {"createUser":"ann","pwd":"pw","roles":[]}',
      'test {"authenticate":1,"user":"ann","pwd":"wrong","db":"test"}',
      'test {"dropUser":"ann"}',
    ]);
  });

  it('configureDeployment through runCommand turns authorization on', () => {
    const { results } = shell(
      {},
      `db.getSiblingDB('admin').runCommand({configureDeployment: 1, auth: true}).auth
db.c.updateOne({_id: 1}, {$set: {a: 1}}, {upsert: true})`,
    );
    expect(results.map(text)).toEqual([
      'true',
      'MongoServerError[Unauthorized]: command update requires authentication',
    ]);
  });
});
