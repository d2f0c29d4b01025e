/**
 * The unified test format through the official `mongodb` driver: every test's operations are
 * driver calls against the engine served on the wire (server/), and the expected events come from
 * the driver's own command monitoring. Setup (`initialData`), fail points and `outcome` go to the
 * served engine directly, unobserved, as a test harness's internal client would.
 *
 * Runs beside the emulated runner (../unified-runner.ts): where the two disagree, one is wrong.
 */
import {
  MongoClient,
  type ChangeStream,
  type CommandFailedEvent,
  type CommandStartedEvent,
  type CommandSucceededEvent,
} from 'mongodb';
import { Int32 } from 'bson';
import { isArray, isDoc, type Doc, type Value } from '../../engine/bson/values.js';
import type { CommandEngine } from '../../engine/shell/api.js';
import { match, matchExact, show, type MatchContext } from '../matcher.js';
import { requirementsUnmet } from '../requirements.js';
import type { FileOutcome, TestOutcome } from '../unified-runner.js';
import { checkDriverError } from './errors.js';
import { runEntityOperation } from './operations.js';
import {
  docs,
  EVENT_KIND,
  Failure,
  HIDDEN,
  messageOf,
  plain,
  str,
  TXN_STATE,
  Unsupported,
  withTimeout,
  type Entity,
  type RecordedEvent,
} from './support.js';
import { docFromDriver } from './values.js';

export interface DriverRunnerOptions {
  /** A fresh engine for each test; the runner serves it (`serve`) before the test starts. */
  readonly createEngine: () => CommandEngine;
  readonly serve: (engine: CommandEngine) => void;
  /** `mongodb://127.0.0.1:PORT/` of the wire server. */
  readonly uri: string;
  /** Longest a test may take (a driver waiting for a change-stream event forever). */
  readonly testTimeoutMs?: number;
}

class DriverTest implements MatchContext {
  private readonly entities = new Map<string, Entity>();
  private readonly engine: CommandEngine;
  /** The stream the last createChangeStream made (saved by saveResultAsEntity). */
  private pendingStream: ChangeStream | undefined;

  constructor(
    private readonly file: Doc,
    private readonly test: Doc,
    private readonly options: DriverRunnerOptions,
  ) {
    this.engine = options.createEngine();
    options.serve(this.engine);
  }

  entity(id: string): Value {
    const e = this.entities.get(id);
    if (e?.type !== 'value') throw new Error(`unknown entity ${id}`);
    return e.value;
  }
  sessionLsid(id: string): Doc {
    const e = this.entities.get(id);
    if (e?.type !== 'session') throw new Error(`unknown session ${id}`);
    return e.lsid;
  }
  entityOf(id: string): Entity | undefined {
    return this.entities.get(id);
  }

  need<T extends Entity['type']>(id: string, type: T): Extract<Entity, { type: T }> {
    const e = this.entities.get(id);
    if (e?.type !== type) throw new Unsupported(`entity ${id} is not a ${type}`);
    return e as Extract<Entity, { type: T }>;
  }

  async run(): Promise<void> {
    try {
      this.loadInitialData();
      for (const spec of docs(this.file.get('createEntities'))) await this.createEntity(spec);
      const ops = docs(this.test.get('operations'));
      for (let i = 0; i < ops.length; i++) {
        try {
          await this.runOperation(ops[i]!);
        } catch (e) {
          if (e instanceof Unsupported) throw e;
          throw new Failure(
            `operation ${i} (${String(ops[i]!.get('name'))}): ${e instanceof Error ? e.message : String(e)}${process.env.DRIVER_RUNNER_STACKS ? String(e instanceof Error ? e.stack : '') : ''}`,
          );
        }
      }
      this.checkEvents();
      this.checkOutcome();
    } finally {
      await this.cleanup();
    }
  }

  private async cleanup(): Promise<void> {
    for (const e of this.entities.values()) {
      if (e.type === 'changeStream') await e.stream.close().catch(() => undefined);
      if (e.type === 'session') await e.session.endSession().catch(() => undefined);
    }
    for (const e of this.entities.values()) if (e.type === 'client') await e.client.close(true).catch(() => undefined);
  }

  private command(db: string, cmd: Doc): Doc {
    return this.engine.runCommand(db, cmd);
  }

  private loadInitialData(): void {
    for (const cd of docs(this.file.get('initialData'))) {
      const db = str(cd, 'databaseName');
      const coll = str(cd, 'collectionName');
      const majority = new Map<string, Value>([['w', 'majority']]);
      this.command(
        db,
        new Map<string, Value>([
          ['drop', coll],
          ['writeConcern', majority],
        ]),
      );
      const createOptions = cd.get('createOptions');
      const documents = docs(cd.get('documents'));
      if (isDoc(createOptions) || documents.length === 0) {
        const create: Doc = new Map<string, Value>([['create', coll]]);
        if (isDoc(createOptions)) for (const [k, v] of createOptions) create.set(k, v);
        create.set('writeConcern', majority);
        this.command(db, create);
      }
      if (documents.length > 0)
        this.command(
          db,
          new Map<string, Value>([
            ['insert', coll],
            ['documents', documents],
            ['writeConcern', majority],
          ]),
        );
    }
  }

  private async createEntity(spec: Doc): Promise<void> {
    const [type, bodyV] = spec.entries().next().value as [string, Value];
    if (!isDoc(bodyV)) throw new Unsupported(`entity ${type}`);
    const b = bodyV;
    const id = str(b, 'id');
    if (this.entities.has(id)) throw new Unsupported(`duplicate entity ${id}`);
    switch (type) {
      case 'client': {
        const observe = new Set(
          (isArray(b.get('observeEvents')) ? (b.get('observeEvents') as Value[]) : []).map(String),
        );
        for (const o of observe) if (!(o in EVENT_KIND)) throw new Unsupported(`observeEvents ${o}`);
        const kinds = new Set([...observe].map((o) => EVENT_KIND[o]));
        const ignore = new Set(
          (isArray(b.get('ignoreCommandMonitoringEvents'))
            ? (b.get('ignoreCommandMonitoringEvents') as Value[])
            : []
          ).map(String),
        );
        const uri = new URL(this.options.uri);
        const uriOptions = b.get('uriOptions');
        if (isDoc(uriOptions))
          for (const [k, v] of uriOptions) uri.searchParams.set(k, String(v instanceof Int32 ? v.value : v));
        const clientOptions: Record<string, unknown> = { monitorCommands: true, serverSelectionTimeoutMS: 5000 };
        const api = b.get('serverApi');
        if (isDoc(api)) clientOptions.serverApi = plain(api);
        const client = new MongoClient(uri.href, clientOptions);
        const events: RecordedEvent[] = [];
        const record = (
          kind: RecordedEvent['kind'],
          ev: CommandStartedEvent | CommandSucceededEvent | CommandFailedEvent,
        ): void => {
          if (!kinds.has(kind) || HIDDEN.has(ev.commandName) || ignore.has(ev.commandName)) return;
          const r: RecordedEvent = { kind, commandName: ev.commandName, databaseName: ev.databaseName };
          if (kind === 'started') r.command = docFromDriver((ev as CommandStartedEvent).command);
          if (kind === 'succeeded') r.reply = docFromDriver((ev as CommandSucceededEvent).reply);
          events.push(r);
        };
        client.on('commandStarted', (ev) => record('started', ev));
        client.on('commandSucceeded', (ev) => record('succeeded', ev));
        client.on('commandFailed', (ev) => record('failed', ev));
        await client.connect();
        this.entities.set(id, { type: 'client', client, events });
        return;
      }
      case 'database': {
        const client = this.need(str(b, 'client'), 'client').client;
        this.entities.set(id, {
          type: 'database',
          db: client.db(str(b, 'databaseName'), plain(b.get('databaseOptions'))),
        });
        return;
      }
      case 'collection': {
        const db = this.need(str(b, 'database'), 'database').db;
        this.entities.set(id, {
          type: 'collection',
          coll: db.collection(str(b, 'collectionName'), plain(b.get('collectionOptions'))),
        });
        return;
      }
      case 'session': {
        const client = this.need(str(b, 'client'), 'client').client;
        const session = client.startSession(plain(b.get('sessionOptions')));
        // Reading the id acquires the server session now, as the format expects.
        this.entities.set(id, { type: 'session', session, lsid: docFromDriver(session.id) });
        return;
      }
      default:
        throw new Unsupported(`entity type ${type}`);
    }
  }

  async runOperation(op: Doc): Promise<void> {
    const name = str(op, 'name');
    const object = str(op, 'object');
    const args = isDoc(op.get('arguments')) ? (op.get('arguments') as Doc) : new Map<string, Value>();
    let result: Value | undefined;
    let error: unknown;
    let failed = false;
    try {
      result =
        object === 'testRunner'
          ? await this.special(name, args)
          : await runEntityOperation(
              {
                entity: (id) => this.entities.get(id),
                need: (id, type) => this.need(id, type),
                runOperation: (o) => this.runOperation(o),
                changeStream: (s) => this.changeStream(s),
              },
              object,
              name,
              args,
            );
    } catch (e) {
      if (e instanceof Unsupported || e instanceof Failure) throw e;
      failed = true;
      error = e;
    }
    if (op.get('ignoreResultAndError') === true) return;
    const expectError = op.get('expectError');
    if (isDoc(expectError)) {
      if (!failed) throw new Failure(`expected an error, got result ${show(result)}`);
      checkDriverError(expectError, error, this);
    } else if (failed)
      throw new Failure(
        `unexpected error: ${messageOf(error)}${process.env.DRIVER_RUNNER_STACKS ? String(error instanceof Error ? error.stack : '') : ''}`,
      );
    const expectResult = op.get('expectResult');
    if (expectResult !== undefined) {
      const r = match(expectResult, result, this, true);
      if (r !== null) throw new Failure(`result mismatch: ${r}`);
    }
    const save = op.get('saveResultAsEntity');
    const stream = this.pendingStream;
    this.pendingStream = undefined;
    if (typeof save === 'string' && stream !== undefined) this.entities.set(save, { type: 'changeStream', stream });
    else if (typeof save === 'string' && result !== undefined)
      this.entities.set(save, { type: 'value', value: result });
  }

  async changeStream(stream: ChangeStream): Promise<Value | undefined> {
    // The format's createChangeStream has run its aggregate when it returns; the driver's
    // stream is lazy, so its cursor is initialised here (the aggregate alone, no getMore).
    await (stream as unknown as { cursor: { cursorInit(): Promise<void> } }).cursor.cursorInit();
    this.pendingStream = stream;
    return undefined;
  }

  private async special(name: string, args: Doc): Promise<Value | undefined> {
    switch (name) {
      case 'createEntities':
        for (const spec of docs(args.get('entities'))) await this.createEntity(spec);
        return undefined;
      case 'failPoint':
      case 'targetedFailPoint': {
        const fp = args.get('failPoint');
        if (!isDoc(fp)) throw new Unsupported('failPoint');
        this.command('admin', fp);
        return undefined;
      }
      case 'assertSessionTransactionState': {
        const s = this.need(str(args, 'session'), 'session').session;
        const raw = (s as unknown as { transaction: { state: string } }).transaction.state;
        const state = TXN_STATE[raw] ?? raw;
        if (state !== str(args, 'state')) throw new Failure(`session state ${state}, expected ${str(args, 'state')}`);
        return undefined;
      }
      case 'assertSessionUnpinned':
        return undefined;
      case 'assertSessionPinned':
        throw new Failure('sessions are never pinned on a replica set');
      case 'assertCollectionExists':
      case 'assertCollectionNotExists': {
        const r = this.command(
          str(args, 'databaseName'),
          new Map<string, Value>([
            ['listCollections', 1],
            ['filter', new Map([['name', str(args, 'collectionName')]])],
          ]),
        );
        const batch = (r.get('cursor') as Doc | undefined)?.get('firstBatch');
        const exists = isArray(batch) && batch.length > 0;
        if (exists !== (name === 'assertCollectionExists')) throw new Failure(`${name} failed`);
        return undefined;
      }
      case 'assertIndexExists':
      case 'assertIndexNotExists': {
        const r = this.command(
          str(args, 'databaseName'),
          new Map<string, Value>([['listIndexes', str(args, 'collectionName')]]),
        );
        const batch = (r.get('cursor') as Doc | undefined)?.get('firstBatch');
        const exists = isArray(batch) && batch.some((i) => isDoc(i) && i.get('name') === str(args, 'indexName'));
        if (exists !== (name === 'assertIndexExists')) throw new Failure(`${name} failed`);
        return undefined;
      }
      case 'assertSameLsidOnLastTwoCommands':
      case 'assertDifferentLsidOnLastTwoCommands': {
        const events = this.need(str(args, 'client'), 'client').events.filter((e) => e.kind === 'started');
        const a = events[events.length - 2]?.command?.get('lsid');
        const b = events[events.length - 1]?.command?.get('lsid');
        const same = a !== undefined && b !== undefined && match(a, b, this, false) === null;
        if (same !== (name === 'assertSameLsidOnLastTwoCommands')) throw new Failure(`${name} failed`);
        return undefined;
      }
      case 'assertNumberConnectionsCheckedOut':
        return undefined;
      default:
        throw new Unsupported(`testRunner operation ${name}`);
    }
  }

  private checkEvents(): void {
    for (const spec of docs(this.test.get('expectEvents'))) {
      const eventType = spec.get('eventType') ?? 'command';
      if (eventType !== 'command') throw new Unsupported(`${String(eventType)} events`);
      const clientId = str(spec, 'client');
      const actual = this.need(clientId, 'client').events;
      const expected = docs(spec.get('events'));
      const ignoreExtra = spec.get('ignoreExtraEvents') === true;
      if (ignoreExtra ? actual.length < expected.length : actual.length !== expected.length)
        throw new Failure(
          `client ${clientId}: expected ${expected.length} events, got ${actual.length}: ${actual.map((e) => `${e.kind} ${e.commandName}`).join(', ')}`,
        );
      expected.forEach((exp, i) => {
        const ev = actual[i]!;
        const [type, bodyV] = exp.entries().next().value as [string, Value];
        const kind = EVENT_KIND[type];
        if (kind === undefined || !isDoc(bodyV)) throw new Unsupported(`expected event ${type}`);
        const where = `event ${i} (${type})`;
        if (ev.kind !== kind) throw new Failure(`${where}: got ${ev.kind} ${ev.commandName}`);
        for (const [k, v] of bodyV) {
          let r: string | null;
          if (k === 'command') r = match(v, ev.command, this, true);
          else if (k === 'reply') r = match(v, ev.reply, this, true);
          else if (k === 'commandName')
            r = v === ev.commandName ? null : `commandName ${ev.commandName}, expected ${show(v)}`;
          else if (k === 'databaseName')
            r = v === ev.databaseName ? null : `databaseName ${String(ev.databaseName)}, expected ${show(v)}`;
          else if (k === 'hasServiceId') r = v === false ? null : 'hasServiceId: no service ids outside load balancing';
          else if (k === 'hasServerConnectionId') r = null;
          else throw new Unsupported(`event field ${k}`);
          if (r !== null) throw new Failure(`${where} ${ev.commandName}: ${r}`);
        }
      });
    }
  }

  private checkOutcome(): void {
    for (const cd of docs(this.test.get('outcome'))) {
      const db = str(cd, 'databaseName');
      const coll = str(cd, 'collectionName');
      const r = this.command(
        db,
        new Map<string, Value>([
          ['find', coll],
          ['sort', new Map([['_id', 1]])],
          ['batchSize', new Int32(100000)],
        ]),
      );
      const batch = (r.get('cursor') as Doc | undefined)?.get('firstBatch');
      const m = matchExact(docs(cd.get('documents')), isArray(batch) ? batch : []);
      if (m !== null) throw new Failure(`outcome ${db}.${coll}: ${m}`);
    }
  }
}

/** Runs one unified-format file through the driver. */
export async function runFileWithDriver(file: Doc, options: DriverRunnerOptions): Promise<FileOutcome> {
  const tests: TestOutcome[] = [];
  const fileReq = requirementsUnmet(file.get('runOnRequirements'));
  for (const test of docs(file.get('tests'))) {
    const description = typeof test.get('description') === 'string' ? (test.get('description') as string) : '?';
    const unmet = fileReq ?? requirementsUnmet(test.get('runOnRequirements'));
    if (unmet !== null || typeof test.get('skipReason') === 'string') {
      tests.push({ description, status: 'not-applicable', reason: unmet ?? String(test.get('skipReason')) });
      continue;
    }
    try {
      await withTimeout(new DriverTest(file, test, options).run(), options.testTimeoutMs ?? 15000, 'test');
      tests.push({ description, status: 'passed' });
    } catch (e) {
      tests.push({
        description,
        status: 'failed',
        reason: e instanceof Unsupported ? `unsupported: ${e.message}` : e instanceof Error ? e.message : String(e),
      });
    }
  }
  return { description: typeof file.get('description') === 'string' ? (file.get('description') as string) : '', tests };
}
