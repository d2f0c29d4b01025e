/**
 * `$_internalExprEq`, `$_internalExprGt`, `$_internalExprGte`, `$_internalExprLt`,
 * `$_internalExprLte` (InternalExprComparisonMatchExpression): the match-language form of an
 * `$expr` comparison to a constant. The path is followed with kMatchSubpath / leaf kNoTraversal:
 * an array anywhere on the path (or at its end) matches outright — the server leaves the exact
 * answer to the `$expr` it was derived from — and otherwise the one value found (missing where the
 * path stops) is compared in the expression language's total order (`woCompare`: no type
 * bracketing, missing and undefined lowest after MinKey, NaN below every number), under the
 * collation.
 */
import type { Collator } from '../bson/compare.js';
import { compareValues } from '../bson/compare.js';
import { BSON_UNDEFINED, isDoc, type Doc, type Value } from '../bson/values.js';
import { splitPath } from '../bson/path.js';
import type { InternalExprOp } from './nodes.js';

/** Whether one value (never an array) stands in `op`'s relation to `rhs`; missing compares as undefined does. */
function compares(op: InternalExprOp, v: Value | undefined, rhs: Value, collator: Collator | null): boolean {
  const c = compareValues(v === undefined ? BSON_UNDEFINED : v, rhs, collator);
  switch (op) {
    case '$_internalExprEq':
      return c === 0;
    case '$_internalExprGt':
      return c > 0;
    case '$_internalExprGte':
      return c >= 0;
    case '$_internalExprLt':
      return c < 0;
    case '$_internalExprLte':
      return c <= 0;
  }
}

/** `matchesSingleElement`: an array matches, anything else is compared. */
export function internalExprValueTest(
  op: InternalExprOp,
  rhs: Value,
  collator: Collator | null,
): (v: Value | undefined) => boolean {
  return (v) => Array.isArray(v) || compares(op, v, rhs, collator);
}

/** `matchesBSON` over a document (or an array element treated as one, inside `$elemMatch`). */
export function internalExprDocTest(
  path: string,
  op: InternalExprOp,
  rhs: Value,
  collator: Collator | null,
): (d: Doc | Value[]) => boolean {
  const parts = splitPath(path);
  const single = internalExprValueTest(op, rhs, collator);
  return (root) => {
    let current: Value | undefined = root;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      if (Array.isArray(current)) {
        // The root container of an `$elemMatch` element is read as an object with numeric names.
        if (i > 0) return true;
        const k = /^(0|[1-9][0-9]*)$/.test(part) ? Number(part) : -1;
        current = k >= 0 ? current[k] : undefined;
        continue;
      }
      if (!isDoc(current)) return single(undefined);
      current = current.get(part);
      if (current === undefined) return single(undefined);
    }
    return single(current);
  };
}
