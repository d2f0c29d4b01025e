/** mongosh's Database: database commands, aggregate, listCollections, users and admin helpers. */
import type { Doc, Value } from '../bson/values.js';
import * as admin from './api-admin.js';
import { boolOpt, build, int, opt, truthyOpt } from './api-support.js';
import type { NamespaceOptions, ShellClient } from './api-client.js';
import type { ShellSession } from './api-session.js';
import { sessionOf } from './api-session-of.js';
import { ShellCollection } from './api-collection.js';
import { drainCursor } from './api-drain-cursor.js';

export class ShellDatabase {
  readonly client: ShellClient;
  readonly name: string;
  readonly options: NamespaceOptions;
  readonly session: ShellSession | undefined;

  constructor(client: ShellClient, name: string, options: NamespaceOptions, session: ShellSession | undefined) {
    this.client = client;
    this.name = name;
    this.options = options;
    this.session = session;
  }

  collection(name: string, options: NamespaceOptions = {}): ShellCollection {
    return new ShellCollection(this, name, options, this.session);
  }

  getCollection(name: string): ShellCollection {
    return this.collection(name);
  }

  getSiblingDB(name: string): ShellDatabase {
    return new ShellDatabase(this.client, name, {}, this.session);
  }

  /** The same database bound to a session (every command carries its lsid). */
  withSession(session: ShellSession | undefined): ShellDatabase {
    return new ShellDatabase(this.client, this.name, this.options, session);
  }

  /** The database-level write concern, falling back to the client's; `{}` = server default. */
  get writeConcern(): Doc | undefined {
    const wc = this.options.writeConcern;
    if (wc !== undefined) return wc.size > 0 ? wc : undefined;
    return this.client.defaultWriteConcern;
  }

  /** Runs a command as given (a string `s` means `{s: 1}`); throws MongoServerError on `ok: 0`. */
  runCommand(cmd: Doc | string, options?: Doc): Doc {
    const command = typeof cmd === 'string' ? new Map<string, Value>([[cmd, int(1)]]) : cmd;
    return this.client.send(this.name, command, { session: sessionOf(options, this.session) });
  }

  adminCommand(cmd: Doc | string): Doc {
    return this.getSiblingDB('admin').runCommand(cmd);
  }

  createCollection(name: string, options: Doc = new Map()): Doc {
    const cmd = build([['create', name]]);
    for (const [k, v] of options) if (k !== 'session') cmd.set(k, v);
    return this.client.send(this.name, cmd, {
      session: sessionOf(options, this.session),
      writeConcern: this.writeConcern,
    });
  }

  dropDatabase(): Doc {
    return this.client.send(this.name, build([['dropDatabase', int(1)]]), {
      session: this.session,
      writeConcern: this.writeConcern,
    });
  }

  /** Database-level aggregate (`{aggregate: 1, …}`), e.g. `$currentOp`, `$listLocalSessions`. */
  aggregate(pipeline: Value[], options?: Doc): Doc[] {
    const batchSize = truthyOpt(options, 'batchSize');
    const cmd = build([
      ['aggregate', int(1)],
      ['pipeline', pipeline],
      ['cursor', batchSize !== undefined ? build([['batchSize', batchSize]]) : new Map()],
      ['allowDiskUse', boolOpt(options, 'allowDiskUse')],
      ['let', truthyOpt(options, 'let')],
      ['comment', opt(options, 'comment')],
      ['maxTimeMS', truthyOpt(options, 'maxTimeMS')],
    ]);
    const session = sessionOf(options, this.session);
    const reply = this.client.send(this.name, cmd, { session });
    return drainCursor(this.client, this.name, reply, session, batchSize);
  }

  /** `listCollections` (drained cursor of collection descriptions). */
  listCollections(filter: Doc = new Map(), options?: Doc): Doc[] {
    const cmd = build([
      ['listCollections', int(1)],
      ['filter', filter],
      ['nameOnly', boolOpt(options, 'nameOnly')],
      ['cursor', new Map()],
    ]);
    const reply = this.client.send(this.name, cmd, { session: this.session });
    return drainCursor(this.client, this.name, reply, this.session);
  }

  /** `sh` bound to this database (mongosh's `new Shard(db)`). */
  shard(): admin.ShellShard {
    return new admin.ShellShard(this);
  }

  /** `rs` bound to this database (mongosh's `new ReplicaSet(db)`). */
  replicaSet(): admin.ShellReplicaSet {
    return new admin.ShellReplicaSet(this);
  }

  auth(authDoc: Doc): Doc {
    return admin.auth(this, authDoc);
  }

  logout(): Doc {
    return admin.logout(this);
  }

  createUser(user: Doc, writeConcern?: Doc): Doc {
    return admin.createUser(this, user, writeConcern);
  }

  dropUser(name: string, writeConcern?: Doc): Doc {
    return admin.dropUser(this, name, writeConcern);
  }

  createRole(role: Doc, writeConcern?: Doc): Doc {
    return admin.createRole(this, role, writeConcern);
  }

  grantRolesToUser(name: string, roles: Value, writeConcern?: Doc): Doc {
    return admin.grantRolesToUser(this, name, roles, writeConcern);
  }

  getCollectionNames(): string[] {
    const reply = this.client.send(
      this.name,
      build([
        ['listCollections', int(1)],
        ['filter', new Map()],
        ['nameOnly', true],
        ['authorizedCollections', false],
      ]),
      { session: this.session },
    );
    const names = drainCursor(this.client, this.name, reply, this.session)
      .map((d) => d.get('name'))
      .filter((n): n is string => typeof n === 'string');
    return names.sort();
  }
}
