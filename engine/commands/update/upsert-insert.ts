/**
 * The upsert's insert (server-facts §3): the seed from the query's equalities, the update applied
 * to it as an insert, `_id` first (generated when missing), storage validation and the 17420
 * limit, then the insert itself.
 */
import type { Doc } from '../../bson/values.js';
import { withIdFirst } from '../../catalog/id-field.js';
import { insertDocument } from '../../catalog/writes.js';
import type { RuntimeEnv } from '../../runtime.js';
import { checkUpsertDocumentSize } from '../../update/document-size.js';
import type { UpdateExecutor } from '../../update/executor.js';
import { ReplacementUpdateExecutor } from '../../update/replacement-executor.js';
import { validateForStorage } from '../../update/storage-validation.js';
import type { UpsertInsertDetail } from './details.js';
import { runtimeError } from './reply.js';
import type { UpdateStatementSpec } from './request.js';
import type { StatementContext } from './statement-context.js';
import { fieldOrigins } from './upsert-origins.js';
import { buildUpsertSeed } from './upsert-seed.js';

/** What of a prepared statement the upsert reads. */
export interface UpsertTarget {
  readonly spec: UpdateStatementSpec;
  readonly ctx: StatementContext;
  readonly executor: UpdateExecutor;
  readonly env: RuntimeEnv;
  readonly execContext: string;
}

/** Builds the upsert document without storing it. */
export function buildUpsertDocument(target: UpsertTarget): UpsertInsertDetail {
  const { spec } = target;
  const seed = buildUpsertSeed(spec.q, target.executor.kind);
  // `generateNewDocumentFromSuppliedDoc`: the supplied `c.new` is applied to the seed as a
  // replacement (the seed's _id stays unless it supplies one; changing it is 66).
  const supplied = spec.upsertSupplied === true ? (spec.c?.get('new') as Doc) : undefined;
  const executor = supplied === undefined ? target.executor : new ReplacementUpdateExecutor(supplied);
  const res = executor.apply(seed.doc, {
    matchedArrayIndex: undefined,
    isUpsertInsert: true,
    immutablePaths: ['_id'],
    env: target.env,
  });
  let generated = false;
  const doc = withIdFirst(res.doc, () => {
    generated = true;
    return target.ctx.catalog.newObjectId();
  });
  validateForStorage(doc, { allowTopLevelDollarPrefixes: true });
  checkUpsertDocumentSize(doc);
  return {
    seed: seed.doc,
    doc,
    origins: fieldOrigins(doc, seed.paths, res, spec, generated),
    modifiedPaths: res.modifiedPaths,
    arrayTouches: res.arrayTouches,
  };
}

/** Builds, validates, stores and logs the upsert document; errors get the executor prefix. */
export function insertUpsertDocument(target: UpsertTarget): UpsertInsertDetail {
  try {
    const built = buildUpsertDocument(target);
    const { ctx } = target;
    const { collection } = ctx.catalog.ensureCollection(ctx.db, ctx.collectionName);
    const stored = insertDocument(ctx.catalog, collection, built.doc, {
      bypassDocumentValidation: ctx.bypassDocumentValidation,
    });
    return { ...built, doc: stored };
  } catch (e) {
    throw runtimeError(e, target.execContext);
  }
}
