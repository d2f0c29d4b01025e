/**
 * Query execution over one collection: plan, then filter the candidates with the full matcher.
 *
 *   const { plan, filter, matches } = selectDocuments(coll, { filter: q, collation, hint });
 *
 * `matches` is a snapshot (safe to write to the collection while walking it), in plan order.
 * `limit` stops after that many matches (0 or absent: all).
 */
import type { Doc } from '../bson/values.js';
import type { RuntimeEnv } from '../runtime.js';
import type { CollationInfo } from './collation-info.js';
import type { Collection } from './collection.js';
import { compileFilter, type DocumentFilter } from './filter.js';
import { planQuery, type CanonicalQueryFields, type QueryPlan } from './planner.js';
import { withErrorContext } from '../errors.js';

export interface SelectRequest {
  readonly filter: Doc;
  readonly collation: CollationInfo | null;
  readonly hint?: string | Doc | undefined;
  /** `let` variables and clocks for `$expr`. */
  readonly env?: RuntimeEnv | undefined;
  /** Optimize `$expr` as a canonical query does (default); aggregate's `$match` is optimized with its pipeline instead. */
  readonly optimizeExpr?: boolean | undefined;
  readonly limit?: number | undefined;
  /** Only for the planner's error messages (sorting, limits and projection are the caller's). */
  readonly query?: CanonicalQueryFields | undefined;
  /** Context added to an error raised while documents are read (after planning), e.g. aggregate's executor. */
  readonly executionContext?: string | undefined;
  /** Runs once the filter is parsed, before planning: the command's own parse (find's projection) comes in this order. */
  readonly afterParse?: ((filter: DocumentFilter) => void) | undefined;
}

export interface Selection {
  readonly plan: QueryPlan;
  readonly filter: DocumentFilter;
  readonly matches: Doc[];
  /** Documents the filter looked at (explain's totalDocsExamined). */
  readonly docsExamined: number;
}

export function selectDocuments(collection: Collection, request: SelectRequest): Selection {
  const filter = compileFilter(request.filter, request.collation?.collator ?? null, {
    env: request.env,
    optimizeExpr: request.optimizeExpr ?? true,
  });
  request.afterParse?.(filter);
  const plan = planQuery(collection, {
    root: filter.root,
    collation: request.collation,
    hint: request.hint,
    filter: request.filter,
    query: request.query,
  });
  const matches: Doc[] = [];
  let docsExamined = 0;
  const limit = request.limit ?? 0;
  const scan = (): void =>
    plan.forEachCandidate((doc) => {
      docsExamined++;
      if (!filter.matches(doc)) return true;
      matches.push(doc);
      return limit <= 0 || matches.length < limit;
    });
  if (request.executionContext === undefined) scan();
  else withErrorContext(request.executionContext, scan);
  return { plan, filter, matches, docsExamined };
}
