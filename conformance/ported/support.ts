/**
 * Unified-format test files written here, in TypeScript, from MongoDB's driver specifications
 * (`mongodb/specifications`, files that `../shared/conformance` does not hold): the same
 * operations and expectations, built with the helpers below and run by the project's runners
 * (`../unified-runner.ts`, and `../driver/driver-runner.ts` through the official driver).
 */
import { parseEJSON } from '../../engine/bson/ejson.js';
import { isDoc, type Doc } from '../../engine/bson/values.js';

/** A JSON-shaped value of the unified format: integers are int32 as in the specification files. */
export type J = null | boolean | number | string | J[] | { [key: string]: J };

export interface PortedFile {
  /** The specification file this was written from, below `source/`. */
  readonly source: string;
  readonly description: string;
  readonly schemaVersion?: string;
  readonly runOnRequirements?: J[];
  readonly createEntities: J[];
  readonly initialData?: J[];
  readonly tests: J[];
}

/** The file as the runners take it (EJSON parsed canonically, so `{"$numberLong": …}` keeps its type). */
export function toUnifiedDoc(f: PortedFile): Doc {
  const body: { [key: string]: J } = {
    description: f.description,
    schemaVersion: f.schemaVersion ?? '1.0',
    createEntities: f.createEntities,
    tests: f.tests,
  };
  if (f.runOnRequirements !== undefined) body.runOnRequirements = f.runOnRequirements;
  if (f.initialData !== undefined) body.initialData = f.initialData;
  const d = parseEJSON(JSON.stringify(body), { relaxed: false });
  if (!isDoc(d)) throw new Error(`${f.source}: not a document`);
  return d;
}

// --- entities ---------------------------------------------------------------------------------

export interface EntityOptions {
  readonly db: string;
  readonly coll: string;
  readonly observe?: string[];
  readonly uriOptions?: { [key: string]: J };
  readonly collectionOptions?: { [key: string]: J };
  /** Adds `session0` on `client0`. */
  readonly session?: boolean;
}

/** `client0` → `database0` (db) → `collection0` (coll), the specifications' usual trio. */
export function entities(o: EntityOptions): J[] {
  const client: { [key: string]: J } = { id: 'client0' };
  const observe = o.observe ?? ['commandStartedEvent'];
  if (observe.length > 0) client.observeEvents = observe;
  if (o.uriOptions !== undefined) client.uriOptions = o.uriOptions;
  const collection: { [key: string]: J } = { id: 'collection0', database: 'database0', collectionName: o.coll };
  if (o.collectionOptions !== undefined) collection.collectionOptions = o.collectionOptions;
  const out: J[] = [
    { client },
    { database: { id: 'database0', client: 'client0', databaseName: o.db } },
    { collection },
  ];
  if (o.session === true) out.push({ session: { id: 'session0', client: 'client0' } });
  return out;
}

/** `initialData` / `outcome` entry. */
export function data(db: string, coll: string, documents: J[]): J {
  return { collectionName: coll, databaseName: db, documents };
}

// --- operations and expectations --------------------------------------------------------------

export function op(
  name: string,
  args: { [key: string]: J },
  expect: { [key: string]: J } = {},
  object = 'collection0',
): J {
  return { object, name, arguments: args, ...expect };
}

/** `expectEvents` of client0 with only command-started events. */
export function started(...events: J[]): J[] {
  return [{ client: 'client0', events: events.map((e) => ({ commandStartedEvent: e })) }];
}

export function command(commandName: string, cmd: { [key: string]: J }, databaseName?: string): J {
  const e: { [key: string]: J } = { command: cmd, commandName };
  if (databaseName !== undefined) e.databaseName = databaseName;
  return e;
}

/** `{$$unsetOrMatches: v}`: a driver may omit a field whose value is the default. */
export const unsetOr = (v: J): J => ({ $$unsetOrMatches: v });

/** The matched/modified/upserted counts of an UpdateResult. */
export function updateResult(matched: number, modified: number, upserted = 0, upsertedId?: J): J {
  const r: { [key: string]: J } = { matchedCount: matched, modifiedCount: modified, upsertedCount: upserted };
  if (upsertedId !== undefined) r.upsertedId = upsertedId;
  return r;
}

export interface TestExtras {
  readonly expectEvents?: J[];
  readonly outcome?: J[];
  readonly runOnRequirements?: J[];
}

export function test(description: string, operations: J[], extras: TestExtras = {}): J {
  const t: { [key: string]: J } = { description, operations };
  if (extras.runOnRequirements !== undefined) t.runOnRequirements = extras.runOnRequirements;
  if (extras.expectEvents !== undefined) t.expectEvents = extras.expectEvents;
  if (extras.outcome !== undefined) t.outcome = extras.outcome;
  return t;
}

/** `{_id, x}` documents, the specifications' usual data: `xs([1, 11], [2, 22])`. */
export function xs(...rows: [number, J][]): J[] {
  return rows.map(([id, x]) => ({ _id: id, x }));
}

/** `expectEvents` of client0 with any events: `onClient0(startedEvent(…), succeededEvent(…))`. */
export function onClient0(...events: J[]): J[] {
  return [{ client: 'client0', events }];
}

export const startedEvent = (e: J): J => ({ commandStartedEvent: e });

export function succeededEvent(commandName: string, reply: J): J {
  return { commandSucceededEvent: { reply, commandName } };
}

/** The counts of a collection BulkWriteResult; `insertedIds` may be left out by a driver. */
export function bulkResult(counts: {
  deleted?: number;
  inserted?: number;
  matched?: number;
  modified?: number;
  upserted?: number;
  upsertedIds?: { [index: string]: J };
}): J {
  return {
    deletedCount: counts.deleted ?? 0,
    insertedCount: counts.inserted ?? 0,
    insertedIds: unsetOr({}),
    matchedCount: counts.matched ?? 0,
    modifiedCount: counts.modified ?? 0,
    upsertedCount: counts.upserted ?? 0,
    upsertedIds: counts.upsertedIds ?? {},
  };
}
