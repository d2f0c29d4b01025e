/**
 * What a write command tells the playground besides its reply: per statement, the plan it used,
 * every document it touched (before/after, modified paths, array elements touched, oplog `o`),
 * and for an upsert where each field of the inserted document came from.
 * Delivered through `UpdateObserver` / the `details` of `runUpdateWithDetails`, never in the reply.
 */
import type { Doc, Value } from '../../bson/values.js';
import type { ErrorInfo } from '../../errors.js';
import type { ArrayTouch } from '../../update/executor.js';
import type { ScanStage } from './plan.js';
import { shapeAnchor } from '../../shape-anchor.js';

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
 * A written document's change whose oplog `o` is built when first read, from the same builder as
 * its oplog entry (a preview of 10,000 updates shows a few of them).
 */
export class WrittenChange implements DocumentChange {
  readonly noop = false;
  constructor(
    readonly before: Doc,
    readonly after: Doc,
    readonly modifiedPaths: readonly string[],
    readonly arrayTouches: readonly ArrayTouch[],
    private readonly written: { readonly oplog: Doc | null },
  ) {
    anchor.keep(this);
  }

  get oplog(): Doc | null {
    return this.written.oplog;
  }
}

/** Made once per written document: its anchor is taken once (shape-anchor.ts). */
const anchor = shapeAnchor(WrittenChange);

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

/**
 * What a layer around the handlers (the sharding router, transactions) tells the observer when it
 * re-runs statements one at a time or undoes what they wrote, so the details show only what was
 * committed: `mark()` before running, then `renumber` (the sub-batch's statement 0 is the caller's
 * statement `index`) or `undo` (statement `index` failed with `error`; nothing it wrote stays).
 */
export interface StatementLedger {
  mark(): number;
  renumber(mark: number, index: number): void;
  undo(mark: number, index: number, error: ErrorInfo): void;
}

/** Collects statement details in order (a ready-made observer) and honours undo/renumber. */
export class DetailsCollector implements UpdateObserver, StatementLedger {
  readonly statements: StatementDetail[] = [];
  onStatement(detail: StatementDetail): void {
    this.statements.push(detail);
  }
  mark(): number {
    return this.statements.length;
  }
  renumber(mark: number, index: number): void {
    for (let i = mark; i < this.statements.length; i++) this.statements[i] = { ...this.statements[i]!, index };
  }
  undo(mark: number, index: number, error: ErrorInfo): void {
    const undone = this.statements.splice(mark);
    this.statements.push({
      index,
      plan: undone[0]?.plan,
      nMatched: 0,
      nModified: 0,
      documents: [],
      upsert: undefined,
      error,
    });
  }
}

export function idOf(doc: Doc): Value | undefined {
  return doc.get('_id');
}
