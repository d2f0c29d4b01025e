/**
 * A unified-test-format runner over the shell API (engine/shell/api.ts): entities map onto
 * ShellClient / ShellDatabase / ShellCollection / ShellSession, command events come from the
 * API's observer, and every test gets a fresh engine (initialData re-applied) for isolation.
 * The runner's own setup and outcome reads go through a separate, unobserved client.
 */
import type { Doc, Value } from '../engine/bson/values.js';
import { isArray, isDoc } from '../engine/bson/values.js';
import type {
  CommandEngine,
  CommandEvent,
  NamespaceOptions,
  ShellCollection,
  ShellDatabase,
  ShellSession,
} from '../engine/shell/api.js';
import {
  MongoBulkWriteError,
  MongoClientBulkWriteError,
  ShellClient,
  isMongoNetworkError,
  isMongoServerError,
  isShellClientError,
  toNumber,
} from '../engine/shell/api.js';
import type { ShellResult } from '../engine/shell/results.js';
import type { MatchContext } from './matcher.js';
import { match, matchExact, matchWriteErrors, show } from './matcher.js';
import { requirementsUnmet } from './requirements.js';
import { ChangeStreamOperations } from './change-streams.js';

export type TestStatus = 'passed' | 'failed' | 'not-applicable';

export interface TestOutcome {
  description: string;
  status: TestStatus;
  /** Why the test failed or does not apply. */
  reason?: string;
}

export interface FileOutcome {
  description: string;
  tests: TestOutcome[];
  /** Set when the whole file could not be processed (bad schema version, unparsable). */
  fileError?: string;
}

/** The runner cannot execute something the test needs (an error, not a failure of the engine). */
export class UnsupportedError extends Error {
  constructor(what: string) {
    super(`unsupported: ${what}`);
    this.name = 'UnsupportedError';
  }
}

/** An assertion of the test did not hold. */
class AssertionFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AssertionFailure';
  }
}

const SUPPORTED_SCHEMA_MAJOR = 1;
const SUPPORTED_SCHEMA_MINOR = 21;

function get(d: Doc, key: string): Value | undefined {
  return d.get(key);
}

function str(d: Doc, key: string): string {
  const v = d.get(key);
  if (typeof v !== 'string') throw new UnsupportedError(`missing string field ${key}`);
  return v;
}

function docOf(v: Value | undefined, what: string): Doc {
  if (!isDoc(v)) throw new AssertionFailure(`${what} must be a document, got ${show(v)}`);
  return v;
}

function docs(v: Value | undefined): Doc[] {
  return isArray(v) ? v.filter(isDoc) : [];
}

function without(d: Doc, ...keys: string[]): Doc {
  const out: Doc = new Map();
  for (const [k, v] of d) if (!keys.includes(k)) out.set(k, v);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Entities

interface ClientEntity {
  type: 'client';
  client: ShellClient;
  events: CommandEvent[];
}
interface DatabaseEntity {
  type: 'database';
  db: ShellDatabase;
}
interface CollectionEntity {
  type: 'collection';
  coll: ShellCollection;
}
interface SessionEntity {
  type: 'session';
  session: ShellSession;
}
interface ValueEntity {
  type: 'value';
  value: Value;
}
type Entity = ClientEntity | DatabaseEntity | CollectionEntity | SessionEntity | ValueEntity;

class EntityMap implements MatchContext {
  private readonly map = new Map<string, Entity>();

  set(id: string, e: Entity): void {
    if (this.map.has(id)) throw new UnsupportedError(`duplicate entity ${id}`);
    this.map.set(id, e);
  }
  private need<T extends Entity['type']>(id: string, type: T): Extract<Entity, { type: T }> {
    const e = this.map.get(id);
    if (e === undefined) throw new UnsupportedError(`unknown entity ${id}`);
    if (e.type !== type) throw new UnsupportedError(`entity ${id} is a ${e.type}, not a ${type}`);
    return e as Extract<Entity, { type: T }>;
  }
  kind(id: string): Entity | undefined {
    return this.map.get(id);
  }
  client(id: string): ClientEntity {
    return this.need(id, 'client');
  }
  database(id: string): ShellDatabase {
    return this.need(id, 'database').db;
  }
  collection(id: string): ShellCollection {
    return this.need(id, 'collection').coll;
  }
  sessionObj(id: string): ShellSession {
    return this.need(id, 'session').session;
  }
  entity(id: string): Value {
    return this.need(id, 'value').value;
  }
  sessionLsid(id: string): Doc {
    return this.sessionObj(id).id;
  }
  sessions(): ShellSession[] {
    return [...this.map.values()].flatMap((e) => (e.type === 'session' ? [e.session] : []));
  }
}

const EVENT_KIND: Record<string, CommandEvent['kind']> = {
  commandStartedEvent: 'started',
  commandSucceededEvent: 'succeeded',
  commandFailedEvent: 'failed',
};

// ---------------------------------------------------------------------------------------------
// Result conversion: shell API results → the documents the unified format asserts

function indexMap<T>(m: ReadonlyMap<number, T>, f: (x: T) => Value): Doc {
  const out: Doc = new Map();
  for (const [k, v] of m) out.set(String(k), f(v));
  return out;
}

export function resultToValue(r: ShellResult | Value | undefined): Value | undefined {
  if (r === undefined) return undefined;
  if (typeof r === 'object' && r !== null && !isDoc(r) && !isArray(r) && 'kind' in r) {
    const x = r;
    switch (x.kind) {
      case 'UpdateResult':
        return new Map<string, Value>([
          ['acknowledged', x.acknowledged],
          ['matchedCount', x.matchedCount],
          ['modifiedCount', x.modifiedCount],
          ['upsertedCount', x.upsertedCount],
          ['upsertedId', x.upsertedId ?? null],
        ]);
      case 'WriteResult': {
        const d = new Map<string, Value>([
          ['nMatched', x.nMatched],
          ['nUpserted', x.nUpserted],
          ['nModified', x.nModified],
        ]);
        if (x._id !== undefined) d.set('_id', x._id);
        return d;
      }
      case 'InsertOneResult':
        return new Map<string, Value>([
          ['acknowledged', x.acknowledged],
          ['insertedId', x.insertedId],
        ]);
      case 'InsertManyResult':
        return new Map<string, Value>([
          ['acknowledged', x.acknowledged],
          ['insertedIds', indexMap(x.insertedIds, (v) => v)],
        ]);
      case 'DeleteResult':
        return new Map<string, Value>([
          ['acknowledged', x.acknowledged],
          ['deletedCount', x.deletedCount],
        ]);
      case 'BulkWriteResult':
        return new Map<string, Value>([
          ['acknowledged', x.acknowledged],
          ['deletedCount', x.deletedCount],
          ['insertedCount', x.insertedCount],
          ['insertedIds', indexMap(x.insertedIds, (v) => v)],
          ['matchedCount', x.matchedCount],
          ['modifiedCount', x.modifiedCount],
          ['upsertedCount', x.upsertedCount],
          ['upsertedIds', indexMap(x.upsertedIds, (v) => v)],
        ]);
      case 'ClientBulkWriteResult': {
        const d = new Map<string, Value>([
          ['acknowledged', x.acknowledged],
          ['insertedCount', x.insertedCount],
          ['upsertedCount', x.upsertedCount],
          ['matchedCount', x.matchedCount],
          ['modifiedCount', x.modifiedCount],
          ['deletedCount', x.deletedCount],
        ]);
        if (x.insertResults !== undefined) {
          d.set(
            'insertResults',
            indexMap(x.insertResults, (v) => new Map([['insertedId', v.insertedId]])),
          );
        }
        if (x.updateResults !== undefined) {
          d.set(
            'updateResults',
            indexMap(x.updateResults, (v) => {
              const u = new Map<string, Value>([
                ['matchedCount', v.matchedCount],
                ['modifiedCount', v.modifiedCount],
              ]);
              if (v.upsertedId !== undefined) u.set('upsertedId', v.upsertedId);
              return u;
            }),
          );
        }
        if (x.deleteResults !== undefined) {
          d.set(
            'deleteResults',
            indexMap(x.deleteResults, (v) => new Map([['deletedCount', v.deletedCount]])),
          );
        }
        return d;
      }
    }
  }
  return r as Value;
}

// ---------------------------------------------------------------------------------------------
// The runner for one file

export interface RunnerOptions {
  createEngine: () => CommandEngine;
  /** valid-fail files: their tests are expected to fail. */
}

export function runFile(file: Doc, options: RunnerOptions): FileOutcome {
  const description = typeof file.get('description') === 'string' ? (file.get('description') as string) : '';
  const tests = docs(file.get('tests'));
  const schema = file.get('schemaVersion');
  if (typeof schema !== 'string') return { description, tests: [], fileError: 'schemaVersion missing' };
  const [major, minor] = schema.split('.').map((x) => Number.parseInt(x, 10));
  if (major !== SUPPORTED_SCHEMA_MAJOR || (minor ?? 0) > SUPPORTED_SCHEMA_MINOR) {
    return {
      description,
      tests: tests.map((t) => ({
        description: String(t.get('description')),
        status: 'failed' as const,
        reason: `unsupported schemaVersion ${schema}`,
      })),
    };
  }
  const fileUnmet = requirementsUnmet(file.get('runOnRequirements'));
  const outcomes: TestOutcome[] = [];
  for (const test of tests) {
    const desc = String(test.get('description'));
    if (fileUnmet !== null) {
      outcomes.push({ description: desc, status: 'not-applicable', reason: fileUnmet });
      continue;
    }
    const testUnmet = requirementsUnmet(test.get('runOnRequirements'));
    if (testUnmet !== null) {
      outcomes.push({ description: desc, status: 'not-applicable', reason: testUnmet });
      continue;
    }
    const skipReason = test.get('skipReason');
    if (typeof skipReason === 'string') {
      outcomes.push({ description: desc, status: 'not-applicable', reason: `skipReason: ${skipReason}` });
      continue;
    }
    try {
      new TestRun(file, test, options).run();
      outcomes.push({ description: desc, status: 'passed' });
    } catch (e) {
      outcomes.push({ description: desc, status: 'failed', reason: messageOf(e) });
    }
  }
  return { description, tests: outcomes };
}

function messageOf(e: unknown): string {
  if (isMongoServerError(e)) return `${e.display}`;
  if (e instanceof Error)
    return e.name === 'AssertionFailure' || e.name === 'UnsupportedError' ? e.message : `${e.name}: ${e.message}`;
  return String(e);
}

class TestRun {
  private readonly engine: CommandEngine;
  private readonly internal: ShellClient;
  private readonly entities = new EntityMap();
  private readonly changeStreams = new ChangeStreamOperations();

  constructor(
    private readonly file: Doc,
    private readonly test: Doc,
    options: RunnerOptions,
  ) {
    this.engine = options.createEngine();
    this.internal = new ShellClient(this.engine);
  }

  run(): void {
    this.loadInitialData();
    for (const spec of docs(this.file.get('createEntities'))) this.createEntity(spec);
    const ops = docs(this.test.get('operations'));
    ops.forEach((op, i) => {
      try {
        this.runOperation(op);
      } catch (e) {
        const name = typeof op.get('name') === 'string' ? String(op.get('name')) : '?';
        throw withPrefix(e, `operation ${i} (${name})`);
      }
    });
    for (const s of this.entities.sessions()) {
      try {
        if (s.inTransaction) s.abortTransaction();
      } catch {
        // ending sessions is cleanup only
      }
    }
    this.checkEvents();
    this.checkOutcome();
  }

  // --- setup ----------------------------------------------------------------------------------

  private loadInitialData(): void {
    for (const cd of docs(this.file.get('initialData'))) {
      const db = this.internal.db(str(cd, 'databaseName'));
      const collName = str(cd, 'collectionName');
      db.collection(collName).drop();
      const createOptions = cd.get('createOptions');
      const documents = docs(cd.get('documents'));
      if (isDoc(createOptions)) db.createCollection(collName, createOptions);
      if (documents.length > 0) db.collection(collName).insertMany(documents);
      else if (!isDoc(createOptions)) db.createCollection(collName);
    }
  }

  private createEntity(spec: Doc): void {
    const [type, body] = spec.entries().next().value as [string, Value];
    const b = docOf(body, type);
    const id = str(b, 'id');
    switch (type) {
      case 'client': {
        const observe = new Set(
          (isArray(b.get('observeEvents')) ? (b.get('observeEvents') as Value[]) : []).filter(
            (x): x is string => typeof x === 'string',
          ),
        );
        for (const o of observe) {
          if (!(o in EVENT_KIND)) throw new UnsupportedError(`observeEvents ${o}`);
        }
        const ignore = new Set(
          (isArray(b.get('ignoreCommandMonitoringEvents'))
            ? (b.get('ignoreCommandMonitoringEvents') as Value[])
            : []
          ).filter((x): x is string => typeof x === 'string'),
        );
        const events: CommandEvent[] = [];
        const kinds = new Set([...observe].map((o) => EVENT_KIND[o]));
        const uri = isDoc(b.get('uriOptions')) ? (b.get('uriOptions') as Doc) : new Map<string, Value>();
        const clientOptions: ConstructorParameters<typeof ShellClient>[1] = {
          observer: (ev) => {
            if (!kinds.has(ev.kind) || ignore.has(ev.commandName) || ev.commandName === 'configureFailPoint') return;
            events.push(ev);
          },
          implicitSessions: true,
          retryWrites: uri.get('retryWrites') !== false,
          // CRUD specification (create-null-ids): a driver keeps an explicit `_id: null`.
          keepNullId: true,
        };
        const wc: Doc = new Map();
        for (const [k, v] of uri) {
          if (k === 'w') wc.set('w', v);
          else if (k === 'journal') wc.set('j', v);
          else if (k === 'wTimeoutMS') wc.set('wtimeout', v);
          else if (k === 'readConcernLevel') clientOptions.readConcern = new Map([['level', v]]);
          else if (k === 'retryWrites' || k === 'appname' || k === 'heartbeatFrequencyMS') continue;
        }
        if (wc.size > 0) clientOptions.writeConcern = wc;
        const api = b.get('serverApi');
        if (isDoc(api)) {
          const version = api.get('version');
          if (typeof version !== 'string') throw new UnsupportedError('serverApi without version');
          const serverApi: NonNullable<typeof clientOptions.serverApi> = { version };
          if (typeof api.get('strict') === 'boolean') serverApi.strict = api.get('strict') as boolean;
          if (typeof api.get('deprecationErrors') === 'boolean')
            serverApi.deprecationErrors = api.get('deprecationErrors') as boolean;
          clientOptions.serverApi = serverApi;
        }
        this.entities.set(id, { type: 'client', client: new ShellClient(this.engine, clientOptions), events });
        return;
      }
      case 'database': {
        const client = this.entities.client(str(b, 'client')).client;
        this.entities.set(id, {
          type: 'database',
          db: client.db(str(b, 'databaseName'), nsOptions(b.get('databaseOptions'))),
        });
        return;
      }
      case 'collection': {
        const db = this.entities.database(str(b, 'database'));
        this.entities.set(id, {
          type: 'collection',
          coll: db.collection(str(b, 'collectionName'), nsOptions(b.get('collectionOptions'))),
        });
        return;
      }
      case 'session': {
        const client = this.entities.client(str(b, 'client')).client;
        const opts = isDoc(b.get('sessionOptions')) ? (b.get('sessionOptions') as Doc) : new Map<string, Value>();
        this.entities.set(id, { type: 'session', session: client.startSession(opts) });
        return;
      }
      default:
        throw new UnsupportedError(`entity type ${type}`);
    }
  }

  // --- operations -------------------------------------------------------------------------------

  private runOperation(op: Doc): void {
    const name = str(op, 'name');
    const object = str(op, 'object');
    const args = isDoc(op.get('arguments')) ? (op.get('arguments') as Doc) : new Map<string, Value>();
    const expectError = op.get('expectError');
    const expectResult = op.get('expectResult');
    let result: Value | undefined;
    let error: unknown;
    let failed = false;
    try {
      result = resultToValue(
        object === 'testRunner'
          ? this.runSpecial(name, args)
          : this.changeStreams.handles(object, name)
            ? this.changeStreams.run(op, this.entities)
            : this.runEntityOperation(object, name, args),
      );
    } catch (e) {
      if (e instanceof UnsupportedError || e instanceof AssertionFailure) throw e;
      failed = true;
      error = e;
    }
    if (op.get('ignoreResultAndError') === true) return;
    if (isDoc(expectError)) {
      if (!failed) throw new AssertionFailure(`expected an error, got result ${show(result)}`);
      this.checkError(expectError, error);
    } else if (failed) {
      throw new AssertionFailure(`unexpected error: ${messageOf(error)}${errorDetail(error)}`);
    }
    if (expectResult !== undefined && !failed) {
      const r = match(expectResult, result, this.entities, true);
      if (r !== null) throw new AssertionFailure(`result mismatch: ${r}`);
    }
    const save = op.get('saveResultAsEntity');
    if (typeof save === 'string' && !failed && result !== undefined)
      this.entities.set(save, { type: 'value', value: result });
  }

  private checkError(expected: Doc, error: unknown): void {
    const isClient = isShellClientError(error) || isMongoNetworkError(error);
    const server = isMongoServerError(error) ? error : undefined;
    const labels = server?.errorLabels ?? (isMongoNetworkError(error) ? error.errorLabels : []);
    const message = error instanceof Error ? error.message : String(error);
    for (const [key, value] of expected) {
      switch (key) {
        case 'isError':
          break;
        case 'isClientError':
          if (value !== isClient)
            throw new AssertionFailure(`expected isClientError ${String(value)}, got ${messageOf(error)}`);
          break;
        case 'isTimeoutError':
          if (value === true) throw new AssertionFailure(`expected a timeout error, got ${messageOf(error)}`);
          break;
        case 'errorContains':
          if (typeof value !== 'string' || !message.toLowerCase().includes(value.toLowerCase())) {
            throw new AssertionFailure(`expected error containing ${show(value)}, got ${messageOf(error)}`);
          }
          break;
        case 'errorCode':
          if (server === undefined || server.code !== toNumber(value)) {
            throw new AssertionFailure(`expected error code ${show(value)}, got ${messageOf(error)}`);
          }
          break;
        case 'errorCodeName':
          if (server === undefined || server.codeName !== value) {
            throw new AssertionFailure(`expected error codeName ${show(value)}, got ${messageOf(error)}`);
          }
          break;
        case 'errorLabelsContain':
          for (const l of isArray(value) ? value : []) {
            if (typeof l === 'string' && !labels.includes(l))
              throw new AssertionFailure(
                `expected error label ${l}, got [${labels.join(', ')}] on ${messageOf(error)}`,
              );
          }
          break;
        case 'errorLabelsOmit':
          for (const l of isArray(value) ? value : []) {
            if (typeof l === 'string' && labels.includes(l))
              throw new AssertionFailure(`unexpected error label ${l} on ${messageOf(error)}`);
          }
          break;
        case 'errorResponse': {
          if (server === undefined) throw new AssertionFailure(`expected a server error, got ${messageOf(error)}`);
          const r = match(value, server.errorResponse, this.entities, true);
          if (r !== null) throw new AssertionFailure(`errorResponse mismatch: ${r}`);
          break;
        }
        case 'expectResult': {
          const partial =
            error instanceof MongoBulkWriteError
              ? resultToValue(error.result)
              : error instanceof MongoClientBulkWriteError
                ? resultToValue(error.partialResult)
                : undefined;
          const r = match(value, partial, this.entities, true);
          if (r !== null) throw new AssertionFailure(`partial result mismatch: ${r}`);
          break;
        }
        case 'writeErrors': {
          if (!(error instanceof MongoClientBulkWriteError))
            throw new AssertionFailure(`expected client bulk write errors, got ${messageOf(error)}`);
          // The specification's WriteError shape {code, message, details}.
          const actual: Doc = new Map();
          for (const [k, v] of error.writeErrors) {
            const w: Doc = new Map([['code', v.get('code') as Value]]);
            if (v.has('errmsg')) w.set('message', v.get('errmsg') as Value);
            if (v.has('errInfo')) w.set('details', v.get('errInfo') as Value);
            actual.set(String(k), w);
          }
          const r = matchWriteErrors(value, actual, this.entities);
          if (r !== null) throw new AssertionFailure(`writeErrors mismatch: ${r}`);
          break;
        }
        case 'writeConcernErrors': {
          // Driver shape {code, message, details}; array elements are root-level documents.
          const wce = (
            error instanceof MongoClientBulkWriteError || error instanceof MongoBulkWriteError
              ? [...error.writeConcernErrors]
              : []
          ).map((w) => {
            const d: Doc = new Map(w);
            if (w.has('errmsg')) d.set('message', w.get('errmsg') as Value);
            if (w.has('errInfo')) d.set('details', w.get('errInfo') as Value);
            return d;
          });
          const exp = isArray(value) ? value : [];
          if (exp.length !== wce.length)
            throw new AssertionFailure(`expected ${exp.length} writeConcernErrors, got ${wce.length}`);
          exp.forEach((x, i) => {
            const r = match(x, wce[i], this.entities, true, `writeConcernErrors.${i}`);
            if (r !== null) throw new AssertionFailure(`writeConcernErrors mismatch: ${r}`);
          });
          break;
        }
        default:
          throw new UnsupportedError(`expectError.${key}`);
      }
    }
  }

  private runSpecial(name: string, args: Doc): Value | undefined {
    switch (name) {
      case 'failPoint':
      case 'targetedFailPoint': {
        // The fail point lives in the (single, emulated) server: set it through the internal client.
        this.internal.db('admin').runCommand(docOf(args.get('failPoint'), 'failPoint'));
        return undefined;
      }
      case 'assertSessionTransactionState': {
        const s = this.entities.sessionObj(str(args, 'session'));
        const want = str(args, 'state');
        if (s.transactionState !== want)
          throw new AssertionFailure(`session state ${s.transactionState}, expected ${want}`);
        return undefined;
      }
      case 'assertSessionUnpinned':
        // Sessions are pinned to a mongos only on sharded clusters; never on a replica set.
        this.entities.sessionObj(str(args, 'session'));
        return undefined;
      case 'assertSessionPinned':
        throw new AssertionFailure('sessions are never pinned on a replica set');
      case 'createEntities':
        for (const spec of docs(args.get('entities'))) this.createEntity(spec);
        return undefined;
      case 'assertCollectionExists':
      case 'assertCollectionNotExists': {
        const names = this.internal.db(str(args, 'databaseName')).getCollectionNames();
        const exists = names.includes(str(args, 'collectionName'));
        if (exists !== (name === 'assertCollectionExists')) throw new AssertionFailure(`${name} failed`);
        return undefined;
      }
      case 'assertIndexExists':
      case 'assertIndexNotExists': {
        const coll = this.internal.db(str(args, 'databaseName')).collection(str(args, 'collectionName'));
        let indexes: Doc[];
        try {
          indexes = coll.getIndexes();
        } catch {
          indexes = [];
        }
        const exists = indexes.some((i) => i.get('name') === str(args, 'indexName'));
        if (exists !== (name === 'assertIndexExists')) throw new AssertionFailure(`${name} failed`);
        return undefined;
      }
      case 'assertSameLsidOnLastTwoCommands':
      case 'assertDifferentLsidOnLastTwoCommands': {
        const events = this.entities.client(str(args, 'client')).events.filter((e) => e.kind === 'started');
        const a = events[events.length - 2]?.command?.get('lsid');
        const b = events[events.length - 1]?.command?.get('lsid');
        const same = a !== undefined && b !== undefined && match(a, b, this.entities, false) === null;
        if (same !== (name === 'assertSameLsidOnLastTwoCommands')) throw new AssertionFailure(`${name} failed`);
        return undefined;
      }
      case 'assertNumberConnectionsCheckedOut':
        // No connection pool in-process; the format says runners without pooling skip this.
        return undefined;
      default:
        throw new UnsupportedError(`testRunner operation ${name}`);
    }
  }

  private sessionArg(args: Doc): ShellSession | undefined {
    const s = args.get('session');
    return typeof s === 'string' ? this.entities.sessionObj(s) : undefined;
  }

  private runEntityOperation(object: string, name: string, args: Doc): ShellResult | Value | undefined {
    const e = this.entities.kind(object);
    if (e === undefined) throw new UnsupportedError(`unknown entity ${object}`);
    switch (e.type) {
      case 'collection':
        return this.collectionOperation(
          e.coll.withSession(this.sessionArg(args) ?? e.coll.session),
          name,
          without(args, 'session'),
        );
      case 'database':
        return this.databaseOperation(
          e.db.withSession(this.sessionArg(args) ?? e.db.session),
          name,
          without(args, 'session'),
        );
      case 'client':
        return this.clientOperation(e, name, args);
      case 'session':
        return this.sessionOperation(e.session, name, args);
      default:
        throw new UnsupportedError(`operation ${name} on a ${e.type}`);
    }
  }

  private collectionOperation(coll: ShellCollection, name: string, args: Doc): ShellResult | Value | undefined {
    const filter = (): Doc => (isDoc(args.get('filter')) ? (args.get('filter') as Doc) : new Map());
    switch (name) {
      case 'updateOne':
        return coll.updateOne(filter(), need(args, 'update'), without(args, 'filter', 'update'));
      case 'updateMany':
        return coll.updateMany(filter(), need(args, 'update'), without(args, 'filter', 'update'));
      case 'replaceOne':
        return coll.replaceOne(filter(), need(args, 'replacement'), without(args, 'filter', 'replacement'));
      case 'findOneAndUpdate':
        return coll.findOneAndUpdate(
          filter(),
          need(args, 'update'),
          returnDocumentOption(without(args, 'filter', 'update')),
        );
      case 'findOneAndReplace':
        return coll.findOneAndReplace(
          filter(),
          need(args, 'replacement'),
          returnDocumentOption(without(args, 'filter', 'replacement')),
        );
      case 'findOneAndDelete':
        return coll.findOneAndDelete(filter(), without(args, 'filter'));
      case 'bulkWrite': {
        const requests = need(args, 'requests');
        return coll.bulkWrite(isArray(requests) ? requests : [], without(args, 'requests'));
      }
      case 'insertOne':
        return coll.insertOne(docOf(args.get('document'), 'document'), without(args, 'document'));
      case 'insertMany': {
        const documents = need(args, 'documents');
        return coll.insertMany(isArray(documents) ? documents : [], without(args, 'documents'));
      }
      case 'deleteOne':
        return coll.deleteOne(filter(), without(args, 'filter'));
      case 'deleteMany':
        return coll.deleteMany(filter(), without(args, 'filter'));
      case 'find':
        return coll.runFind(filter(), without(args, 'filter'));
      case 'findOne':
        return coll.findOne(filter(), undefined, without(args, 'filter'));
      case 'countDocuments':
        return coll.countDocuments(filter(), without(args, 'filter'));
      case 'estimatedDocumentCount':
        return coll.estimatedDocumentCount(args);
      case 'distinct':
        return coll.distinct(str(args, 'fieldName'), filter(), without(args, 'filter', 'fieldName'));
      case 'aggregate': {
        const pipeline = need(args, 'pipeline');
        return coll.aggregate(isArray(pipeline) ? pipeline : [], without(args, 'pipeline'));
      }
      case 'createIndex': {
        const keys = docOf(args.get('keys'), 'keys');
        return coll.createIndex(keys, without(args, 'keys'));
      }
      case 'dropIndex':
        return coll.dropIndex(str(args, 'name'));
      case 'listIndexes':
        return coll.getIndexes();
      case 'drop':
        return coll.drop(args);
      case 'rename': {
        const to = str(args, 'to');
        const cmd: Doc = new Map<string, Value>([
          ['renameCollection', coll.fullName],
          ['to', `${coll.db.name}.${to}`],
        ]);
        if (typeof args.get('dropTarget') === 'boolean') cmd.set('dropTarget', args.get('dropTarget') as boolean);
        return coll.db.adminCommand(cmd);
      }
      default:
        throw new UnsupportedError(`collection operation ${name}`);
    }
  }

  private databaseOperation(db: ShellDatabase, name: string, args: Doc): ShellResult | Value | undefined {
    switch (name) {
      case 'runCommand':
        return db.runCommand(docOf(args.get('command'), 'command'));
      case 'createCollection':
        return db.createCollection(str(args, 'collection'), without(args, 'collection'));
      case 'dropCollection':
        return db.collection(str(args, 'collection')).drop();
      case 'listCollectionNames':
        return db.getCollectionNames();
      case 'aggregate': {
        const pipeline = need(args, 'pipeline');
        return db.aggregate(isArray(pipeline) ? pipeline : [], without(args, 'pipeline'));
      }
      case 'listCollections':
        return db.listCollections(isDoc(args.get('filter')) ? (args.get('filter') as Doc) : new Map());
      case 'modifyCollection': {
        const cmd: Doc = new Map([['collMod', str(args, 'collection')]]);
        for (const [k, v] of args) if (k !== 'collection') cmd.set(k, v);
        return db.runCommand(cmd);
      }
      default:
        throw new UnsupportedError(`database operation ${name}`);
    }
  }

  private clientOperation(client: ClientEntity, name: string, args: Doc): ShellResult | Value | undefined {
    switch (name) {
      case 'clientBulkWrite': {
        const models = need(args, 'models');
        return client.client.bulkWrite(
          isArray(models) ? models : [],
          without(args, 'models', 'session'),
          this.sessionArg(args),
        );
      }
      case 'listDatabases':
        return client.client.listDatabases(without(args, 'session'), this.sessionArg(args));
      default:
        throw new UnsupportedError(`client operation ${name}`);
    }
  }

  private sessionOperation(session: ShellSession, name: string, args: Doc): ShellResult | Value | undefined {
    switch (name) {
      case 'startTransaction':
        session.startTransaction(args);
        return undefined;
      case 'commitTransaction':
        session.commitTransaction();
        return undefined;
      case 'abortTransaction':
        session.abortTransaction();
        return undefined;
      case 'endSession':
        session.endSession();
        return undefined;
      case 'withTransaction': {
        session.startTransaction(without(args, 'callback'));
        try {
          for (const op of docs(args.get('callback'))) this.runOperation(op);
        } catch (e) {
          if (session.inTransaction) session.abortTransaction();
          throw e;
        }
        if (session.inTransaction) session.commitTransaction();
        return undefined;
      }
      default:
        throw new UnsupportedError(`session operation ${name}`);
    }
  }

  // --- assertions after the operations -------------------------------------------------------

  private checkEvents(): void {
    for (const spec of docs(this.test.get('expectEvents'))) {
      const eventType = spec.get('eventType') ?? 'command';
      if (eventType !== 'command') throw new UnsupportedError(`${String(eventType)} events`);
      const clientId = str(spec, 'client');
      const actual = this.entities.client(clientId).events;
      const expected = docs(spec.get('events'));
      const ignoreExtra = spec.get('ignoreExtraEvents') === true;
      if (ignoreExtra ? actual.length < expected.length : actual.length !== expected.length) {
        throw new AssertionFailure(
          `client ${clientId}: expected ${expected.length} events, got ${actual.length}: ${actual
            .map((e) => `${e.kind} ${e.commandName}`)
            .join(', ')}`,
        );
      }
      expected.forEach((exp, i) => {
        const ev = actual[i] as CommandEvent;
        const [type, bodyV] = exp.entries().next().value as [string, Value];
        const body = docOf(bodyV, type);
        const kind = EVENT_KIND[type];
        if (kind === undefined) throw new UnsupportedError(`expected event ${type}`);
        const where = `event ${i} (${type})`;
        if (ev.kind !== kind) throw new AssertionFailure(`${where}: got ${ev.kind} ${ev.commandName}`);
        for (const [k, v] of body) {
          let r: string | null;
          if (k === 'command') r = match(v, ev.command, this.entities, true);
          else if (k === 'reply') r = match(v, ev.reply, this.entities, true);
          else if (k === 'commandName')
            r = v === ev.commandName ? null : `commandName ${ev.commandName}, expected ${show(v)}`;
          else if (k === 'databaseName')
            r = v === ev.databaseName ? null : `databaseName ${ev.databaseName}, expected ${show(v)}`;
          else if (k === 'hasServiceId') r = v === false ? null : 'hasServiceId: no service ids outside load balancing';
          else if (k === 'hasServerConnectionId') r = null;
          else throw new UnsupportedError(`event field ${k}`);
          if (r !== null) throw new AssertionFailure(`${where} ${ev.commandName}: ${r}`);
        }
      });
    }
  }

  private checkOutcome(): void {
    for (const cd of docs(this.test.get('outcome'))) {
      const coll = this.internal.db(str(cd, 'databaseName')).collection(str(cd, 'collectionName'));
      const actual = coll.runFind(new Map(), new Map([['sort', new Map([['_id', 1]])]]));
      const expected = docs(cd.get('documents'));
      const r = matchExact(expected, actual);
      if (r !== null) throw new AssertionFailure(`outcome ${coll.fullName}: ${r}`);
    }
  }
}

function need(args: Doc, key: string): Value {
  const v = get(args, key);
  if (v === undefined) throw new UnsupportedError(`missing argument ${key}`);
  return v;
}

function nsOptions(v: Value | undefined): NamespaceOptions {
  const out: NamespaceOptions = {};
  if (!isDoc(v)) return out;
  const wc = v.get('writeConcern');
  const rc = v.get('readConcern');
  if (isDoc(wc)) out.writeConcern = wc;
  if (isDoc(rc)) out.readConcern = rc;
  return out;
}

/** The format spells returnDocument "Before"/"After"; the shell API takes 'before'/'after'. */
function returnDocumentOption(args: Doc): Doc {
  const rd = args.get('returnDocument');
  if (rd === 'Before' || rd === 'After') {
    const out = new Map(args);
    out.set('returnDocument', rd.toLowerCase());
    return out;
  }
  return args;
}

function withPrefix(e: unknown, prefix: string): Error {
  if (e instanceof UnsupportedError) return e;
  const err = new AssertionFailure(`${prefix}: ${messageOf(e)}`);
  return err;
}

function errorDetail(e: unknown): string {
  if (isMongoServerError(e)) {
    const extra = [...e.errorResponse].filter(
      ([k]) => k !== 'errmsg' && k !== 'code' && k !== 'codeName' && k !== 'ok',
    );
    return extra.length > 0 ? ` ${show(new Map(extra))}` : '';
  }
  if (e instanceof Error && !isShellClientError(e) && e.stack !== undefined && !(e instanceof AssertionFailure)) {
    return ` @ ${e.stack.split('\n').slice(1, 3).join(' ').trim()}`;
  }
  return '';
}
