/**
 * Result shapes of the shell helpers, each tagged with `kind` so a formatter can print it the way
 * mongosh does (e.g. `WriteResult({ nMatched: 1, … })` for the legacy `update`, a plain object
 * for the CRUD helpers). Counts are JS numbers, as mongosh prints them; ids are engine values.
 */
import type { Doc, Value } from '../bson/values.js';

/** The legacy `update` method's result (mongo shell `WriteResult`). */
export interface WriteResult {
  readonly kind: 'WriteResult';
  readonly nMatched: number;
  readonly nUpserted: number;
  readonly nModified: number;
  /** Present only when the statement upserted. */
  readonly _id?: Value;
  /** `{code, errmsg}` (plus errInfo etc. when the server sent them) of the failed statement. */
  readonly writeError?: Doc;
  readonly writeConcernError?: Doc;
}

/** updateOne / updateMany / replaceOne. mongosh prints `upsertedId` under the name `insertedId`. */
export interface UpdateResult {
  readonly kind: 'UpdateResult';
  readonly acknowledged: boolean;
  /** mongosh's name for the upserted `_id` (null when nothing was upserted). */
  readonly insertedId: Value;
  readonly matchedCount: number;
  readonly modifiedCount: number;
  readonly upsertedCount: number;
  /** The driver's name for the same value; present only when a document was upserted. */
  readonly upsertedId?: Value;
}

export interface InsertOneResult {
  readonly kind: 'InsertOneResult';
  readonly acknowledged: boolean;
  readonly insertedId: Value;
}

export interface InsertManyResult {
  readonly kind: 'InsertManyResult';
  readonly acknowledged: boolean;
  /** Index in the input → `_id`. */
  readonly insertedIds: ReadonlyMap<number, Value>;
}

export interface DeleteResult {
  readonly kind: 'DeleteResult';
  readonly acknowledged: boolean;
  readonly deletedCount: number;
}

/** Collection `bulkWrite` (driver / mongosh shape). */
export interface BulkWriteResult {
  readonly kind: 'BulkWriteResult';
  readonly acknowledged: boolean;
  readonly insertedCount: number;
  readonly insertedIds: ReadonlyMap<number, Value>;
  readonly matchedCount: number;
  readonly modifiedCount: number;
  readonly deletedCount: number;
  readonly upsertedCount: number;
  readonly upsertedIds: ReadonlyMap<number, Value>;
}

/** Client-level `bulkWrite` (the 8.0 admin `bulkWrite` command). Per-op maps only when verbose. */
export interface ClientBulkWriteResult {
  readonly kind: 'ClientBulkWriteResult';
  readonly acknowledged: boolean;
  readonly insertedCount: number;
  readonly upsertedCount: number;
  readonly matchedCount: number;
  readonly modifiedCount: number;
  readonly deletedCount: number;
  readonly insertResults?: ReadonlyMap<number, { readonly insertedId: Value }>;
  readonly updateResults?: ReadonlyMap<
    number,
    { readonly matchedCount: number; readonly modifiedCount: number; readonly upsertedId?: Value }
  >;
  readonly deleteResults?: ReadonlyMap<number, { readonly deletedCount: number }>;
}

export type ShellResult =
  | WriteResult
  | UpdateResult
  | InsertOneResult
  | InsertManyResult
  | DeleteResult
  | BulkWriteResult
  | ClientBulkWriteResult;
