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
import type { UpdateStatementSpec } from './request.js';

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
