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

import type {
  DocumentTextsRequest,
  ImportResult,
  ParseImportRequest,
  SetupCollectionsRequest,
} from './work-requests.js';
export type { CollectionText, ImportFormat, ImportResult } from './work-requests.js';

export { COLLECTION_PAGE } from './display-views.js';
export type { CollectionView, DeploymentList, DocumentView, TreeNode } from './display-views.js';
import type { CollectionView, DeploymentList, DocumentView } from './display-views.js';
export type {
  ErrorDiagnosis,
  OptionNotice,
  ShellErrorReply,
  ShellSourceRange,
  ShellStatementReply,
} from './shell-replies.js';
import type { ShellStatementReply } from './shell-replies.js';

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
 *
 * The answer is a `RunHead`: the first page of each list; the worker keeps the run for `runRange`
 * together with the run `keep` names (the one the page shows) and forgets older ones. A dry run
 * still waiting while a newer dry run arrives is out of date: it is answered code 11601
 * Interrupted without running.
 */
export interface RunScriptRequest {
  readonly id: RequestId;
  readonly type: 'runScript';
  readonly db: string;
  readonly script: string;
  readonly dryRun: boolean;
  readonly keep?: number;
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

/**
 * Items `from` (inclusive) to `to` (exclusive) of one list of a run the worker keeps (`RunHead.runId`).
 * A run the worker no longer holds (a newer run replaced it, the worker restarted) is code 11601
 * Interrupted: the page shows it as gone, never another run's items.
 */
export interface RunRangeRequest {
  readonly id: RequestId;
  readonly type: 'runRange';
  readonly runId: number;
  readonly list: RunList;
  readonly from: number;
  readonly to: number;
}

/** Documents `from` to `to` (exclusive) of a collection, with display trees. */
export interface DocumentsRequest {
  readonly id: RequestId;
  readonly type: 'documents';
  readonly db: string;
  readonly collection: string;
  readonly from: number;
  readonly to: number;
}

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
  | WhyRequest
  | RunRangeRequest
  | DocumentsRequest
  | SetupCollectionsRequest
  | ParseImportRequest
  | DocumentTextsRequest;

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
  runScript: RunHead;
  runRange: readonly RunRangeItem[];
  documents: DocumentView[];
  setupCollections: null;
  parseImport: ImportResult;
  documentTexts: readonly string[];
  deployments: DeploymentList;
  why: WhyTrace;
}

export type {
  ArrayTouchView,
  ChangeView,
  UnchangedView,
  FieldOriginName,
  UpsertView,
  ArrayFilterView,
  StatementView,
  SentCommand,
  OplogEntryView,
  ScriptRun,
  PreviewPause,
  RunHead,
  RunList,
  RunRangeItem,
  RunListItems,
  StatementEntry,
  CommandEntry,
  CardView,
  StatementHead,
} from './run-types.js';
import type { RunHead, RunList, RunRangeItem } from './run-types.js';
export { RUN_PAGE } from './run-types.js';

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
  runRange: true,
  documents: true,
  setupCollections: true,
  parseImport: true,
  documentTexts: true,
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
