/**
 * The examples gallery's scenario model (public/examples/scenarios.json, parsed by load.ts).
 *
 * Documents and option values are engine values (`Doc`), parsed from relaxed Extended JSON typed
 * by form, so `1` stays an int32, `1.0` a double and `{"$numberLong": "5"}` an int64; the
 * `*Text` fields hold the same values as relaxed EJSON text for the collection editors.
 */
import type { Doc, Value } from '../../engine/bson/values.js';

export type Deployment = 'standalone' | 'replicaset' | 'sharded';

export type ExpectedOutcome = 'ok' | 'error' | 'writeError' | 'writeConcernError';

export const DEPLOYMENTS: readonly Deployment[] = ['standalone', 'replicaset', 'sharded'];
/** A scenario without `deployment` runs on a 3-member replica set: the oplog and transactions are real there. */
export const DEFAULT_DEPLOYMENT: Deployment = 'replicaset';
export const OUTCOMES: readonly ExpectedOutcome[] = ['ok', 'error', 'writeError', 'writeConcernError'];

/** The course's sections, in the order a learner follows them (the gallery shows them in this order). */
export const COURSE_SECTIONS = [
  'Basics',
  'Operators',
  'Arrays and arrayFilters',
  'Upserts',
  'Pipelines',
  'Bulk and errors',
  'Collation',
  'Deployments',
] as const;

export type CourseSection = (typeof COURSE_SECTIONS)[number];

/** Collection options passed to `create` (the subset the gallery uses). */
export interface ScenarioCollectionOptions {
  readonly validator?: Doc;
  readonly validationLevel?: 'off' | 'strict' | 'moderate';
  readonly validationAction?: 'error' | 'warn';
  readonly collation?: Doc;
}

/** An index to build before the script runs: `key` plus createIndexes options (unique, …). */
export interface ScenarioIndex {
  readonly key: Doc;
  /** Always set after loading (the server's default name, e.g. `status_1`, when omitted). */
  readonly name: string;
  /** The whole spec as sent to createIndexes (key, name, unique, collation, …). */
  readonly spec: Doc;
}

export interface ScenarioCollection {
  readonly name: string;
  readonly documents: readonly Doc[];
  /** The documents as a relaxed EJSON array (2-space indented), for an editor. */
  readonly documentsText: string;
  readonly options?: ScenarioCollectionOptions;
  readonly indexes: readonly ScenarioIndex[];
}

/** Member states and shard layout for non-standalone scenarios (consumed by issue 8's deployments). */
export interface DeploymentSetup {
  /** The replica set's members (for a sharded cluster: the members of each shard's replica set). */
  readonly members?: readonly { readonly state: 'up' | 'down' }[];
  readonly shards?: number;
  /** Collection name → shard key pattern. */
  readonly shardKeys?: Readonly<Record<string, Doc>>;
}

export interface ScenarioExpect {
  readonly outcome: ExpectedOutcome;
  /** The error code: required for writeError / writeConcernError; optional for 'error' (shell-side
   *  refusals such as "Update document requires atomic operators" carry none). */
  readonly code?: number;
  /** A substring the error message must contain. */
  readonly messageIncludes?: string;
  /**
   * Fields the last statement's printed value must contain (a subset, compared numerically across
   * number types), or a scalar it must equal (e.g. a count).
   */
  readonly result?: Value;
  /** Exact contents of these collections after the script (types and field order included). */
  readonly after?: Readonly<Record<string, readonly Doc[]>>;
}

export interface Scenario {
  readonly id: string;
  readonly title: string;
  /** One sentence on what the example teaches. */
  readonly description: string;
  /** The course section it belongs to. */
  readonly section: CourseSection;
  /** The part of the update command's specification it covers, e.g. "Upsert rules 2" (never shown;
   *  gallery.test.ts checks the coverage). */
  readonly specRef: string;
  readonly database: string;
  /** In the file's order. */
  readonly collections: readonly ScenarioCollection[];
  /** mongosh syntax, as a user would type it (several statements allowed, one per line). */
  readonly script: string;
  readonly expect: ScenarioExpect;
  readonly deployment: Deployment;
  readonly setup?: DeploymentSetup;
  /** Set when MongoDB 8.0 differs from older versions (or the scenario uses a playground extension). */
  readonly versionNote?: string;
}

export interface ScenarioGallery {
  readonly version: 1;
  readonly scenarios: readonly Scenario[];
}
