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
  /** The update's outcome in one sentence. */
  readonly outcome: string;
}

/** A document of the collection, in the server's order, with its verdict only (cheap). */
export interface WhyDocumentSummary {
  readonly id: string;
  readonly matched: boolean;
  /** For a non-match: the first failing clause's text and values. */
  readonly firstFailing?: string;
}

export interface WhyTrace {
  readonly namespace: string;
  /** The collation string comparisons used, in words, or absent for the simple collation. */
  readonly collation?: string;
  readonly documents: readonly WhyDocumentSummary[];
  /** The explained document, when one was asked for and exists. */
  readonly document?: WhyDocument;
  /** Set when the statement would upsert: why, and the steps that built the new document. */
  readonly upsert?: { readonly reason: string; readonly steps: readonly WhyStep[] };
  /** The statement's error, when parsing or applying it fails ("code: message"). */
  readonly error?: string;
}
