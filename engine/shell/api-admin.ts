/**
 * mongosh's administration helpers for the simulated deployments (engine/deploy): users, roles and
 * authentication on a database, `sh` (sharding) and `rs` (replica set). Each builds the command
 * document mongosh's shell-api builds and sends it through the client, so the command observer sees
 * it like any other command.
 *
 * Two departures, both forced by the engine: `db.auth()` sends the engine's clear-text
 * `{authenticate: 1, user, pwd}` where the driver would run SCRAM (saslStart/saslContinue), and
 * `sh.status()` reads `getDeployment` instead of the config database (the engine has none).
 */
import type { Doc, Value } from '../bson/values.js';
import { isArray, isDoc } from '../bson/values.js';
import type { ShellDatabase } from './api.js';
import { build, int } from './api-support.js';
import { isMongoServerError } from './client-errors.js';
import { ShellRuntimeError } from './shell-errors.js';

function invalidInput(code: string, message: string): ShellRuntimeError {
  return new ShellRuntimeError('MongoshInvalidInputError', `[${code}] ${message}`);
}

/** mongosh's `assertKeysDefined`: a required property of a helper's document argument. */
function requireKeys(doc: Doc, keys: readonly string[]): void {
  for (const k of keys) {
    if (doc.get(k) === undefined) throw invalidInput('COMMON-10001', `Missing required property: ${JSON.stringify(k)}`);
  }
}

/**
 * mongosh's `adaptOptions`: the helper document's fields in their order, with `rename` keys
 * renamed and `omit` keys left out; the command's name goes first (mongosh's `orderedCmd`).
 */
function commandFrom(name: string, value: Value, doc: Doc, rename: string, omit: readonly string[]): Doc {
  const out: Doc = new Map([[name, value]]);
  for (const [k, v] of doc) {
    if (k === rename || omit.includes(k)) continue;
    out.set(k, v);
  }
  return out;
}

function withWriteConcern(cmd: Doc, writeConcern: Doc | undefined): Doc {
  if (writeConcern !== undefined) cmd.set('writeConcern', writeConcern);
  return cmd;
}

/** `db.createUser(user, writeConcern?)`: `{createUser: user.user, ...user fields}`. */
export function createUser(db: ShellDatabase, user: Doc, writeConcern?: Doc): Doc {
  requireKeys(user, ['user', 'roles']);
  if (db.name === '$external') {
    if (user.has('pwd')) {
      throw invalidInput('COMMON-10001', 'Cannot set password for users on the $external database');
    }
  } else {
    requireKeys(user, ['pwd']);
  }
  if (user.get('createUser') !== undefined) {
    throw invalidInput('COMMON-10001', 'Cannot set createUser field in helper method');
  }
  const digestor = user.get('passwordDigestor');
  if (digestor !== undefined && digestor !== 'server' && digestor !== 'client') {
    throw invalidInput(
      'COMMON-10001',
      `Invalid field: passwordDigestor must be 'client' or 'server', got ${String(digestor)}`,
    );
  }
  if (digestor === 'client') {
    // The legacy MD5 client digest: the engine stores passwords in clear, so it cannot follow.
    throw new ShellRuntimeError(
      'MongoshUnimplementedError',
      "[COMMON-90001] passwordDigestor: 'client' is not supported by the simulated server",
    );
  }
  const cmd = withWriteConcern(
    commandFrom('createUser', user.get('user') as Value, user, 'user', ['passwordDigestor']),
    writeConcern,
  );
  // mongosh adds `digestPassword: true` when a server digestor is named explicitly.
  if (digestor === 'server') cmd.set('digestPassword', true);
  return db.runCommand(cmd);
}

/** `db.dropUser(name, writeConcern?)`. */
export function dropUser(db: ShellDatabase, name: string, writeConcern?: Doc): Doc {
  return db.runCommand(withWriteConcern(build([['dropUser', name]]), writeConcern));
}

/** `db.createRole(role, writeConcern?)`: `{createRole: role.role, ...role fields}`. */
export function createRole(db: ShellDatabase, role: Doc, writeConcern?: Doc): Doc {
  requireKeys(role, ['role', 'privileges', 'roles']);
  if (role.get('createRole') !== undefined) {
    throw invalidInput('COMMON-10001', 'Cannot set createRole field in helper method');
  }
  return db.runCommand(
    withWriteConcern(commandFrom('createRole', role.get('role') as Value, role, 'role', []), writeConcern),
  );
}

/** `db.grantRolesToUser(name, roles, writeConcern?)`. */
export function grantRolesToUser(db: ShellDatabase, name: string, roles: Value, writeConcern?: Doc): Doc {
  return db.runCommand(
    withWriteConcern(
      build([
        ['grantRolesToUser', name],
        ['roles', roles],
      ]),
      writeConcern,
    ),
  );
}

/** `db.logout()`. */
export function logout(db: ShellDatabase): Doc {
  return db.runCommand(build([['logout', int(1)]]));
}

/**
 * `db.auth(user, pwd)` / `db.auth({user, pwd})`: authenticates against this database and answers
 * `{ ok: 1 }`, as mongosh does (the server's reply is not shown). A wrong password is the server's
 * 18 `Authentication failed.`.
 */
export function auth(db: ShellDatabase, authDoc: Doc): Doc {
  const user = authDoc.get('user');
  const pwd = authDoc.get('pwd');
  const mechanism = authDoc.get('mechanism');
  if ((isFalsy(user) || isFalsy(pwd)) && isFalsy(mechanism)) {
    throw invalidInput(
      'COMMON-10001',
      "auth expects user document with at least 'user' and 'pwd' or 'mechanism' fields",
    );
  }
  if (authDoc.has('digestPassword')) {
    throw new ShellRuntimeError(
      'MongoshUnimplementedError',
      '[COMMON-90001] digestPassword is not supported for authentication.',
    );
  }
  db.runCommand(
    build([
      ['authenticate', int(1)],
      ['user', user],
      ['pwd', pwd],
      ['mechanism', mechanism],
      ['db', db.name],
    ]),
  );
  return build([['ok', int(1)]]);
}

function isFalsy(v: Value | undefined): boolean {
  return v === undefined || v === null || v === '' || v === false || v === 0;
}

/** mongosh's `sh`: sharding helpers, run against admin. */
export class ShellShard {
  constructor(readonly database: ShellDatabase) {}

  /**
   * `sh.shardCollection(namespace, key, unique?, options?)`: `{shardCollection: ns, key, unique?,
   * ...options}` on admin; a document in `unique`'s place is the options (mongosh 2.x).
   */
  shardCollection(namespace: string, key: Doc, unique?: boolean | Doc, options?: Doc): Doc {
    let opts = options;
    let uniq = unique;
    if (isDoc(uniq)) {
      opts = uniq;
      uniq = undefined;
    }
    const cmd = build([
      ['shardCollection', namespace],
      ['key', key],
      ['unique', uniq],
    ]);
    for (const [k, v] of opts ?? []) cmd.set(k, v);
    return this.database.adminCommand(cmd);
  }

  /**
   * `sh.status()`: the cluster's shards and sharded collections, read from `getDeployment` (the
   * engine keeps no config database). Off a router it fails as mongosh does when config.version
   * is empty.
   */
  status(): Doc {
    const deployment = this.database.adminCommand(build([['getDeployment', int(1)]]));
    if (deployment.get('topology') !== 'sharded') {
      throw invalidInput(
        'SHAPI-10003',
        'This db does not have sharding enabled. Be sure you are connecting to a mongos from the shell and not to a mongod.',
      );
    }
    return shardingStatus(deployment);
  }
}

/** The sh.status() sections mongosh prints (`shards`, `databases`), from a getDeployment reply. */
function shardingStatus(deployment: Doc): Doc {
  const shards = docs(deployment.get('shards')).map((s) =>
    build([
      ['_id', s.get('name')],
      ['state', int(1)],
    ]),
  );
  const byDb = new Map<string, Doc>();
  for (const c of docs(deployment.get('shardedCollections'))) {
    const ns = c.get('ns');
    if (typeof ns !== 'string') continue;
    const dbName = ns.slice(0, ns.indexOf('.'));
    let collections = byDb.get(dbName);
    if (collections === undefined) {
      collections = new Map();
      byDb.set(dbName, collections);
    }
    const chunks = docs(c.get('chunks'));
    const perShard = new Map<string, number>();
    for (const ch of chunks) {
      const shard = ch.get('shard');
      if (typeof shard === 'string') perShard.set(shard, (perShard.get(shard) ?? 0) + 1);
    }
    collections.set(
      ns,
      build([
        ['shardKey', c.get('key')],
        ['unique', false],
        ['balancing', true],
        [
          'chunkMetadata',
          [...perShard].map(([shard, n]) =>
            build([
              ['shard', shard],
              ['nChunks', int(n)],
            ]),
          ),
        ],
        [
          'chunks',
          chunks.map((ch) =>
            build([
              ['min', ch.get('min')],
              ['max', ch.get('max')],
              ['on shard', ch.get('shard')],
            ]),
          ),
        ],
        ['tags', []],
        ['documents', c.get('documents')],
      ]),
    );
  }
  const databases = [...byDb].map(([name, collections]) =>
    build([
      [
        'database',
        build([
          ['_id', name],
          // Unsharded collections live on shard0 in the simulation (its primary shard).
          ['primary', 'shard0'],
        ]),
      ],
      ['collections', collections],
    ]),
  );
  return build([
    ['shards', shards],
    ['databases', databases],
  ]);
}

function docs(v: Value | undefined): Doc[] {
  return isArray(v) ? v.filter(isDoc) : [];
}

/** mongosh's `rs`: replica set helpers, run against admin. */
export class ShellReplicaSet {
  constructor(readonly database: ShellDatabase) {}

  /** `rs.status()`: `{replSetGetStatus: 1}`. */
  status(): Doc {
    return this.database.adminCommand(build([['replSetGetStatus', int(1)]]));
  }

  /**
   * `rs.conf()` / `rs.config()`: `replSetGetConfig`'s `config`; where the server does not know the
   * command, mongosh falls back to `local.system.replset` (and fails when that is empty).
   */
  conf(): Value {
    try {
      const reply = this.database.adminCommand(build([['replSetGetConfig', int(1)]]));
      const config = reply.get('config');
      if (config === undefined) {
        throw new ShellRuntimeError(
          'MongoshRuntimeError',
          "[COMMON-10004] Documented returned from command replSetGetConfig does not contain 'config'",
        );
      }
      return config;
    } catch (e) {
      if (!(isMongoServerError(e) && (e.codeName === 'CommandNotFound' || e.codeName === 'APIStrictError'))) throw e;
      const doc = this.database.getSiblingDB('local').collection('system.replset').findOne();
      if (doc === null) {
        throw new ShellRuntimeError('MongoshRuntimeError', '[COMMON-10004] No documents in local.system.replset');
      }
      return doc;
    }
  }
}
