/**
 * A write command's statements as the page shows them: the per-statement details (documents,
 * upsert, error) with the arrayFilters legend, then what the reply adds (errInfo, statements an
 * ordered batch never ran, the write concern error, version notes, notes where the engine
 * approximates the server).
 */
import { isArray, isDoc, type Doc, type Value } from '../bson/values.js';
import type { StatementDetail } from '../commands/update/details.js';
import { codeNameOf } from '../errors.js';
import type { Engine } from '../index.js';
import type { ArrayFilterView } from './protocol.js';
import type { RecordedStatement } from './recorded-run.js';
import { collationNoteOf } from './collation-note.js';
import { errorOf, numberOf } from './reply-fields.js';
import { toTree, typedEJSON } from './views.js';

/** The write errors of an update reply (by statement index) or a bulkWrite reply's failed items (by op). */
export function writeErrorsOf(name: string, reply: Doc): Map<number, Doc> {
  const out = new Map<number, Doc>();
  if (name === 'bulkWrite') {
    const cursor = reply.get('cursor');
    const items = isDoc(cursor) ? cursor.get('firstBatch') : undefined;
    if (isArray(items)) {
      for (const item of items.filter(isDoc)) {
        if (numberOf(item.get('ok')) === 0) out.set(numberOf(item.get('idx')) ?? 0, item);
      }
    }
    return out;
  }
  const writeErrors = reply.get('writeErrors');
  if (isArray(writeErrors)) for (const e of writeErrors.filter(isDoc)) out.set(numberOf(e.get('index')) ?? 0, e);
  return out;
}

/**
 * What the reply says beyond the per-statement details: errInfo of a write error, the statements
 * an ordered batch never ran, the command's write concern error, where 8.0 differs from
 * older servers, and where the engine only approximates the server (a collation option).
 */
export function annotate(
  engine: Engine,
  db: string,
  name: string,
  command: Doc,
  reply: Doc,
  views: RecordedStatement[],
): RecordedStatement[] {
  const errors = writeErrorsOf(name, reply);
  const wce = reply.get('writeConcernError');
  const writeConcernError = isDoc(wce)
    ? {
        ...errorOf(wce),
        ...(isDoc(wce.get('errInfo')) ? { errInfo: typedEJSON(wce.get('errInfo')!) } : {}),
      }
    : undefined;
  const sharded = engine.serverType() === 'sharded';
  const out = views.map((v) => {
    const entry = errors.get(v.index);
    const errInfo = entry?.get('errInfo');
    const fidelityNote = collationNoteOf(engine, db, command, name, v.index);
    const note =
      versionNote(v, sharded, writeConcernError !== undefined && errors.size > 0) ??
      (sharded && name === 'update' && untargetedSingleUpdate(engine, db, command, v) ? UNTARGETED_NOTE : undefined);
    return {
      ...v,
      ...(isDoc(errInfo) ? { errInfo: typedEJSON(errInfo) } : {}),
      ...(writeConcernError === undefined ? {} : { writeConcernError }),
      ...(note === undefined ? {} : { versionNote: note }),
      ...(fidelityNote === undefined ? {} : { fidelityNote }),
    };
  });
  // An ordered batch stops at its first error: the later statements never ran.
  const batch = command.get(name === 'bulkWrite' ? 'ops' : 'updates');
  if ((name === 'update' || name === 'bulkWrite') && isArray(batch) && command.get('ordered') !== false) {
    const stoppedAt = Math.min(...errors.keys());
    if (Number.isFinite(stoppedAt)) {
      for (let index = stoppedAt + 1; index < batch.length; index++) {
        if (out.some((v) => v.index === index)) continue;
        out.push({
          index,
          nMatched: 0,
          nModified: 0,
          changes: [],
          arrayFilters: [],
          notRun: { stoppedAt },
          ...(writeConcernError === undefined ? {} : { writeConcernError }),
        });
      }
    }
  }
  return out;
}

const UNTARGETED_NOTE =
  'Since MongoDB 7.1 a router runs a multi: false update without _id or the shard key; older routers refused it with code 72.';

/** A successful multi: false statement on a sharded collection whose query names neither `_id` nor the full shard key. */
function untargetedSingleUpdate(engine: Engine, db: string, command: Doc, v: RecordedStatement): boolean {
  const coll = command.get('update');
  const updates = command.get('updates');
  const stmt = isArray(updates) ? updates[v.index] : undefined;
  if (v.error !== undefined || typeof coll !== 'string' || !isDoc(stmt) || stmt.get('multi') === true) return false;
  const key = engine.deployment.router.shardKeyOf(`${db}.${coll}`);
  const q = stmt.get('q');
  if (key === undefined || !isDoc(q)) return false;
  return !q.has('_id') && ![...key.keys()].every((f) => q.has(f));
}

/** One line with versions where MongoDB 8.0 answers differently from older servers. */
function versionNote(v: RecordedStatement, sharded: boolean, wceWithWriteErrors: boolean): string | undefined {
  if (v.error?.code === 66 && /_id/.test(v.error.errmsg)) {
    return 'MongoDB 5.0 and later report code 66 ImmutableField here; older servers reported 16837.';
  }
  if (sharded && wceWithWriteErrors) {
    return 'Routers since 7.0.6 (6.0.14, 5.0.30) report the write concern error alongside write errors; older ones left it out.';
  }
  return undefined;
}

/** Side `i` of an upsertRace: the simulated client and its operation, as an updateOne call. */
export function raceClient(command: Doc, i: number): { client: number; operation: string } {
  const side = command.get(i === 0 ? 'first' : 'second');
  if (!isDoc(side)) return { client: i + 1, operation: '' };
  const q = side.get('q');
  const u = side.get('u');
  const options: Doc = new Map([...side].filter(([k]) => k !== 'q' && k !== 'u'));
  const method = side.get('multi') === true ? 'updateMany' : 'updateOne';
  return {
    client: i + 1,
    operation: `${method}(${q === undefined ? '{}' : typedEJSON(q, 0)}, ${u === undefined ? '{}' : typedEJSON(u, 0)}, ${typedEJSON(options, 0)})`,
  };
}

/** The statement's arrayFilters, each tied to the identifier its conditions name. */
export function arrayFiltersOf(command: Doc, name: string, index: number): ArrayFilterView[] {
  let holder: Value | undefined;
  if (name === 'update') {
    const updates = command.get('updates');
    holder = isArray(updates) ? updates[index] : undefined;
  } else if (name === 'bulkWrite') {
    const ops = command.get('ops');
    holder = isArray(ops) ? ops[index] : undefined;
  } else {
    holder = command;
  }
  const filters = isDoc(holder) ? holder.get('arrayFilters') : undefined;
  if (!isArray(filters)) return [];
  return filters.filter(isDoc).map((filter) => {
    const firstKey = filter.keys().next().value ?? '';
    return { identifier: firstKey.split('.')[0] ?? firstKey, filter: typedEJSON(filter, 0) };
  });
}

/** A statement's details as recorded: its documents stay engine values until a page of them is shown. */
export function statementView(d: StatementDetail, arrayFilters: ArrayFilterView[]): RecordedStatement {
  return {
    index: d.index,
    nMatched: d.nMatched,
    nModified: d.nModified,
    arrayFilters,
    changes: d.documents.map((detail) => ({ detail })),
    ...(d.upsert === undefined
      ? {}
      : {
          upsert: {
            doc: toTree(d.upsert.doc),
            origins: [...d.upsert.origins],
            arrayTouches: d.upsert.arrayTouches.map((t) => ({ ...t })),
          },
        }),
    ...(d.error === undefined
      ? {}
      : {
          error: {
            code: d.error.code,
            codeName: d.error.codeName ?? codeNameOf(d.error.code) ?? 'UnknownError',
            errmsg: d.error.errmsg,
          },
        }),
  };
}
