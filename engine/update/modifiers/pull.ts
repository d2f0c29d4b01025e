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
});

export function makePullMatcher(value: Value, collator: Collator | null): (element: Value) => boolean {
  if (isDoc(value)) {
    const first = value.keys().next();
    const firstIsOperator = !first.done && first.value.startsWith('$') && !['$and', '$or', '$nor', '$expr', '$where', '$text', '$comment', '$jsonSchema', '$alwaysTrue', '$alwaysFalse'].includes(first.value);
    if (!firstIsOperator) {
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
