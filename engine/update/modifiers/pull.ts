/**
 * `$pull` (`PullNode`), one of three matchers chosen at parse time:
 * - an object whose first field is not a query operator: a query run against embedded-document
 *   elements only (`ObjectMatcher`);
 * - an object whose first field is an operator, or a regex: the condition applied to the element
 *   as a field value, with full query semantics (`WrappedObjectMatcher`);
 * - anything else: BSON equality with the collation (`EqualityMatcher`).
 */
import { compareValues, type Collator } from '../../bson/compare.js';
import type { Value } from '../../bson/values.js';
import { isDoc, typeOf } from '../../bson/values.js';
import { compileQuery } from '../../query/index.js';
import { firstKey, isPathAcceptingKeyword } from '../../query/keywords.js';
import { ArrayCullingNode } from './array-culling.js';

/** Field name used to wrap an element for the WrappedObjectMatcher (the server uses ""). */
const WRAP = 'v';

/** `$pull` conditions are parsed with `kBanAllSpecialFeatures`. */
const QUERY_OPTIONS = (collator: Collator | null) => ({
  collator,
  allowExpr: false,
  allowJsonSchema: false,
  allowText: false,
  allowWhere: false,
  allowGeoNear: false,
});

export function makePullMatcher(value: Value, collator: Collator | null): (element: Value) => boolean {
  if (isDoc(value)) {
    // `PullNode::init`: only a first field that `parsePathAcceptingKeyword` knows ($gt, $in, …)
    // makes the condition a value test; anything else — `$and`, but also `$not` or an unknown
    // `$foo` — is a query on embedded documents (where `$not`/`$foo` are unknown top-level operators).
    const first = firstKey(value);
    if (first === undefined || !isPathAcceptingKeyword(first)) {
      const m = compileQuery(value, QUERY_OPTIONS(collator));
      return (el) => isDoc(el) && m.matches(el);
    }
    const m = compileQuery(new Map([[WRAP, value]]), QUERY_OPTIONS(collator));
    return (el) => m.matches(new Map([[WRAP, el]]));
  }
  if (typeOf(value) === 'regex') {
    const m = compileQuery(new Map([[WRAP, value]]), QUERY_OPTIONS(collator));
    return (el) => m.matches(new Map([[WRAP, el]]));
  }
  return (el) => compareValues(el, value, collator) === 0;
}

export class PullNode extends ArrayCullingNode {
  constructor(value: Value, collator: Collator | null) {
    super(makePullMatcher(value, collator));
    Object.freeze(this);
  }
}
