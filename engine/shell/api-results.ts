/**
 * Shaping replies into what the shell helpers return (mongosh / driver result objects), and
 * turning write errors of single-statement helpers into MongoServerErrors.
 */
import type { Doc } from '../bson/values.js';
import { isArray, isDoc } from '../bson/values.js';
import { MongoServerError } from './client-errors.js';
import type { DeleteResult, UpdateResult, WriteResult } from './results.js';
import { docArray, toNumber } from './api-support.js';

export function throwFirstWriteError(reply: Doc): void {
  const we = docArray(reply.get('writeErrors'))[0];
  if (we !== undefined) throw new MongoServerError(we);
  const wce = reply.get('writeConcernError');
  if (isDoc(wce)) {
    // The driver's MongoWriteConcernError: the wce fields plus the reply's top-level labels.
    const err: Doc = new Map(wce);
    const labels = reply.get('errorLabels');
    if (isArray(labels)) err.set('errorLabels', labels);
    throw new MongoServerError(err);
  }
}

export function upsertedOf(reply: Doc): Doc[] {
  return docArray(reply.get('upserted'));
}

export function writeResultOf(reply: Doc, acknowledged: boolean): WriteResult {
  if (!acknowledged) return { kind: 'WriteResult', nMatched: 0, nUpserted: 0, nModified: 0 };
  const upserted = upsertedOf(reply);
  const n = toNumber(reply.get('n'));
  const result: { -readonly [K in keyof WriteResult]: WriteResult[K] } = {
    kind: 'WriteResult',
    nMatched: n - upserted.length,
    nUpserted: upserted.length,
    nModified: toNumber(reply.get('nModified')),
  };
  const id = upserted[0]?.get('_id');
  if (id !== undefined) result._id = id;
  const we = docArray(reply.get('writeErrors'))[0];
  if (we !== undefined) {
    const writeError: Doc = new Map();
    for (const [k, v] of we) if (k !== 'index') writeError.set(k, v);
    result.writeError = writeError;
  }
  const wce = reply.get('writeConcernError');
  if (isDoc(wce)) result.writeConcernError = wce;
  return result;
}

export function updateResultOf(reply: Doc, acknowledged: boolean): UpdateResult {
  if (!acknowledged) {
    return {
      kind: 'UpdateResult',
      acknowledged: false,
      insertedId: null,
      matchedCount: 0,
      modifiedCount: 0,
      upsertedCount: 0,
    };
  }
  throwFirstWriteError(reply);
  const upserted = upsertedOf(reply);
  const n = toNumber(reply.get('n'));
  const id = upserted[0]?.get('_id');
  const base = {
    kind: 'UpdateResult' as const,
    acknowledged: true,
    insertedId: id ?? null,
    matchedCount: n - upserted.length,
    modifiedCount: toNumber(reply.get('nModified')),
    upsertedCount: upserted.length,
  };
  return id !== undefined ? { ...base, upsertedId: id } : base;
}

export function deleteResultOf(reply: Doc, acknowledged: boolean): DeleteResult {
  if (!acknowledged) return { kind: 'DeleteResult', acknowledged: false, deletedCount: 0 };
  throwFirstWriteError(reply);
  return { kind: 'DeleteResult', acknowledged: true, deletedCount: toNumber(reply.get('n')) };
}

export function findAndModifyValue(reply: Doc): Doc | null {
  const v = reply.get('value');
  return isDoc(v) ? v : null;
}
