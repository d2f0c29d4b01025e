/**
 * What a script run looks like to the page (engine/worker/protocol.ts re-exports these).
 *
 * A run's full report (`ScriptRun`) can be tens of megabytes at 10,000 documents (display trees of
 * every before/after, every oplog entry): the worker keeps it and the page receives a `RunHead`
 * (counts, totals and the first page of each list), then asks for more by range (`runRange`) as
 * the user scrolls. Ranges are built on request from the run the worker recorded.
 */
import type { CollectionView, ProtocolError, ShellStatementReply, TreeNode } from './protocol.js';

/** An element an array operator reached: `$[id]` → id, `$[]` → `[]`, positional → `$`. */
export interface ArrayTouchView {
  readonly operator: string;
  readonly path: string;
  readonly changed: boolean;
}

export interface ChangeView {
  readonly before: TreeNode;
  readonly after: TreeNode;
  readonly noop: boolean;
  readonly modifiedPaths: readonly string[];
  readonly arrayTouches: readonly ArrayTouchView[];
  /** The oplog `o` written, typed EJSON (absent for a no-op). */
  readonly oplog?: string;
  /** For a document left as it was: why (absent when not explained, beyond the first 100 per statement). */
  readonly unchanged?: UnchangedView;
}

/**
 * Why a matched document was not modified:
 * - `equal`: every modifier was a no-op on it, one reason per modifier (`$set qty: already 5`);
 * - `refused`: the statement failed on this document (a validator), its errInfo in readable lines;
 * - `not-reached`: a multi update stopped at `stoppedAt`'s failure before reaching it.
 */
export type UnchangedView =
  | { readonly kind: 'equal'; readonly reasons: readonly string[] }
  | { readonly kind: 'refused'; readonly lines: readonly string[] }
  | { readonly kind: 'not-reached'; readonly stoppedAt: string };

export type FieldOriginName = 'query' | 'update' | 'setOnInsert' | 'replacement' | 'generatedId';

export interface UpsertView {
  readonly doc: TreeNode;
  /** Dotted path → where the field came from. */
  readonly origins: readonly (readonly [string, FieldOriginName])[];
  readonly arrayTouches: readonly ArrayTouchView[];
}

export interface ArrayFilterView {
  readonly identifier: string;
  /** The filter document as typed EJSON on one line. */
  readonly filter: string;
}

export interface StatementView {
  readonly index: number;
  readonly nMatched: number;
  readonly nModified: number;
  readonly documents: readonly ChangeView[];
  readonly upsert?: UpsertView;
  readonly error?: ProtocolError;
  /** The write error's errInfo (a validator's failing document id and rule …), typed EJSON. */
  readonly errInfo?: string;
  /** How many matched documents a multi update never reached because it stopped at an error. */
  readonly notReached?: number;
  /** An ordered batch stopped at an earlier statement's error: this statement never ran. */
  readonly notRun?: { readonly stoppedAt: number };
  /** The command's write concern error: the write itself was applied. */
  readonly writeConcernError?: ProtocolError & { readonly errInfo?: string };
  /** Where MongoDB 8.0 behaves differently from older servers here, in one line with versions. */
  readonly versionNote?: string;
  /**
   * Where the playground only approximates MongoDB for this statement (a collation option the
   * engine cannot reproduce for the locale), in one line; the reply is still the engine's best.
   */
  readonly fidelityNote?: string;
  readonly arrayFilters: readonly ArrayFilterView[];
  /**
   * Set for the two sides of `upsertRace` (a playground simulation of two clients, not a MongoDB
   * command): which simulated client ran it and the operation it ran.
   */
  readonly simulatedClient?: { readonly client: number; readonly operation: string };
  /**
   * Set when the statement ran inside a transaction whose writes were not kept: `aborted` (an
   * error or abortTransaction ended it), `open` (the script ended before commitTransaction).
   */
  readonly transaction?: 'aborted' | 'open';
}

/** One command the shell sent, as sent, with the reply and (for writes) the details. */
export interface SentCommand {
  readonly name: string;
  readonly db: string;
  /** Typed EJSON of the command document, indented. */
  readonly command: string;
  readonly reply: string;
  readonly ok: boolean;
  readonly statements: readonly StatementView[];
  /** Index (`ShellStatementReply.index`) of the script statement that sent it, when known. */
  readonly statement?: number;
}

export interface OplogEntryView {
  readonly op: string;
  readonly ns: string;
  /** Shell text of the target document's `_id`, when the entry names one. */
  readonly id?: string;
  readonly text: string;
  /** The entry in words, one line per diff section. */
  readonly explanation: readonly string[];
}

export interface ScriptRun {
  readonly dryRun: boolean;
  readonly statements: readonly ShellStatementReply[];
  readonly commands: readonly SentCommand[];
  readonly oplog: readonly OplogEntryView[];
  /** Why `oplog` is empty whatever the script did: a standalone server keeps no oplog. */
  readonly noOplog?: 'standalone';
  /** The collections after the run (absent for a dry run). */
  readonly collections?: readonly CollectionView[];
  /** Milliseconds the run took inside the worker. */
  readonly elapsedMs: number;
  /**
   * Set when a dry run stopped before a command whose effect a preview could not undo
   * (deployment, users and login, sessions and transactions): the page asks for Run instead.
   */
  readonly paused?: PreviewPause;
}

export interface PreviewPause {
  /** The command the preview did not send. */
  readonly command: string;
  /** Index of the statement that would have sent it. */
  readonly statement: number;
  /** That statement's first line in the script (1-based), when known. */
  readonly line?: number;
  /** Why, in a sentence. */
  readonly reason: string;
}

/** A statement's header in the diff pane: everything but its documents, which come as cards. */
export interface StatementHead extends Omit<StatementView, 'documents'> {
  /** How many documents the statement wrote or matched unchanged (its change cards). */
  readonly documentCount: number;
}

/**
 * One card of the diff pane, in the run's order: per statement a header, one card per document it
 * wrote (or matched unchanged), then the upserted document. `command` is the index of the command
 * that sent it (`why` requests name it), `colours` the array operators' colour order.
 */
export type CardView =
  | {
      readonly kind: 'header';
      readonly command: number;
      readonly commandName: string;
      readonly statement: StatementHead;
      readonly title: string;
      /** The script statement that sent the command (line and source), when the worker knew it. */
      readonly source?: { readonly index: number; readonly startLine: number; readonly text: string };
      readonly colours: readonly (readonly [string, number])[];
    }
  | {
      readonly kind: 'change';
      readonly command: number;
      readonly commandName: string;
      readonly statementIndex: number;
      readonly change: ChangeView;
      readonly colours: readonly (readonly [string, number])[];
    }
  | {
      readonly kind: 'upsert';
      readonly command: number;
      readonly commandName: string;
      readonly statement: StatementHead;
      readonly colours: readonly (readonly [string, number])[];
    };

/** A script statement's outcome, with where its documents are in the diff pane. */
export interface StatementEntry extends ShellStatementReply {
  /** Set when the statement sent writes with details: its cards (documents + upserts) … */
  readonly diffDocuments?: number;
  /** … and the index of its first card (a header). */
  readonly firstCard?: number;
}

/** A sent command without its per-document details (those are cards). */
export interface CommandEntry extends Omit<SentCommand, 'statements'> {
  /** One of upsertRace's simulated clients sent it (not a MongoDB command). */
  readonly simulation: boolean;
  /** The first line of the script statement that sent it, when known. */
  readonly line?: number;
}

/** The lists of a run the page reads by range. */
export interface RunListItems {
  statements: StatementEntry;
  commands: CommandEntry;
  oplog: OplogEntryView;
  cards: CardView;
}
export type RunList = keyof RunListItems;

/** Items of each list in a `RunHead` (a small run fits whole); the page asks for ranges of this size. */
export const RUN_PAGE: { readonly [L in RunList]: number } = { statements: 200, commands: 50, oplog: 50, cards: 40 };
export type RunRangeItem = RunListItems[RunList];

/**
 * A run as the page first receives it: counts, totals and the first page of each list. The rest
 * stays in the worker under `runId` (`runRange`), until the page shows another run.
 */
export interface RunHead {
  readonly runId: number;
  readonly dryRun: boolean;
  readonly elapsedMs: number;
  readonly paused?: PreviewPause;
  readonly noOplog?: 'standalone';
  /** The collections after the run (absent for a dry run). */
  readonly collections?: readonly CollectionView[];
  readonly counts: { readonly [L in RunList]: number };
  /** Documents and upserts over all statements (the Diff tab's count). */
  readonly documentCount: number;
  /** The statements the editor marks: those that failed or carry option notices. */
  readonly marked: readonly StatementEntry[];
  /** Each arrayFilters identifier with its colour, in statement order (the editor highlights them). */
  readonly filterColours: readonly (readonly [string, number])[];
  /** The first page of each list (all of it for a small run). */
  readonly first: { readonly [L in RunList]: readonly RunListItems[L][] };
}
