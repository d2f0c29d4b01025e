/**
 * Bulk writes: the collection `bulkWrite` (one insert/update/delete command per batch of
 * same-type operations, as the driver batches them) and the client `bulkWrite` (one 8.0 admin
 * `bulkWrite` command with `nsInfo`).
 */
import { minOf } from '../arrays.js';
import type { Doc, Value } from '../bson/values.js';
import { isDoc } from '../bson/values.js';
import { MongoBulkWriteError, MongoClientBulkWriteError, ShellClientError } from './client-errors.js';
import type { BulkWriteResult, ClientBulkWriteResult } from './results.js';
import type { ShellClient, ShellCollection, ShellSession } from './api.js';
import {
  boolOpt,
  build,
  checkReplacementDocument,
  checkUpdateDocument,
  docArray,
  int,
  isAcknowledged,
  opt,
  requireDoc,
  toNumber,
  truthyOpt,
  TXN_WRITE_CONCERN_ERROR,
  withId,
} from './api-support.js';
import { deleteStatement, updateStatement } from './command-builders.js';
import { upsertedOf } from './api-results.js';

/** One write of a bulk, in the order given: `statement` is the insert document or the update/delete statement. */
export interface BulkOp {
  kind: 'insert' | 'update' | 'delete';
  index: number;
  statement: Doc;
}

export function modelBody(model: Doc, name: string): Doc {
  return requireDoc(model.get(name), name);
}

export function toBulkOp(model: Value, index: number, keepNullId = false): BulkOp {
  if (!isDoc(model) || model.size !== 1) throw new ShellClientError(`Invalid BulkWriteOperation: ${String(model)}`);
  const name = model.keys().next().value as string;
  const body = modelBody(model, name);
  const filter = requireDoc(body.get('filter'), 'filter');
  switch (name) {
    case 'insertOne':
      return { kind: 'insert', index, statement: withId(requireDoc(body.get('document'), 'document'), keepNullId) };
    case 'updateOne':
    case 'updateMany': {
      const update = body.get('update');
      if (update === undefined) throw new ShellClientError('Update document requires atomic operators');
      checkUpdateDocument(update);
      return {
        kind: 'update',
        index,
        statement: updateStatement(filter, update, body, name === 'updateMany'),
      };
    }
    case 'replaceOne': {
      const replacement = body.get('replacement');
      if (replacement === undefined) throw new ShellClientError('Replacement document must be an object');
      checkReplacementDocument(replacement);
      return { kind: 'update', index, statement: updateStatement(filter, replacement, body, false) };
    }
    case 'deleteOne':
    case 'deleteMany':
      return {
        kind: 'delete',
        index,
        statement: deleteStatement(filter, body, name === 'deleteMany'),
      };
    default:
      throw new ShellClientError(`Invalid BulkWriteOperation: ${name}`);
  }
}

/** Ordered: runs of consecutive same-type ops; unordered: inserts, then updates, then deletes. */
export function batchesOf(ops: readonly BulkOp[], ordered: boolean): BulkOp[][] {
  if (!ordered) {
    return (['insert', 'update', 'delete'] as const)
      .map((k) => ops.filter((o) => o.kind === k))
      .filter((b) => b.length > 0);
  }
  const batches: BulkOp[][] = [];
  for (const op of ops) {
    const last = batches[batches.length - 1];
    if (last !== undefined && last[0]?.kind === op.kind) last.push(op);
    else batches.push([op]);
  }
  return batches;
}

export function collectionBulkWrite(
  coll: ShellCollection,
  operations: readonly Value[],
  options: Doc | undefined,
): BulkWriteResult {
  const ordered = boolOpt(options, 'ordered') ?? true;
  const ops = operations.map((m, i) => toBulkOp(m, i, coll.db.client.options.keepNullId));
  if (ops.length === 0) throw new ShellClientError('Invalid BulkOperation, Batch cannot be empty');
  return executeBulkOps(coll, ops, ordered, options);
}

/**
 * Sends a bulk's batches (one insert/update/delete command each) and sums their replies into the
 * driver's BulkWriteResult; write errors and write concern errors end in a MongoBulkWriteError
 * that carries what was done. An ordered bulk stops at the first batch with a write error.
 */
export function executeBulkOps(
  coll: ShellCollection,
  ops: readonly BulkOp[],
  ordered: boolean,
  options: Doc | undefined,
): BulkWriteResult {
  const insertedIds = new Map<number, Value>();
  const upsertedIds = new Map<number, Value>();
  let insertedCount = 0;
  let matchedCount = 0;
  let modifiedCount = 0;
  let deletedCount = 0;
  const writeErrors: Doc[] = [];
  const writeConcernErrors: Doc[] = [];
  let acknowledged = true;
  const partial = (): BulkWriteResult => ({
    kind: 'BulkWriteResult',
    acknowledged,
    insertedCount,
    insertedIds,
    matchedCount,
    modifiedCount,
    deletedCount,
    upsertedCount: upsertedIds.size,
    upsertedIds,
  });
  for (const batch of batchesOf(ops, ordered)) {
    const kind = batch[0]?.kind ?? 'insert';
    let sent: { reply: Doc; acknowledged: boolean };
    try {
      sent = coll.sendBatch(
        kind,
        batch.map((o) => o.statement),
        options,
      );
    } catch (e) {
      // A failed batch (command error, dropped connection) ends the bulk; the error carries
      // what earlier batches did, as the driver's MongoBulkWriteError does.
      if (e instanceof ShellClientError) throw e;
      throw MongoBulkWriteError.fromError(e, partial());
    }
    const { reply, acknowledged: ack } = sent;
    acknowledged = ack;
    if (!ack) continue;
    if (kind === 'insert') {
      const failed = new Set(docArray(reply.get('writeErrors')).map((w) => toNumber(w.get('index'))));
      const firstFailed = failed.size > 0 ? minOf(failed) : Infinity;
      batch.forEach((op, i) => {
        if (!failed.has(i) && !(ordered && i > firstFailed)) insertedIds.set(op.index, op.statement.get('_id') ?? null);
      });
    }
    const n = toNumber(reply.get('n'));
    const upserted = upsertedOf(reply);
    if (kind === 'insert') insertedCount += n;
    else if (kind === 'delete') deletedCount += n;
    else {
      matchedCount += n - upserted.length;
      modifiedCount += toNumber(reply.get('nModified'));
      for (const u of upserted) {
        const op = batch[toNumber(u.get('index'))];
        if (op !== undefined) upsertedIds.set(op.index, u.get('_id') ?? null);
      }
    }
    for (const we of docArray(reply.get('writeErrors'))) {
      const op = batch[toNumber(we.get('index'))];
      const mapped: Doc = new Map(we);
      mapped.set('index', int(op?.index ?? 0));
      writeErrors.push(mapped);
    }
    const wce = reply.get('writeConcernError');
    if (isDoc(wce)) writeConcernErrors.push(wce);
    if (ordered && writeErrors.length > 0) break;
  }
  if (!acknowledged)
    for (const op of ops) if (op.kind === 'insert') insertedIds.set(op.index, op.statement.get('_id') ?? null);
  const result = partial();
  if (writeErrors.length > 0 || writeConcernErrors.length > 0) {
    throw new MongoBulkWriteError(writeErrors, writeConcernErrors, result);
  }
  return result;
}

// Client bulkWrite (admin `bulkWrite`, 8.0)

export function clientBulkWrite(
  client: ShellClient,
  models: readonly Value[],
  options: Doc | undefined,
  session: ShellSession | undefined,
): ClientBulkWriteResult {
  if (models.length === 0) throw new ShellClientError('No client bulk write models were provided.');
  const nsIndex = new Map<string, number>();
  const nsInfo: Doc[] = [];
  const kinds: ('insert' | 'update' | 'delete')[] = [];
  const insertedIdByIndex = new Map<number, Value>();
  const ops: Doc[] = models.map((model, i) => {
    if (!isDoc(model) || model.size !== 1) throw new ShellClientError('Invalid client bulk write model');
    const name = model.keys().next().value as string;
    const body = modelBody(model, name);
    const ns = body.get('namespace');
    if (typeof ns !== 'string') throw new ShellClientError('Client bulk write model requires a namespace');
    let idx = nsIndex.get(ns);
    if (idx === undefined) {
      idx = nsInfo.length;
      nsIndex.set(ns, idx);
      nsInfo.push(build([['ns', ns]]));
    }
    const filter = requireDoc(body.get('filter'), 'filter');
    switch (name) {
      case 'insertOne': {
        const document = withId(requireDoc(body.get('document'), 'document'), client.options.keepNullId);
        kinds.push('insert');
        insertedIdByIndex.set(i, document.get('_id') ?? null);
        return build([
          ['insert', int(idx)],
          ['document', document],
        ]);
      }
      case 'updateOne':
      case 'updateMany':
      case 'replaceOne': {
        const update = name === 'replaceOne' ? body.get('replacement') : body.get('update');
        if (update === undefined) throw new ShellClientError('Update document requires atomic operators');
        if (name === 'replaceOne') checkReplacementDocument(update);
        else checkUpdateDocument(update);
        kinds.push('update');
        return build([
          ['update', int(idx)],
          ['filter', filter],
          ['updateMods', update],
          ['upsert', boolOpt(body, 'upsert')],
          ['multi', name === 'updateMany'],
          ['arrayFilters', name === 'replaceOne' ? undefined : truthyOpt(body, 'arrayFilters')],
          ['hint', truthyOpt(body, 'hint')],
          ['collation', truthyOpt(body, 'collation')],
          ['sort', truthyOpt(body, 'sort')],
        ]);
      }
      case 'deleteOne':
      case 'deleteMany':
        kinds.push('delete');
        return build([
          ['delete', int(idx)],
          ['filter', filter],
          ['multi', name === 'deleteMany'],
          ['hint', truthyOpt(body, 'hint')],
          ['collation', truthyOpt(body, 'collation')],
        ]);
      default:
        throw new ShellClientError(`Invalid client bulk write model: ${name}`);
    }
  });
  const txnSession = session;
  if ((txnSession?.inTransaction ?? false) && isDoc(opt(options, 'writeConcern'))) throw TXN_WRITE_CONCERN_ERROR();
  const verbose = boolOpt(options, 'verboseResults') === true;
  const wcOpt = opt(options, 'writeConcern');
  const writeConcern =
    (txnSession?.inTransaction ?? false)
      ? undefined
      : isDoc(wcOpt)
        ? wcOpt.size > 0
          ? wcOpt
          : undefined
        : client.defaultWriteConcern;
  const acknowledged = isAcknowledged(writeConcern);
  const ordered = boolOpt(options, 'ordered') ?? true;
  // bulk-write.md: refused client-side, since an unacknowledged write returns no results to report.
  if (!acknowledged && verbose)
    throw new ShellClientError('Cannot request unacknowledged write concern and verbose results');
  if (!acknowledged && ordered)
    throw new ShellClientError('Cannot request unacknowledged write concern and ordered writes');
  const command = build([
    ['bulkWrite', int(1)],
    ['errorsOnly', acknowledged ? !verbose : true],
    ['ordered', ordered],
    ['ops', ops],
    ['nsInfo', nsInfo],
    ['bypassDocumentValidation', boolOpt(options, 'bypassDocumentValidation')],
    ['let', truthyOpt(options, 'let')],
    ['comment', opt(options, 'comment')],
  ]);
  const reply = client.send('admin', command, { session: txnSession, writeConcern });
  if (!acknowledged) {
    return {
      kind: 'ClientBulkWriteResult',
      acknowledged: false,
      insertedCount: 0,
      upsertedCount: 0,
      matchedCount: 0,
      modifiedCount: 0,
      deletedCount: 0,
    };
  }
  const cursor = reply.get('cursor');
  const entries = isDoc(cursor) ? docArray(cursor.get('firstBatch')) : [];
  const insertResults = new Map<number, { insertedId: Value }>();
  const updateResults = new Map<number, { matchedCount: number; modifiedCount: number; upsertedId?: Value }>();
  const deleteResults = new Map<number, { deletedCount: number }>();
  const writeErrors = new Map<number, Doc>();
  for (const entry of entries) {
    const idx = toNumber(entry.get('idx'));
    if (toNumber(entry.get('ok')) !== 1) {
      writeErrors.set(idx, entry);
      continue;
    }
    const kind = kinds[idx];
    if (kind === 'insert') insertResults.set(idx, { insertedId: insertedIdByIndex.get(idx) ?? null });
    else if (kind === 'update') {
      const up = entry.get('upserted');
      const upId = isDoc(up) ? up.get('_id') : undefined;
      const r = { matchedCount: toNumber(entry.get('n')), modifiedCount: toNumber(entry.get('nModified')) };
      updateResults.set(idx, upId !== undefined ? { ...r, upsertedId: upId } : r);
    } else if (kind === 'delete') deleteResults.set(idx, { deletedCount: toNumber(entry.get('n')) });
  }
  const summary = {
    kind: 'ClientBulkWriteResult' as const,
    acknowledged: true,
    insertedCount: toNumber(reply.get('nInserted')),
    upsertedCount: toNumber(reply.get('nUpserted')),
    matchedCount: toNumber(reply.get('nMatched')),
    modifiedCount: toNumber(reply.get('nModified')),
    deletedCount: toNumber(reply.get('nDeleted')),
  };
  const result: ClientBulkWriteResult = verbose ? { ...summary, insertResults, updateResults, deleteResults } : summary;
  const wce = reply.get('writeConcernError');
  if (writeErrors.size > 0 || isDoc(wce)) {
    const first = writeErrors.values().next().value ?? (isDoc(wce) ? wce : new Map<string, Value>());
    throw new MongoClientBulkWriteError(
      first,
      writeErrors,
      isDoc(wce) ? [wce] : [],
      someWriteSucceeded(reply, ordered, ops.length) ? result : undefined,
    );
  }
  return result;
}

/**
 * bulk-write.md: a partial result is reported only when at least one write is known to have
 * succeeded: ordered, no error or the first error past index 0; unordered, fewer errors than writes.
 */
function someWriteSucceeded(reply: Doc, ordered: boolean, writes: number): boolean {
  const nErrors = toNumber(reply.get('nErrors') ?? 0);
  if (nErrors === 0) return true;
  if (!ordered) return nErrors < writes;
  const cursor = reply.get('cursor');
  const entries = isDoc(cursor) ? docArray(cursor.get('firstBatch')) : [];
  const firstError = entries.find((e) => toNumber(e.get('ok')) !== 1);
  return firstError !== undefined && toNumber(firstError.get('idx')) > 0;
}
