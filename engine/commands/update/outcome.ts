/** What a statement's match phase finds and what its write phase reports. */
import type { Doc, Value } from '../../bson/values.js';
import type { EngineError } from '../../errors.js';
import type { MatchDetails } from '../../runtime.js';
import type { StatementDetail } from './details.js';
import type { AccessPlan } from './plan.js';

export interface MatchedDocument {
  readonly doc: Doc;
  readonly details: MatchDetails;
  /** The record id the scan found it under. */
  readonly rid?: number | undefined;
}

export interface MatchResult {
  readonly plan: AccessPlan;
  readonly matches: readonly MatchedDocument[];
  readonly docsExamined: number;
}

/** A statement's outcome: counts, or the error that stopped it (with what it did before). */
export type WriteOutcome =
  | {
      readonly ok: true;
      readonly n: number;
      readonly nModified: number;
      /** Set when the statement inserted. */
      readonly upsertedId: Value | undefined;
      readonly detail: StatementDetail;
    }
  | { readonly ok: false; readonly error: EngineError; readonly detail: StatementDetail };
