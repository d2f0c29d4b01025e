/**
 * The Why trace of one update statement as plain data (strings, booleans, numbers), so it crosses
 * the worker boundary unchanged and the page renders it without knowing MongoDB's rules.
 */

/** One node of the canonical filter tree, evaluated against one document (or array element). */
export interface WhyClause {
  /** The clause as the server prints it (`{ grade: { $gte: 85 } }`), or `$and` / `$or` / … for logic. */
  readonly text: string;
  readonly verdict: boolean;
  /** The values the clause compared (`grades: [ 95, 92, 90 ]`, `qty: missing`). */
  readonly values: readonly string[];
  /** Notes in words: which array element satisfied it, the collation's effect. */
  readonly notes: readonly string[];
  readonly children: readonly WhyClause[];
}

/** One modifier leaf, in the order the server applied it to this document. */
export interface WhyStep {
  /** `$set`, `$inc`, `$addToSet` … */
  readonly operator: string;
  /** The path as written (`grades.$[g]`). */
  readonly field: string;
  /** The path it reached in this document (`grades.1`). */
  readonly path: string;
  /** Shell text of the value before (`missing` when the field did not exist). */
  readonly before: string;
  readonly after: string;
  readonly changed: boolean;
  /** Why nothing changed ("already 95", "$addToSet: element present" …), for a no-op. */
  readonly reason?: string;
}

/** One `$[identifier]` filter evaluated on one array element. */
export interface WhyArrayFilterVerdict {
  readonly identifier: string;
  /** The element's full path (`grades.2`) and value. */
  readonly path: string;
  readonly value: string;
  readonly verdict: boolean;
  /** 0 for an identifier over a top-level array path, 1 for one nested inside an element it matched (`$[a].x.$[b]`) … */
  readonly level?: number;
  /** For a non-matching element: the filter's first failing clause and the values it saw. */
  readonly failing?: string;
}

/** One stage of a pipeline update on one document: the document after it, and what it changed. */
export interface WhyStage {
  /** `$set`, `$unset`, `$replaceWith` … */
  readonly stage: string;
  /** The stage as written, in the server's rendering. */
  readonly spec: string;
  /** The whole document before and after the stage. */
  readonly before: string;
  readonly after: string;
  readonly changed: boolean;
  /** The top-level fields the stage changed, added (`before: missing`) or removed (`after: missing`). */
  readonly changes: readonly { readonly path: string; readonly before: string; readonly after: string }[];
  /** The stage's error ("code: message"): the update stops there. */
  readonly error?: string;
}

/** The collection validator's verdict on the document an update would write. */
export interface WhyValidation {
  readonly passed: boolean;
  /** `strict` / `moderate` / `off`, and `error` / `warn`, as the collection sets them. */
  readonly level: string;
  readonly action: string;
  /** For a failure: the validator's first failing clause (a `$jsonSchema` rule is one clause). */
  readonly failing?: WhyClause;
  /** For a failure: the server's `errInfo.details`, rendered. */
  readonly details?: string;
  /** What the server does with the verdict, in one sentence. */
  readonly outcome: string;
}

/** The full explanation of one document. */
export interface WhyDocument {
  /** Shell text of the document's `_id`. */
  readonly id: string;
  readonly matched: boolean;
  readonly filter: WhyClause;
  /** For a document that did not match: the first clause that failed, in evaluation order. */
  readonly firstFailing?: WhyClause;
  /** The element the positional `$` takes, in words, when the filter recorded one. */
  readonly positional?: string;
  readonly steps: readonly WhyStep[];
  readonly arrayFilters: readonly WhyArrayFilterVerdict[];
  /** A pipeline update: the document after each stage, in order (`steps` is then empty). */
  readonly stages?: readonly WhyStage[];
  /** The validator's verdict on the new document, when the collection has a validator and it changed. */
  readonly validation?: WhyValidation;
  /** The update's outcome in one sentence. */
  readonly outcome: string;
}

/** A document of the collection, in the server's order, with its verdict only (cheap). */
export interface WhyDocumentSummary {
  readonly id: string;
  readonly matched: boolean;
  /** For a non-match: the first failing clause's text and values. */
  readonly firstFailing?: string;
  /** False when the server never reached this document: `updateOne` stopped at an earlier match, or an error stopped the update. */
  readonly visited?: boolean;
  /** Why it was never visited, in one sentence. */
  readonly notVisited?: string;
}

export interface WhyTrace {
  readonly namespace: string;
  /** The collation string comparisons used, in words, or absent for the simple collation. */
  readonly collation?: string;
  readonly documents: readonly WhyDocumentSummary[];
  /** The explained document, when one was asked for and exists. */
  readonly document?: WhyDocument;
  /** Set when the statement would upsert: why, and the steps that built the new document. */
  readonly upsert?: {
    readonly reason: string;
    readonly steps: readonly WhyStep[];
    /** A pipeline upsert: the new document after each stage. */
    readonly stages?: readonly WhyStage[];
    /** The validator's verdict on the inserted document. */
    readonly validation?: WhyValidation;
  };
  /** Where the update stopped: the document whose error ended it (later documents are never visited). */
  readonly stoppedAt?: { readonly id: string; readonly error: string };
  /** The statement never ran: an earlier statement of the same ordered command failed. */
  readonly notRun?: string;
  /** The statement's error, when parsing or applying it fails ("code: message"). */
  readonly error?: string;
}
