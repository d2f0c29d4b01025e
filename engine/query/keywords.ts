/**
 * The filter parser's keyword tables (`expression_parser.cpp`): the pathless operators
 * (`pathlessOperatorMap`), the operators that take a field (`queryOperatorMap`, read by
 * `parsePathAcceptingKeyword`), and the document shapes that decide between them.
 */
import { isDoc, type Doc, type Value } from '../bson/values.js';

/** Operators that stand where a field name would (`retrievePathlessParser`). */
export const PATHLESS: ReadonlySet<string> = new Set([
  'and',
  'or',
  'nor',
  'expr',
  'jsonSchema',
  'comment',
  'where',
  'text',
  'alwaysTrue',
  'alwaysFalse',
  'sampleRate',
  'id',
  'ref',
  'db',
]);

/**
 * The server's `queryOperatorMap` (of its `_internal…` names only the `$_internalExpr…`
 * comparisons, which the engine implements): what
 * `parsePathAcceptingKeyword` recognizes. `$not` is not in it — it is parsed where it stands, but
 * `$pull` and `$all` do not see it as an operator.
 */
const PATH_ACCEPTING: ReadonlySet<string> = new Set([
  '$_internalExprEq',
  '$_internalExprGt',
  '$_internalExprGte',
  '$_internalExprLt',
  '$_internalExprLte',
  '$all',
  '$bitsAllClear',
  '$bitsAllSet',
  '$bitsAnyClear',
  '$bitsAnySet',
  '$elemMatch',
  '$eq',
  '$exists',
  '$geoIntersects',
  '$geoNear',
  '$geoWithin',
  '$gt',
  '$gte',
  '$in',
  '$lt',
  '$lte',
  '$mod',
  '$ne',
  '$near',
  '$nearSphere',
  '$nin',
  '$options',
  '$regex',
  '$size',
  '$type',
  '$within',
]);

/** `MatchExpressionParser::parsePathAcceptingKeyword(name) != none`. */
export function isPathAcceptingKeyword(name: string): boolean {
  return PATH_ACCEPTING.has(name);
}

export const GEO: ReadonlySet<string> = new Set(['$within', '$geoWithin', '$geoIntersects', '$near', '$nearSphere', '$geoNear']);

/** `PathAcceptingKeyword::GEO_NEAR`. */
export const GEO_NEAR: ReadonlySet<string> = new Set(['$near', '$nearSphere', '$geoNear']);

/**
 * `parseGeo` without `AllowedFeatures::kGeoNear` (code 5626500), as MongoDB 8.0 words it (the
 * server's text, its "operationfor" included).
 */
export const GEO_NEAR_NOT_ALLOWED =
  '$geoNear, $near, and $nearSphere are not allowed in this context, as these operators require sorting geospatial ' +
  'data. If you do not need sort, consider using $geoWithin instead. Check out ' +
  'https://dochub.mongodb.org/core/near-sort-operation and https://dochub.mongodb.org/core/nearSphere-sort-operationfor more details.';

export function firstKey(d: Doc): string | undefined {
  for (const k of d.keys()) return k;
  return undefined;
}

/** `{$ref, $id}` (or, when incomplete ones are allowed, any of `$ref`/`$id`/`$db`). */
function isDBRefDocument(d: Doc, allowIncomplete: boolean): boolean {
  const ref = d.has('$ref');
  const id = d.has('$id');
  return allowIncomplete ? ref || id || d.has('$db') : ref && id;
}

/** `{ $op: … }`: a non-empty document whose first field starts with `$` and is not a DBRef. */
export function isExpressionDocument(v: Value, allowIncompleteDBRef: boolean): v is Doc {
  if (!isDoc(v) || v.size === 0) return false;
  if (!firstKey(v)!.startsWith('$')) return false;
  return !isDBRefDocument(v, allowIncompleteDBRef);
}
