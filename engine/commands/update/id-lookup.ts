/**
 * The update's `_id` fast path, as the server's (get_executor.cpp `getExecutorUpdate`): a query
 * that `CanonicalQuery::isSimpleIdQuery` accepts, with no hint, no sort, no need for match details
 * (`ParsedUpdate::parseQuery`) and the collection's default collation, is answered by the `_id`
 * index alone (`InternalPlanner::updateWithIdHack`): no canonical query, no planner, no filter
 * applied to the document found. Here the same: the statement looks the record up and updates it
 * without compiling or running the matcher.
 *
 * Only scalar values take it (`isSimpleIdQuery` also accepts literal objects, code and code with
 * scope; those keep the general path, whose answer is the same, only slower). Guard:
 * id-lookup.property.test.ts (the lookup and the general path agree for every value type,
 * numbers of different types, -0/0, NaN, strings under collations).
 */
import type { Doc, Value } from '../../bson/values.js';
import { sameCollation, type CollationInfo } from '../../catalog/collation-info.js';
import type { Collection } from '../../catalog/collection.js';
import type { EngineError } from '../../errors.js';
import type { DocumentChange, PlanSummary, StatementDetail } from './details.js';
import type { WriteOutcome } from './outcome.js';
import { isInterruption, toEngineError } from './reply.js';
import type { UpdateStatementSpec } from './request.js';
import { updateMatchedDocument, type UpdateTarget } from './update-document.js';

/** Switch for the guard's comparison with the general path (always on otherwise). */
export const idLookupShortcut = { enabled: true };

/**
 * `Indexability::isExactBoundsGenerating`'s scalar types: the index key of such a value is exact,
 * so finding it in the `_id` index is the whole `$eq` answer (null, undefined, regexes, arrays and
 * symbols are not).
 */
function isExactScalar(v: Value): boolean {
  switch (typeof v) {
    case 'number':
    case 'string':
    case 'boolean':
      return true;
    default:
      if (v === null || v instanceof Map || Array.isArray(v)) return false;
      if (v instanceof Date) return true;
      switch (v._bsontype) {
        case 'Int32':
        case 'Long':
        case 'Decimal128':
        case 'ObjectId':
        case 'Timestamp':
        case 'Binary':
        case 'MinKey':
        case 'MaxKey':
          return true;
        default:
          return false;
      }
  }
}

/** The `_id` value of `{_id: <exact scalar>}` (the server's `isSimpleIdQuery`), else undefined. */
export function simpleIdValue(q: Doc): Value | undefined {
  if (q.size !== 1) return undefined;
  const id = q.get('_id');
  return id !== undefined && isExactScalar(id) ? id : undefined;
}

/** Whether the statement's `_id` value may be looked up directly in `collection` (see above). */
export function idLookupApplies(
  spec: UpdateStatementSpec,
  collection: Collection | undefined,
  collation: CollationInfo | null,
  needsMatchDetails: boolean,
): collection is Collection {
  return (
    idLookupShortcut.enabled &&
    collection !== undefined &&
    !collection.isOplog &&
    spec.hint.kind === 'none' &&
    spec.sort === undefined &&
    !needsMatchDetails &&
    sameCollation(collection.collation, collation)
  );
}

/** The plan of an `_id` lookup that found its document (details are never written to). */
const ID_LOOKUP_PLAN: PlanSummary = Object.freeze({
  stage: 'IDHACK',
  indexName: '_id_',
  docsExamined: 1,
  keysExamined: 1,
});
const NO_CHANGES: readonly DocumentChange[] = Object.freeze([]);

/** What of a prepared statement the lookup reads. */
export interface IdLookupStatement extends UpdateTarget {
  readonly spec: UpdateStatementSpec;
}

/**
 * The fast path: the record the `_id` index holds for `id` is the match, updated with the plan
 * the general path reports (IDHACK, one key and one document examined). Nothing found:
 * undefined, and the general path (the upsert) runs.
 */
export function updateByIdLookup(stmt: IdLookupStatement, collection: Collection, id: Value): WriteOutcome | undefined {
  const rid = collection.recordIdById(id);
  const doc = rid === undefined ? undefined : collection.documentAt(rid);
  if (doc === undefined) return undefined;
  const changes: DocumentChange[] | undefined = stmt.ctx.collectDocuments !== false ? [] : undefined;
  let modified: boolean;
  try {
    stmt.ctx.deadline.check();
    modified = updateMatchedDocument(stmt, collection, doc, undefined, rid, changes);
  } catch (e) {
    const err = toEngineError(e);
    if (isInterruption(err)) throw err;
    return { ok: false, error: err, detail: lookupDetail(stmt, collection, 0, 0, NO_CHANGES, err) };
  }
  const nModified = modified ? 1 : 0;
  const detail = lookupDetail(stmt, collection, 1, nModified, changes ?? NO_CHANGES, undefined);
  return { ok: true, n: 1, nModified, upsertedId: undefined, detail };
}

function lookupDetail(
  stmt: IdLookupStatement,
  collection: Collection,
  nMatched: number,
  nModified: number,
  documents: readonly DocumentChange[],
  error: EngineError | undefined,
): StatementDetail {
  const indexName = collection.idIndex.name;
  return {
    index: stmt.spec.index,
    plan:
      indexName === ID_LOOKUP_PLAN.indexName
        ? ID_LOOKUP_PLAN
        : { stage: 'IDHACK', indexName, docsExamined: 1, keysExamined: 1 },
    nMatched,
    nModified,
    documents,
    upsert: undefined,
    error: error?.toInfo(),
  };
}
