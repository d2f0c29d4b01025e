/** The client bulk write result shapes of the CRUD specification's client bulkWrite tests. */
import { unsetOr, type J } from '../support.js';

export const NS = 'crud-tests.coll0';
export const since80: J[] = [{ minServerVersion: '8.0', serverless: 'forbid' }];

export interface ClientCounts {
  inserted?: number;
  upserted?: number;
  matched?: number;
  modified?: number;
  deleted?: number;
}

function counts(c: ClientCounts): { [key: string]: J } {
  return {
    insertedCount: c.inserted ?? 0,
    upsertedCount: c.upserted ?? 0,
    matchedCount: c.matched ?? 0,
    modifiedCount: c.modified ?? 0,
    deletedCount: c.deleted ?? 0,
  };
}

/** A verbose result: the counts and the per-index maps. */
export function verbose(c: ClientCounts, maps: { insertResults?: J; updateResults?: J; deleteResults?: J } = {}): J {
  return {
    ...counts(c),
    insertResults: maps.insertResults ?? {},
    updateResults: maps.updateResults ?? {},
    deleteResults: maps.deleteResults ?? {},
  };
}

/** A summary result: the counts; a driver may still give empty maps. */
export function summary(c: ClientCounts): J {
  return { ...counts(c), insertResults: unsetOr({}), updateResults: unsetOr({}), deleteResults: unsetOr({}) };
}

/** No partial result: the error carries none, or one without any field. */
export const NO_PARTIAL_RESULT: J = unsetOr({
  insertedCount: { $$exists: false },
  upsertedCount: { $$exists: false },
  matchedCount: { $$exists: false },
  modifiedCount: { $$exists: false },
  deletedCount: { $$exists: false },
  insertResults: { $$exists: false },
  updateResults: { $$exists: false },
  deleteResults: { $$exists: false },
});

export const insertOne = (document: J): J => ({ insertOne: { namespace: NS, document } });
export const deleteOne = (filter: J): J => ({ deleteOne: { namespace: NS, filter } });
