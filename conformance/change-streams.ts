/**
 * Change streams in the unified test runner: `createChangeStream` on a client, database or
 * collection entity (saved with `saveResultAsEntity`), and on the stream entity
 * `iterateUntilDocumentOrError`, `iterateOnce` and `close`.
 *
 * The stream behaves as the drivers' ChangeStream (change-streams.md): the `$changeStream` stage
 * carries the options the caller set (fullDocument, fullDocumentBeforeChange, resumeAfter,
 * startAfter, startAtOperationTime, showExpandedEvents; allChangesForCluster for a client), the
 * aggregate's `cursor` holds `batchSize`, getMore carries `batchSize`, `maxTimeMS`
 * (maxAwaitTimeMS) and `comment`. The resume token is cached (the last event's `_id`, or the
 * batch's postBatchResumeToken once the batch is used up); a network error or a server error
 * labelled ResumableChangeStreamError on getMore resumes once with `resumeAfter` (or `startAfter`
 * when the stream was started with it and returned nothing yet, or `startAtOperationTime` when no
 * token is known).
 */
import { Long } from 'bson';
import type { Doc, Value } from '../engine/bson/values.js';
import { isArray, isDoc } from '../engine/bson/values.js';
import type { ShellClient, ShellCollection, ShellDatabase, ShellSession } from '../engine/shell/api.js';
import { isMongoNetworkError, isMongoServerError, toNumber } from '../engine/shell/api.js';

/** What the runner's entity map offers (its `kind(id)` lookup). */
export interface ChangeStreamEntities {
  kind(id: string): { type: string } | undefined;
}

/** Options that go inside the `$changeStream` stage. */
const STAGE_OPTIONS = [
  'fullDocument',
  'fullDocumentBeforeChange',
  'resumeAfter',
  'startAfter',
  'startAtOperationTime',
  'showExpandedEvents',
] as const;

/** An iteration found no event although nothing else can write: the test would hang forever. */
export class NoChangeEventError extends Error {
  constructor() {
    super('change stream: no further event (the stream would block forever)');
    this.name = 'NoChangeEventError';
  }
}

interface Target {
  client: ShellClient;
  dbName: string;
  /** Collection name, or null for `{aggregate: 1}` (database and client streams). */
  collection: string | null;
  allChangesForCluster: boolean;
  readConcern: Doc | undefined;
  session: ShellSession | undefined;
}

function resumable(e: unknown): boolean {
  if (isMongoNetworkError(e)) return true;
  return isMongoServerError(e) && e.errorLabels.includes('ResumableChangeStreamError');
}

export class UnifiedChangeStream {
  private buffer: Doc[] = [];
  private cursorId: Value = Long.fromNumber(0);
  private getMoreCollection = '';
  private postBatchResumeToken: Value | undefined;
  private resumeToken: Value | undefined;
  private operationTime: Value | undefined;
  private returnedAny = false;

  constructor(
    private readonly target: Target,
    private readonly pipeline: readonly Value[],
    private readonly options: Doc,
  ) {}

  /** Sends the aggregate (the first time, or to resume). */
  open(resuming: boolean): void {
    const stage: Doc = new Map();
    if (this.target.allChangesForCluster) stage.set('allChangesForCluster', true);
    for (const k of STAGE_OPTIONS) {
      const v = this.options.get(k);
      if (v === undefined) continue;
      if (resuming && (k === 'resumeAfter' || k === 'startAfter' || k === 'startAtOperationTime')) continue;
      stage.set(k, v);
    }
    if (resuming) {
      if (this.resumeToken !== undefined) {
        const key = this.options.has('startAfter') && !this.returnedAny ? 'startAfter' : 'resumeAfter';
        stage.set(key, this.resumeToken);
      } else if (this.operationTime !== undefined) {
        stage.set('startAtOperationTime', this.operationTime);
      }
    }
    const cursor: Doc = new Map();
    const batchSize = this.options.get('batchSize');
    if (batchSize !== undefined) cursor.set('batchSize', batchSize);
    const cmd: Doc = new Map<string, Value>([
      ['aggregate', this.target.collection ?? 1],
      ['pipeline', [new Map([['$changeStream', stage]]), ...this.pipeline]],
      ['cursor', cursor],
    ]);
    for (const k of ['collation', 'comment'] as const) {
      const v = this.options.get(k);
      if (v !== undefined) cmd.set(k, v);
    }
    if (this.target.readConcern !== undefined) cmd.set('readConcern', this.target.readConcern);
    const reply = this.target.client.send(this.target.dbName, cmd, { session: this.target.session });
    if (!resuming) this.operationTime = reply.get('operationTime');
    const c = reply.get('cursor');
    if (!isDoc(c)) throw new Error('change stream: aggregate reply without a cursor');
    this.cursorId = c.get('id') ?? Long.fromNumber(0);
    const ns = c.get('ns');
    this.getMoreCollection = typeof ns === 'string' ? ns.slice(ns.indexOf('.') + 1) : '';
    this.takeBatch(c.get('firstBatch'), c.get('postBatchResumeToken'));
  }

  private takeBatch(batch: Value | undefined, pbrt: Value | undefined): void {
    this.buffer = isArray(batch) ? batch.filter(isDoc) : [];
    this.postBatchResumeToken = pbrt;
    if (this.buffer.length === 0 && pbrt !== undefined) this.resumeToken = pbrt;
  }

  private next(): Doc {
    const doc = this.buffer.shift()!;
    this.returnedAny = true;
    this.resumeToken =
      this.buffer.length === 0 && this.postBatchResumeToken !== undefined ? this.postBatchResumeToken : doc.get('_id');
    return doc;
  }

  private getMore(): void {
    const cmd: Doc = new Map<string, Value>([
      ['getMore', this.cursorId],
      ['collection', this.getMoreCollection],
    ]);
    const batchSize = this.options.get('batchSize');
    if (batchSize !== undefined) cmd.set('batchSize', batchSize);
    const maxAwait = this.options.get('maxAwaitTimeMS');
    if (maxAwait !== undefined) cmd.set('maxTimeMS', maxAwait);
    const comment = this.options.get('comment');
    if (comment !== undefined) cmd.set('comment', comment);
    const reply = this.target.client.send(this.target.dbName, cmd, { session: this.target.session });
    const c = reply.get('cursor');
    if (!isDoc(c)) throw new Error('change stream: getMore reply without a cursor');
    this.cursorId = c.get('id') ?? Long.fromNumber(0);
    this.takeBatch(c.get('nextBatch'), c.get('postBatchResumeToken'));
  }

  /** One getMore with resume-on-error, as the driver's `tryNext`. */
  private fetch(): void {
    try {
      this.getMore();
    } catch (e) {
      if (!resumable(e)) throw e;
      if (!isMongoNetworkError(e)) this.killQuietly();
      this.open(true);
    }
  }

  /** `iterateOnce`: the next buffered event, or one getMore; null when none arrived. */
  tryNext(): Doc | null {
    if (this.buffer.length > 0) return this.next();
    if (toNumber(this.cursorId) === 0) return null;
    this.fetch();
    return this.buffer.length > 0 ? this.next() : null;
  }

  /** `iterateUntilDocumentOrError`: getMore until an event arrives (or an error). */
  nextEvent(): Doc {
    let emptyFetches = 0;
    while (this.buffer.length === 0) {
      if (toNumber(this.cursorId) === 0) throw new Error('change stream is closed');
      this.fetch();
      if (this.buffer.length === 0 && ++emptyFetches >= 3) throw new NoChangeEventError();
    }
    return this.next();
  }

  close(): void {
    this.killQuietly();
    this.cursorId = Long.fromNumber(0);
    this.buffer = [];
  }

  private killQuietly(): void {
    if (toNumber(this.cursorId) === 0) return;
    try {
      this.target.client.send(
        this.target.dbName,
        new Map<string, Value>([
          ['killCursors', this.getMoreCollection],
          ['cursors', [this.cursorId]],
        ]),
        { session: this.target.session },
      );
    } catch {
      // the cursor may already be gone
    }
  }
}

/** The change-stream operations of one test (entities created by createChangeStream live here). */
export class ChangeStreamOperations {
  private readonly streams = new Map<string, UnifiedChangeStream>();

  /** Whether `name` on `object` is a change-stream operation. */
  handles(object: string, name: string): boolean {
    return name === 'createChangeStream' || this.streams.has(object);
  }

  /** Runs the operation; the stream entity is saved here, under `saveResultAsEntity`. */
  run(op: Doc, entities: ChangeStreamEntities): Value | undefined {
    const name = String(op.get('name'));
    const object = String(op.get('object'));
    const args = isDoc(op.get('arguments')) ? (op.get('arguments') as Doc) : new Map<string, Value>();
    if (name === 'createChangeStream') {
      const pipeline = args.get('pipeline');
      const stream = new UnifiedChangeStream(targetOf(entities, object), isArray(pipeline) ? pipeline : [], args);
      stream.open(false);
      const save = op.get('saveResultAsEntity');
      if (typeof save === 'string') this.streams.set(save, stream);
      return undefined;
    }
    const stream = this.streams.get(object)!;
    switch (name) {
      case 'iterateUntilDocumentOrError':
        return stream.nextEvent();
      case 'iterateOnce':
        return stream.tryNext() ?? undefined;
      case 'close':
        stream.close();
        return undefined;
      default:
        throw new Error(`unsupported: change stream operation ${name}`);
    }
  }
}

function targetOf(entities: ChangeStreamEntities, id: string): Target {
  const e = entities.kind(id);
  switch (e?.type) {
    case 'client': {
      const client = (e as unknown as { client: ShellClient }).client;
      return {
        client,
        dbName: 'admin',
        collection: null,
        allChangesForCluster: true,
        readConcern: client.options.readConcern,
        session: undefined,
      };
    }
    case 'database': {
      const db = (e as unknown as { db: ShellDatabase }).db;
      return {
        client: db.client,
        dbName: db.name,
        collection: null,
        allChangesForCluster: false,
        readConcern: db.options.readConcern,
        session: db.session,
      };
    }
    case 'collection': {
      const coll = (e as unknown as { coll: ShellCollection }).coll;
      return {
        client: coll.client,
        dbName: coll.db.name,
        collection: coll.name,
        allChangesForCluster: false,
        readConcern: coll.options.readConcern ?? coll.db.options.readConcern,
        session: coll.session,
      };
    }
    default:
      throw new Error(`unsupported: createChangeStream on ${id}`);
  }
}
