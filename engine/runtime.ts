/**
 * What an operation carries at run time besides the document: variables (`let`, `c`, system
 * variables resolved once per command) and the clocks. Built once per command, read by the query
 * matcher (`$expr`), the expression evaluator and the update executors.
 */
import type { Timestamp } from 'bson';
import type { Value } from './bson/values.js';

export interface RuntimeEnv {
  /** User variables from the command's `let` and the statement's `c`, by name without `$$`. */
  readonly variables: ReadonlyMap<string, Value>;
  /** `$$NOW`: one value for the whole command. */
  readonly now: Date;
  /** `$$CLUSTER_TIME`: one value for the whole command. */
  readonly clusterTime: Timestamp;
  /**
   * A fresh cluster time per call, for `$currentDate: {$type: "timestamp"}` (current_date_node.cpp
   * ticks the cluster clock each time it applies). Absent where nothing is written (previews of a
   * single document): `clusterTime` is used.
   */
  readonly tickClusterTime?: (() => Timestamp) | undefined;
}

/** Filled by query matching: the array index the positional `$` operator uses. */
export interface MatchDetails {
  /** Index (as a string) in the first array the query traversed to find its match. */
  elemMatchKey?: string | undefined;
}
