/**
 * The page ↔ engine-worker protocol: a closed union of requests, each answered by exactly one
 * response carrying the request's `id`.
 *
 * BSON values never cross the boundary as JS objects: structured clone would turn `Map`
 * documents, `Int32`, `Long` or `Decimal128` into plain objects and lose their types. They travel
 * as canonical Extended JSON text, which the engine parses with `parseEJSON` and writes with
 * `stringifyEJSON`. Errors travel as plain data `{code, codeName, errmsg}` because structured
 * clone keeps only `message` of an `Error` and drops MongoDB's code.
 *
 * Example exchange:
 *   → {id: 1, type: 'runCommand', db: 'test', command: '{"find": "inventory"}'}
 *   ← {id: 1, ok: true, result: '{"cursor": {"firstBatch": […], "id": {"$numberLong": "0"}, …}, "ok": {"$numberDouble": "1.0"}}'}
 * A command that fails inside the engine (a reply with `ok: 0`) is still `ok: true` here: the
 * protocol reports the server's reply verbatim, the way the wire protocol does. `ok: false` means
 * the request itself could not be served (unparsable EJSON, unknown request type, no shell …).
 */

/** Correlates a response with its request; the client picks increasing integers. */
export type RequestId = number;

export interface PingRequest {
  readonly id: RequestId;
  readonly type: 'ping';
}

/** Drop every database: the engine starts again empty. */
export interface ResetRequest {
  readonly id: RequestId;
  readonly type: 'reset';
}

/** Run one database command, given as canonical EJSON text of the command document. */
export interface RunCommandRequest {
  readonly id: RequestId;
  readonly type: 'runCommand';
  readonly db: string;
  readonly command: string;
}

/**
 * Replace whole collections: each named collection is dropped and refilled with the documents,
 * in order. `collections` maps a collection name to the EJSON text of an array of documents
 * (canonical or relaxed, e.g. a file from public/examples/ passed through unchanged).
 */
export interface LoadCollectionsRequest {
  readonly id: RequestId;
  readonly type: 'loadCollections';
  readonly db: string;
  readonly collections: Readonly<Record<string, string>>;
}

/**
 * Run a mongosh-style script (`db.inventory.updateOne(…)`) with `db` as the current database.
 * Each script runs in a fresh shell session (no bindings carry over), against the same engine.
 */
export interface RunShellRequest {
  readonly id: RequestId;
  readonly type: 'runShell';
  readonly db: string;
  readonly script: string;
}

/**
 * Rebuild the database from scratch: drop it (when `reset`), then run `commands` (canonical EJSON
 * command documents: create, createIndexes, insert …) in order, stopping at the first failure.
 */
export interface SetupRequest {
  readonly id: RequestId;
  readonly type: 'setup';
  readonly db: string;
  readonly reset: boolean;
  readonly commands: readonly string[];
}

/** The database's collections as display data (documents, options, indexes). */
export interface CollectionsRequest {
  readonly id: RequestId;
  readonly type: 'collections';
  readonly db: string;
}

/**
 * Run a script for the playground: like `runShell`, plus every command the shell sent, the
 * update details of each write (before/after, paths, array touches, upsert origins), the oplog
 * entries written and, unless `dryRun`, the collections afterwards. A dry run leaves the engine
 * exactly as it was (snapshot → run → restore), oplog included.
 */
export interface RunScriptRequest {
  readonly id: RequestId;
  readonly type: 'runScript';
  readonly db: string;
  readonly script: string;
  readonly dryRun: boolean;
}

/** The deployments this build can simulate, and the current one. */
export interface DeploymentsRequest {
  readonly id: RequestId;
  readonly type: 'deployments';
}

/**
 * The Why trace of one update statement of a script (engine/why/): the script is replayed as a dry
 * run up to `command` (its index in `ScriptRun.commands`), whose `updates[statement]` is traced on
 * the state it saw instead of being sent. `documentId` (shell text of an `_id`, as `diff-document`'s
 * `data-id`) names the document explained in full; every document gets its verdict.
 */
export interface WhyRequest {
  readonly id: RequestId;
  readonly type: 'why';
  readonly db: string;
  readonly script: string;
  readonly command: number;
  readonly statement: number;
  readonly documentId?: string;
  /** Explain the last committed `runScript` of this `script` on the state it saw (kept until anything else changes). */
  readonly committed?: boolean;
}

export type {
  WhyTrace,
  WhyClause,
  WhyStep,
  WhyDocument,
  WhyDocumentSummary,
  WhyArrayFilterVerdict,
  WhyStage,
  WhyValidation,
} from '../why/types.js';
import type { WhyTrace } from '../why/types.js';

export type WorkerRequest =
  | PingRequest
  | ResetRequest
  | RunCommandRequest
  | LoadCollectionsRequest
  | RunShellRequest
  | SetupRequest
  | CollectionsRequest
  | RunScriptRequest
  | DeploymentsRequest
  | WhyRequest;

export type RequestType = WorkerRequest['type'];

/** What a successful answer carries, per request type. */
export interface ResultByType {
  /** Always the string "pong": proof the worker is up and the engine constructed. */
  ping: 'pong';
  reset: null;
  /** Canonical EJSON text of the command's reply document. */
  runCommand: string;
  /** How many documents each collection now holds. */
  loadCollections: Record<string, number>;
  /** One entry per statement that ran (the script stops at the first error, as `mongosh file.js`). */
  runShell: ShellStatementReply[];
  setup: null;
  collections: CollectionView[];
  runScript: ScriptRun;
  deployments: DeploymentList;
  why: WhyTrace;
}

/** A value for display: scalars carry their shell text and BSON type name. */
export type TreeNode =
  | { readonly t: 'doc'; readonly fields: readonly (readonly [string, TreeNode])[] }
  | { readonly t: 'arr'; readonly items: readonly TreeNode[] }
  | { readonly t: 'val'; readonly type: string; readonly text: string };

export interface DocumentView {
  /** Typed relaxed Extended JSON (int `5`, double `5.0`, long `{"$numberLong": "5"}`), editable. */
  readonly ejson: string;
  readonly tree: TreeNode;
}

export interface CollectionView {
  readonly name: string;
  readonly documents: readonly DocumentView[];
  /** `create` options (validator, collation …) as typed EJSON text, when there are any. */
  readonly options?: string;
  /** The shard key (typed EJSON on one line) when the collection is sharded. */
  readonly shardKey?: string;
  /** Index specs other than `_id_`, as typed EJSON text of an array, when there are any. */
  readonly indexes?: string;
}

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

export interface DeploymentList {
  readonly current: string;
  readonly available: readonly string[];
}

/** Where a statement is in the script: offsets into the text, 1-based lines and columns. */
export interface ShellSourceRange {
  readonly startOffset: number;
  readonly endOffset: number;
  readonly startLine: number;
  readonly startColumn: number;
  readonly endLine: number;
  readonly endColumn: number;
}

/** A shell error as data: mongosh's class name and header line, plus the server's code if any. */
export interface ShellErrorReply {
  /** MongoServerError, MongoBulkWriteError, TypeError, SyntaxError … */
  readonly name: string;
  readonly message: string;
  readonly code?: number;
  readonly codeName?: string;
  /** The line mongosh prints: `MongoServerError[CodeName]: message`. */
  readonly display: string;
  /** For a syntax error: 1-based position. */
  readonly line?: number;
  readonly column?: number;
  /** Canonical EJSON of the server's error document, when there was one. */
  readonly errorResponse?: string;
}

/** Help for one error, chosen by the engine from its code and message (engine/worker/diagnose.ts). */
export interface ErrorDiagnosis {
  /** This error in plain words. */
  readonly help?: string;
  /** "Did you mean $inc?", computed from the engine's own lists. */
  readonly suggestion?: string;
  /** The text in the statement the error is about (`$icn`, `arrayFilter`, `upsert`), for the editor marker. */
  readonly token?: string;
}

/**
 * An option of an update helper that has no effect as written (`arrayFilter`, `upsert: "true"`):
 * mongosh and the driver ignore it without an error (engine/worker/option-notices.ts).
 */
export interface OptionNotice {
  readonly option: string;
  readonly message: string;
  /** "Did you mean arrayFilters?", from the helper's real option list. */
  readonly suggestion?: string;
  /** Offsets of the offending token in the statement's `source` (end exclusive). */
  readonly start: number;
  readonly end: number;
}

/** The outcome of one shell statement. */
export interface ShellStatementReply {
  readonly index: number;
  readonly range: ShellSourceRange;
  readonly source: string;
  /** Lines mongosh prints before the output (DeprecationWarning: …). */
  readonly warnings: readonly string[];
  /** none | value | result | documents | text | error (engine/shell's ShellOutput kinds). */
  readonly kind: 'none' | 'value' | 'result' | 'documents' | 'text' | 'error';
  /** Exactly what mongosh would print for the statement, warnings included. */
  readonly printed: string;
  /** Canonical EJSON of the statement's value (a document, an UpdateResult as a document …). */
  readonly value?: string;
  readonly error?: ShellErrorReply;
  /** For an error the engine can explain: help, "did you mean", the offending token. */
  readonly diagnosis?: ErrorDiagnosis;
  /** For a runtime error: the part of the statement it points at (a call, a name), when known. */
  readonly errorRange?: ShellSourceRange;
  /** Options written that have no effect (ignored by mongosh and the driver), with a "did you mean". */
  readonly notices?: readonly OptionNotice[];
}

/** A MongoDB error as plain data (code 1 InternalError for anything unexpected). */
export interface ProtocolError {
  readonly code: number;
  readonly codeName: string;
  readonly errmsg: string;
}

export interface OkResponse<T extends RequestType = RequestType> {
  readonly id: RequestId;
  readonly ok: true;
  readonly result: ResultByType[T];
}

export interface ErrorResponse {
  readonly id: RequestId;
  readonly ok: false;
  readonly error: ProtocolError;
}

export type WorkerResponse<T extends RequestType = RequestType> = OkResponse<T> | ErrorResponse;

/** A request as the client writes it, before it is given an id. */
export type RequestBody<T extends RequestType = RequestType> = T extends RequestType
  ? Omit<Extract<WorkerRequest, { type: T }>, 'id'>
  : never;

/**
 * The one thing both sides need from a transport: a browser `Worker`, a worker's global scope
 * (`self`) and Node's `MessagePort` all fit, which is what lets Node tests drive the handler
 * over a `MessageChannel`.
 */
export interface Endpoint {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { readonly data: unknown }) => void): void;
}

const REQUEST_TYPES: Readonly<Record<RequestType, true>> = {
  ping: true,
  reset: true,
  runCommand: true,
  loadCollections: true,
  runShell: true,
  setup: true,
  collections: true,
  runScript: true,
  deployments: true,
  why: true,
};

/** True for every string that names a request type. */
export function isRequestType(x: unknown): x is RequestType {
  return typeof x === 'string' && Object.prototype.hasOwnProperty.call(REQUEST_TYPES, x);
}

/** Structural check of a response received from the other side. */
export function isWorkerResponse(x: unknown): x is WorkerResponse {
  if (typeof x !== 'object' || x === null) return false;
  const r = x as { id?: unknown; ok?: unknown; error?: unknown };
  if (typeof r.id !== 'number') return false;
  if (r.ok === true) return 'result' in r;
  return r.ok === false && typeof r.error === 'object' && r.error !== null;
}
