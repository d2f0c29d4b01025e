/**
 * The write phase for one matched document: apply the statement's executor, then store and log
 * the new version (`UpdateStage::transformAndUpdate`). Runtime errors get the executor prefix.
 */
import type { Doc } from '../../bson/values.js';
import type { Collection } from '../../catalog/collection.js';
import { replaceDocument } from '../../catalog/writes.js';
import type { MatchDetails, RuntimeEnv } from '../../runtime.js';
import type { ApplyParams, ApplyResult, UpdateExecutor } from '../../update/executor.js';
import { WrittenChange, type DocumentChange } from './details.js';
import { runtimeError } from './reply.js';
import type { StatementContext } from './statement-context.js';

/** A stored document's immutable paths (one frozen array, not one per document). */
const ID_PATHS: readonly string[] = Object.freeze(['_id']);

/** The apply params of one stored document's update (not an upsert insert; `_id` immutable). */
class DocumentParams implements ApplyParams {
  inUse = false;
  matchedArrayIndex: string | undefined = undefined;
  readonly isUpsertInsert = false;
  readonly immutablePaths = ID_PATHS;
  env: RuntimeEnv = RELEASED_ENV;
  inPlaceUpdates = true;
  originalSize: number | undefined = undefined;

  /** Lets go of the statement's env and marks the object free. */
  release(): void {
    this.env = RELEASED_ENV;
    this.matchedArrayIndex = undefined;
    this.inUse = false;
  }
}

const RELEASED_ENV = undefined as unknown as RuntimeEnv;
const reusable = new DocumentParams();

/** What of a prepared statement the per-document write reads. */
export interface UpdateTarget {
  readonly ctx: StatementContext;
  readonly executor: UpdateExecutor;
  readonly env: RuntimeEnv;
  readonly execContext: string;
}

/**
 * Updates one stored document of `collection`; true when it changed (counted in `nModified`).
 * With `changes`, the document's change is pushed there (the playground's per-document details);
 * its `oplog` document is built only when read (it shares the entry's builder). Without, nothing
 * is made for it.
 */
export function updateMatchedDocument(
  target: UpdateTarget,
  collection: Collection,
  doc: Doc,
  details: MatchDetails | undefined,
  rid: number | undefined,
  changes: DocumentChange[] | undefined,
): boolean {
  let res: ApplyResult;
  // One params object for every document (executors read it during `apply` only); a nested
  // write, were there one, gets its own.
  const params = reusable.inUse ? new DocumentParams() : reusable;
  try {
    params.inUse = true;
    params.matchedArrayIndex = details?.elemMatchKey;
    params.env = target.env;
    params.inPlaceUpdates = collection.validator === undefined;
    params.originalSize = collection.recordSize(doc, rid);
    try {
      res = target.executor.apply(doc, params);
    } finally {
      params.release();
    }
    if (res.noop) {
      changes?.push({ before: doc, after: doc, noop: true, modifiedPaths: [], arrayTouches: res.arrayTouches, oplog: null });
      return false;
    }
    // The 16 MiB check (17419) is the executor's: every executor size-checks a changed document
    // (isUpsertInsert false) before returning, so it is not repeated here.
    const stored = replaceDocument(
      target.ctx.catalog,
      collection,
      doc,
      res.doc,
      target.ctx.bypassDocumentValidation,
      res.oplogBuilder ?? res.oplog ?? undefined,
      rid,
      res.modifiedPaths,
      res.size,
    );
    changes?.push(new WrittenChange(doc, stored, res.modifiedPaths, res.arrayTouches, res));
    return true;
  } catch (e) {
    throw runtimeError(e, target.execContext);
  }
}
