/**
 * The parts of the engine the write commands use but do not own, behind one small interface:
 * the query matcher (helper B), the update executor parser (helper C) and expression parsing
 * for `let` (helper D). Tests may pass their own; `defaultUpdateDeps` wires the real modules.
 */
import type { Collator } from '../../bson/compare.js';
import type { Doc, Value } from '../../bson/values.js';
import { compileQuery } from '../../query/index.js';
import type { MatchNode } from '../../query/nodes.js';
import type { MatchDetails, RuntimeEnv } from '../../runtime.js';
import type { UpdateExecutor } from '../../update/executor.js';
import { parseUpdate } from '../../update/index.js';

export interface QueryMatcher {
  /** The parsed filter tree (for the planner); null when not analysed. */
  readonly root: MatchNode | null;
  matches(doc: Doc, env?: RuntimeEnv, details?: MatchDetails): boolean;
}

export interface CompileQueryOptions {
  readonly collator: Collator | null;
  /** User variables in scope (`let`, `c`), for `$expr`. */
  readonly variables: ReadonlySet<string>;
  /** Values of the command's `let` (and a statement's `c`), constants for `$expr`'s parse. */
  readonly constants?: ReadonlyMap<string, Value> | undefined;
  /** Optimize `$expr` as the canonical query does (query/parse.ts). */
  readonly optimizeExpr?: boolean | undefined;
}

export interface ParseUpdateOptions {
  readonly arrayFilters: readonly Doc[] | undefined;
  readonly collator: Collator | null;
  /** The statement's `c` constants (pipeline updates only). */
  readonly constants: Doc | undefined;
  /** The command's `let` variables (evaluated values, by name). */
  readonly letVariables: ReadonlyMap<string, Value>;
  readonly multi: boolean;
}

export interface UpdateDeps {
  compileQuery(filter: Doc, options: CompileQueryOptions): QueryMatcher;
  /** Parses `u` (modifier document, replacement or pipeline) once per statement. */
  parseUpdate(u: Value, options: ParseUpdateOptions): UpdateExecutor;
}

export const defaultUpdateDeps: UpdateDeps = {
  compileQuery(filter, options) {
    return compileQuery(filter, {
      collator: options.collator,
      variables: options.variables,
      constants: options.constants,
      optimizeExpr: options.optimizeExpr,
    });
  },
  parseUpdate(u, options) {
    return parseUpdate(u, {
      arrayFilters: options.arrayFilters,
      collator: options.collator,
      constants: options.constants,
      // Only a pipeline's parse reads them; it gets its own copy.
      letVariables: Array.isArray(u) ? new Map(options.letVariables) : undefined,
      multi: options.multi,
    });
  },
};
