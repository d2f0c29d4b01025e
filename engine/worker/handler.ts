/**
 * Serves protocol requests (./protocol.ts) with one `Engine`, over any `Endpoint`: the worker's
 * global scope in the browser, a `MessagePort` in Node tests.
 *
 * Requests are answered strictly in arrival order (one promise chain), so a `reset` followed by a
 * `runCommand` can never see the old engine even though `runShell` may load the shell lazily.
 * Every request gets exactly one response; nothing thrown escapes to the transport.
 */
import { parseEJSON, stringifyEJSON } from '../bson/ejson.js';
import { valuesEqual } from '../bson/compare.js';
import { isArray, isDoc, type Doc, type Value } from '../bson/values.js';
import { codeNameOf, isEngineError } from '../errors.js';
import { Engine } from '../index.js';
import { loadEngineShell, type ShellRunner } from './shell-runner.js';
import { documentTexts, documentViews } from './catalog-views.js';
import { collectionViews, deploymentList, recordPlaygroundScript, runSetup } from './playground.js';
import { RunKeeper } from './run-pages.js';
import { explainScriptCommand } from './why.js';
import { setupCollections, readImport } from './work.js';
import { RequestError, requestError, validateRequest } from './validate-request.js';
import type { WorkReaders } from './work-requests.js';
import {
  type Endpoint,
  type ProtocolError,
  type RequestType,
  type ResultByType,
  type ShellStatementReply,
  type WhyRequest,
  type WorkerRequest,
  type WorkerResponse,
} from './protocol.js';

/** Requests that change nothing: the last committed run can still be explained after them. */
const KEEPS_LAST_RUN: ReadonlySet<RequestType> = new Set(['ping', 'why', 'collections', 'deployments']);

export interface HandlerOptions {
  /** Builds the engine at start and on every `reset` (default: `new Engine()`). */
  readonly createEngine?: () => Engine;
  /**
   * Finds the shell interpreter on first use (default: engine/shell/ via `loadEngineShell`);
   * resolving to `undefined` means this build has none.
   */
  readonly loadShell?: () => Promise<ShellRunner | undefined>;
  /** The host's readers of collection and import texts (the page's worker passes web/'s). */
  readonly work?: WorkReaders;
}

/** A request handler bound to its own engine; `serveEngine` puts one on an endpoint. */
export class EngineHandler {
  private engine: Engine;
  private readonly createEngine: () => Engine;
  private readonly loadShell: () => Promise<ShellRunner | undefined>;
  private readonly work: WorkReaders | undefined;
  private shell: Promise<ShellRunner | undefined> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  /** The state before the last committed `runScript`, so Why can explain it (dropped by any other change). */
  private beforeLastRun: { readonly snapshot: ReturnType<Engine['snapshot']>; readonly script: string } | undefined;
  private readonly runs = new RunKeeper();
  /** Id of the newest dry run received: an older one still waiting is out of date. */
  private latestPreview = -1;

  constructor(options: HandlerOptions = {}) {
    this.createEngine = options.createEngine ?? (() => new Engine());
    this.loadShell = options.loadShell ?? loadEngineShell;
    this.work = options.work;
    this.engine = this.createEngine();
  }

  /** Answers one message; messages are served one after the other in arrival order. */
  handle(message: unknown): Promise<WorkerResponse> {
    if (isPreview(message)) this.latestPreview = idOf(message);
    const next = this.queue.then(() => this.serve(message));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async serve(message: unknown): Promise<WorkerResponse> {
    const id = idOf(message);
    try {
      const request = validateRequest(message);
      const result = await this.dispatch(request);
      return { id, ok: true, result };
    } catch (e) {
      return { id, ok: false, error: toProtocolError(e) };
    }
  }

  private dispatch(request: WorkerRequest): Promise<ResultByType[RequestType]> | ResultByType[RequestType] {
    if (!KEEPS_LAST_RUN.has(request.type) && !(request.type === 'runScript' && request.dryRun)) {
      this.beforeLastRun = undefined;
    }
    switch (request.type) {
      case 'ping':
        return 'pong';
      case 'reset':
        this.engine = this.createEngine();
        return null;
      case 'runCommand':
        return stringifyEJSON(this.engine.runCommand(request.db, parseDocument(request.command, 'command')));
      case 'loadCollections':
        return this.loadCollections(request.db, request.collections);
      case 'runShell':
        return this.runShell(request.db, request.script);
      case 'setup': {
        const error = runSetup(this.engine, request.db, request.reset, request.commands);
        if (error !== undefined) throw new RequestError(error);
        return null;
      }
      case 'collections':
        return collectionViews(this.engine, request.db);
      case 'runScript':
        if (request.dryRun && request.id !== this.latestPreview) {
          throw interrupted('preview cancelled: a newer preview was asked for');
        }
        return this.shellRunner().then((shell) => {
          this.runs.retain(request.keep);
          const before = request.dryRun ? undefined : this.engine.snapshot();
          const recorded = recordPlaygroundScript(this.engine, shell, request.db, request.script, request.dryRun);
          if (before !== undefined) this.beforeLastRun = { snapshot: before, script: request.script };
          return this.runs.add(recorded, request.keep);
        });
      case 'documents':
        return documentViews(this.engine, request.db, request.collection, request.from, request.to);
      case 'documentTexts':
        return documentTexts(this.engine, request.db, request.collection);
      case 'setupCollections': {
        const error = setupCollections(this.engine, this.readers(), request.db, request.collections);
        if (error !== undefined) throw new RequestError(error);
        return null;
      }
      case 'parseImport':
        return readImport(this.readers(), request.text, request.format, request.types ?? {});
      case 'runRange': {
        const pages = this.runs.get(request.runId);
        if (pages === undefined) throw interrupted(`run ${request.runId} is no longer held by the worker`);
        return pages.range(request.list, request.from, request.to);
      }
      case 'deployments':
        return deploymentList(this.engine);
      case 'why':
        return this.shellRunner().then((shell) => this.explain(shell, request));
    }
  }

  /** A Why trace on the current state (a preview), or on the state the last committed run saw. */
  private explain(shell: ShellRunner, request: WhyRequest): ResultByType['why'] {
    const target = { command: request.command, statement: request.statement, documentId: request.documentId };
    if (request.committed !== true) return explainScriptCommand(this.engine, shell, request.db, request.script, target);
    const last = this.beforeLastRun;
    if (last === undefined || last.script !== request.script) {
      const error =
        'The state this run saw is gone (the collections changed since it ran): Undo and Run again to explain it.';
      return { namespace: request.db, documents: [], error };
    }
    const now = this.engine.snapshot();
    this.engine.restore(last.snapshot);
    try {
      return explainScriptCommand(this.engine, shell, request.db, request.script, target);
    } finally {
      this.engine.restore(now);
    }
  }

  private loadCollections(db: string, collections: Readonly<Record<string, string>>): Record<string, number> {
    // Parse everything first so a bad file changes nothing.
    const parsed = Object.entries(collections).map(([name, text]) => [name, parseDocuments(name, text)] as const);
    const counts: Record<string, number> = {};
    for (const [name, documents] of parsed) {
      this.emptyCollection(db, name);
      if (documents.length > 0) {
        const reply = this.engine.runCommand(db, command(['insert', name], ['documents', documents]));
        throwIfFailed(reply);
        const writeErrors = reply.get('writeErrors');
        if (isArray(writeErrors) && writeErrors.length > 0) {
          const first = writeErrors[0];
          throw errorFromReply(isDoc(first) ? first : reply);
        }
      }
      counts[name] = documents.length;
    }
    return counts;
  }

  /** `drop`, or, for an engine without it, `delete` of every document. */
  private emptyCollection(db: string, name: string): void {
    const reply = this.engine.runCommand(db, command(['drop', name]));
    if (isOk(reply)) return;
    const code = numberOf(reply.get('code'));
    if (code === 26) return; // NamespaceNotFound: nothing to drop.
    if (code !== 59) throw errorFromReply(reply); // 59 CommandNotFound: fall back to delete.
    const deleted = this.engine.runCommand(
      db,
      command(['delete', name], ['deletes', [command(['q', new Map()], ['limit', 0])]]),
    );
    throwIfFailed(deleted);
  }

  private readers(): WorkReaders {
    if (this.work === undefined) throw requestError(115, 'This worker cannot read collection texts (no readers)');
    return this.work;
  }

  private async shellRunner(): Promise<ShellRunner> {
    this.shell ??= this.loadShell().catch((e: unknown) => {
      // A shell that fails to load is reported on every runShell, not cached as "none".
      this.shell = undefined;
      throw e;
    });
    const run = await this.shell;
    if (run === undefined) throw noShell();
    return run;
  }

  private async runShell(db: string, script: string): Promise<ShellStatementReply[]> {
    const run = await this.shellRunner();
    return run(this.engine, db, script);
  }
}

/** Serves every request arriving on `endpoint` until the endpoint goes away. */
export function serveEngine(endpoint: Endpoint, options: HandlerOptions = {}): EngineHandler {
  const handler = new EngineHandler(options);
  endpoint.addEventListener('message', (event) => {
    void handler.handle(event.data).then((response) => endpoint.postMessage(response));
  });
  return handler;
}

function interrupted(errmsg: string): RequestError {
  return new RequestError({ code: 11601, codeName: 'Interrupted', errmsg });
}

function noShell(): RequestError {
  return requestError(115, 'The shell interpreter is not available in this build');
}

function idOf(message: unknown): number {
  if (typeof message === 'object' && message !== null) {
    const id = (message as { id?: unknown }).id;
    if (typeof id === 'number') return id;
  }
  return -1;
}

function isPreview(message: unknown): boolean {
  if (typeof message !== 'object' || message === null) return false;
  const m = message as { type?: unknown; dryRun?: unknown };
  return m.type === 'runScript' && m.dryRun === true;
}

function parseValue(text: string, what: string): Value {
  try {
    return parseEJSON(text);
  } catch (e) {
    if (isEngineError(e)) throw e;
    throw requestError(9, `${what} is not valid Extended JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
}

function parseDocument(text: string, what: string): Doc {
  const value = parseValue(text, what);
  if (!isDoc(value)) throw requestError(9, `${what} must be a document`);
  return value;
}

function parseDocuments(name: string, text: string): Doc[] {
  const value = parseValue(text, `collection '${name}'`);
  if (!isArray(value) || !value.every(isDoc)) {
    throw requestError(9, `collection '${name}' must be an array of documents`);
  }
  return value as Doc[];
}

function command(...entries: [string, Value][]): Doc {
  return new Map(entries);
}

function numberOf(v: Value | undefined): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'object' && v !== null && !isArray(v) && !isDoc(v) && 'toNumber' in v) {
    return (v as { toNumber(): number }).toNumber();
  }
  if (typeof v === 'object' && v !== null && !isArray(v) && !isDoc(v) && 'value' in v) {
    const inner = (v as { value: unknown }).value;
    return typeof inner === 'number' ? inner : undefined;
  }
  return undefined;
}

function isOk(reply: Doc): boolean {
  const ok = reply.get('ok');
  return ok !== undefined && valuesEqual(ok, 1);
}

function throwIfFailed(reply: Doc): void {
  if (!isOk(reply)) throw errorFromReply(reply);
}

function errorFromReply(reply: Doc): RequestError {
  const code = numberOf(reply.get('code')) ?? 8;
  const codeName = reply.get('codeName');
  const errmsg = reply.get('errmsg');
  return new RequestError({
    code,
    codeName: typeof codeName === 'string' ? codeName : (codeNameOf(code) ?? 'UnknownError'),
    errmsg: typeof errmsg === 'string' ? errmsg : 'command failed',
  });
}

function toProtocolError(e: unknown): ProtocolError {
  if (e instanceof RequestError) return e.info;
  if (isEngineError(e)) {
    return { code: e.code, codeName: e.codeName ?? codeNameOf(e.code) ?? 'UnknownError', errmsg: e.errmsg };
  }
  const message = e instanceof Error ? e.message : String(e);
  return { code: 1, codeName: 'InternalError', errmsg: message };
}
