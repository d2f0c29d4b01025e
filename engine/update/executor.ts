/**
 * One interface for every kind of update (modifier document, replacement, pipeline), after the
 * server's `update_executor.h`. An executor is parsed once per statement and applied to each
 * matched document; the oplog diff and the modified paths come out of the same pass.
 */
import type { Doc } from '../bson/values.js';
import type { DeferredDoc } from '../catalog/oplog-records.js';
import type { RuntimeEnv } from '../runtime.js';

export interface ApplyParams {
  /** Positional `$`: the array index the query matched (`MatchDetails.elemMatchKey`). */
  readonly matchedArrayIndex?: string | undefined;
  /** True when applying to the base document of an upsert that inserts. */
  readonly isUpsertInsert: boolean;
  /** Paths that may not change: always `_id`, plus the shard key on sharded collections. */
  readonly immutablePaths: readonly string[];
  readonly env: RuntimeEnv;
  /**
   * Whether the storage could apply the update in place (`updateWithDamagesSupported`: false when
   * the collection has a validator). Defaults to true.
   */
  readonly inPlaceUpdates?: boolean;
  /** The BSON size of the document being updated, when storage knows it (no full size walk). */
  readonly originalSize?: number | undefined;
}

/** One array element a positional form touched, for the playground's highlighting. */
export interface ArrayTouch {
  /** `$[identifier]` → the identifier; `$[]` → `[]`; positional `$` → `$`. */
  readonly operator: string;
  /** Full path with concrete indexes, e.g. `grades.2` or `a.0.b.1`. */
  readonly path: string;
  /** Whether the element's value changed (false: matched by the filter but left equal). */
  readonly changed: boolean;
}

export interface ApplyResult {
  /** The new document (`_id` first). A new object: the input document is never mutated. */
  readonly doc: Doc;
  /** True when nothing changed (no oplog entry, not counted in nModified). */
  readonly noop: boolean;
  /** Dotted paths that changed, in application order. */
  readonly modifiedPaths: readonly string[];
  /** The oplog `o` field: `{$v: 2, diff}` or the full replacement document; null on a no-op. */
  readonly oplog: Doc | null;
  /**
   * When set, builds `oplog` on demand (the same document): writers keep it instead of `oplog`, so
   * an entry nobody reads costs no diff document.
   */
  readonly oplogBuilder?: DeferredDoc | undefined;
  /** The BSON size of `doc` when the executor computed it (a changed document). */
  readonly size?: number | undefined;
  readonly arrayTouches: readonly ArrayTouch[];
}

export interface UpdateExecutor {
  readonly kind: 'modifier' | 'replacement' | 'pipeline';
  /**
   * `UpdateDriver::needMatchDetails`: only a positional `$` reads the query's match details
   * (`matchedArrayIndex`), so only then does the scan ask the matcher to record them.
   */
  readonly needsMatchDetails?: boolean;
  apply(doc: Doc, params: ApplyParams): ApplyResult;
}
