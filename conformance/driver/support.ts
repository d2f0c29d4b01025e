/** Shared pieces of the driver runner: entity and event shapes, argument and result conversion. */
import type {
  BulkWriteResult,
  ChangeStream,
  ClientBulkWriteResult,
  ClientSession,
  Collection,
  Db,
  Document,
  MongoClient,
} from 'mongodb';
import { isArray, isDoc, type Doc, type Value } from '../../engine/bson/values.js';
import { toDriver } from './values.js';

export class Unsupported extends Error {}
export class Failure extends Error {}

export interface RecordedEvent {
  kind: 'started' | 'succeeded' | 'failed';
  commandName: string;
  databaseName?: string;
  command?: Doc;
  reply?: Doc;
}

export type Entity =
  | { type: 'client'; client: MongoClient; events: RecordedEvent[] }
  | { type: 'database'; db: Db }
  | { type: 'collection'; coll: Collection }
  | { type: 'session'; session: ClientSession; lsid: Doc }
  | { type: 'changeStream'; stream: ChangeStream }
  | { type: 'value'; value: Value };

export const EVENT_KIND: Record<string, RecordedEvent['kind']> = {
  commandStartedEvent: 'started',
  commandSucceededEvent: 'succeeded',
  commandFailedEvent: 'failed',
};
/** Commands the format says runners never report (handshake, auth, the harness's own). */
export const HIDDEN = new Set([
  'hello',
  'isMaster',
  'ismaster',
  'saslStart',
  'saslContinue',
  'configureFailPoint',
  'buildInfo',
]);

export function str(d: Doc, key: string): string {
  const v = d.get(key);
  if (typeof v !== 'string') throw new Unsupported(`${key} must be a string`);
  return v;
}
export function docs(v: Value | undefined): Doc[] {
  return isArray(v) ? v.filter(isDoc) : [];
}
export function without(d: Doc, ...keys: string[]): Doc {
  const out = new Map(d);
  for (const k of keys) out.delete(k);
  return out;
}
export function typed(v: Value | undefined): Document {
  return (v === undefined ? {} : toDriver(v, true)) as Document;
}
export function plain(v: Value | undefined): Document {
  return (v === undefined ? {} : toDriver(v, false)) as Document;
}
export function messageOf(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

export function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Failure(`${what} timed out after ${ms} ms`)), ms);
    }),
  ]);
}

export const TXN_STATE: Record<string, string> = {
  NO_TRANSACTION: 'none',
  STARTING_TRANSACTION: 'starting',
  TRANSACTION_IN_PROGRESS: 'in_progress',
  TRANSACTION_COMMITTED: 'committed',
  TRANSACTION_COMMITTED_EMPTY: 'committed',
  TRANSACTION_ABORTED: 'aborted',
};

/** The format spells returnDocument "Before"/"After" (anything else is an invalid test). */
export function returnDocument(o: Document): Document {
  const rd = o.returnDocument as unknown;
  if (rd === undefined) return o;
  if (rd !== 'Before' && rd !== 'After') throw new Unsupported(`returnDocument ${String(rd)}`);
  return { ...o, returnDocument: rd.toLowerCase() };
}

/** The driver's BulkWriteResult (getters) as the format's plain result. */
export function bulkResult(r: BulkWriteResult): Document {
  return {
    insertedCount: r.insertedCount,
    matchedCount: r.matchedCount,
    modifiedCount: r.modifiedCount,
    deletedCount: r.deletedCount,
    upsertedCount: r.upsertedCount,
    insertedIds: r.insertedIds,
    upsertedIds: r.upsertedIds,
  };
}

export function clientBulkResult(r: ClientBulkWriteResult): Document {
  const out: Document = {
    insertedCount: r.insertedCount,
    upsertedCount: r.upsertedCount,
    matchedCount: r.matchedCount,
    modifiedCount: r.modifiedCount,
    deletedCount: r.deletedCount,
  };
  if (r.insertResults) out.insertResults = r.insertResults;
  // The spec's update result is {matchedCount, modifiedCount, upsertedId?}; Node adds didUpsert.
  if (r.updateResults)
    out.updateResults = new Map(
      [...r.updateResults].map(([k, v]) => {
        const { didUpsert: _drop, ...rest } = v as unknown as Document;
        void _drop;
        return [k, rest];
      }),
    );
  if (r.deleteResults) out.deleteResults = r.deleteResults;
  return out;
}
