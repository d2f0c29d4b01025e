/**
 * What a write command tells the playground besides its reply: per statement, the plan it used,
 * every document it touched (before/after, modified paths, array elements touched, oplog `o`),
 * and for an upsert where each field of the inserted document came from.
 * Delivered through `UpdateObserver` / the `details` of `runUpdateWithDetails`, never in the reply.
 */
import type { Doc, Value } from '../bson/values.js';
import type { ErrorInfo } from '../errors.js';
import type { ArrayTouch } from '../update/executor.js';
import type { ScanStage } from './update-plan.js';

export interface DocumentChange {
  readonly before: Doc;
  /** The stored result (equal to `before` for a no-op). */
  readonly after: Doc;
  readonly noop: boolean;
  readonly modifiedPaths: readonly string[];
  readonly arrayTouches: readonly ArrayTouch[];
  /** The oplog `o` written (null for a no-op). */
  readonly oplog: Doc | null;
}

/**
 * Where a field of an upserted document came from:
 * - `query`: copied from an equality in `q` (the seed);
 * - `update`: written by an update operator or a pipeline stage;
 * - `setOnInsert`: written by `$setOnInsert`;
 * - `replacement`: from a replacement document;
 * - `generatedId`: the `_id` ObjectId the server generated.
 */
export type FieldOrigin = 'query' | 'update' | 'setOnInsert' | 'replacement' | 'generatedId';

export interface UpsertInsertDetail {
  /** The seed built from the query (before the update applied). */
  readonly seed: Doc;
  /** The inserted document. */
  readonly doc: Doc;
  /** Dotted path → origin, in the document's order of first appearance. */
  readonly origins: ReadonlyMap<string, FieldOrigin>;
  readonly modifiedPaths: readonly string[];
  readonly arrayTouches: readonly ArrayTouch[];
}

export interface PlanSummary {
  readonly stage: ScanStage;
  readonly indexName?: string | undefined;
  readonly docsExamined: number;
  readonly keysExamined: number;
}

export interface StatementDetail {
  readonly index: number;
  readonly plan: PlanSummary | undefined;
  readonly nMatched: number;
  readonly nModified: number;
  readonly documents: readonly DocumentChange[];
  readonly upsert: UpsertInsertDetail | undefined;
  /** Present when the statement failed (writeErrors entry or whole-command error). */
  readonly error: ErrorInfo | undefined;
  /** Set when a losing concurrent upsert retried as an update (see interleave). */
  readonly retriedAsUpdate?: boolean | undefined;
}

export interface UpdateObserver {
  onStatement(detail: StatementDetail): void;
}

/** Collects statement details in order (a ready-made observer). */
export class DetailsCollector implements UpdateObserver {
  readonly statements: StatementDetail[] = [];
  onStatement(detail: StatementDetail): void {
    this.statements.push(detail);
  }
}

export function idOf(doc: Doc): Value | undefined {
  return doc.get('_id');
}
