/**
 * The catalog's view of a query filter: a predicate over documents plus its parsed tree (for the
 * planner). Query parsing and matching are helper B's (engine/query); this file only adapts them.
 */
import type { Collator } from '../bson/compare.js';
import type { Doc } from '../bson/values.js';
import { compileQuery } from '../query/index.js';
import type { MatchNode } from '../query/nodes.js';
import type { MatchDetails, RuntimeEnv } from '../runtime.js';

export interface DocumentFilter {
  /** The parsed filter tree. */
  readonly root: MatchNode;
  /** `env` overrides the one given at compile time; `details` receives the positional index. */
  matches(doc: Doc, env?: RuntimeEnv, details?: MatchDetails): boolean;
}

export interface FilterOptions {
  /** `let` variables, `$$NOW` and cluster time for `$expr` (default: fresh values). */
  readonly env?: RuntimeEnv | undefined;
  /** Optimize `$expr` as a canonical query does (query/parse.ts); validators are not. */
  readonly optimizeExpr?: boolean | undefined;
}

/** Compiles a filter once; throws the query parser's errors (EngineError with server codes). */
export function compileFilter(filter: Doc, collator: Collator | null, options: FilterOptions = {}): DocumentFilter {
  const env = options.env;
  const matcher = compileQuery(filter, {
    collator,
    ...(env ? { variables: new Set(env.variables.keys()), constants: env.variables } : {}),
    optimizeExpr: options.optimizeExpr,
  });
  return {
    root: matcher.root,
    matches: (doc, runEnv, details) => matcher.matches(doc, runEnv ?? env, details),
  };
}
