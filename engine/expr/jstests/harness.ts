/**
 * Harness for the ports of MongoDB's jstests/aggregation/expressions/: every expression is run
 * through the real engine twice, as `aggregate` with `$set` + `$project` and as an `update` whose
 * pipeline is `[{$set: {r: <expr>}}]`, and both must agree (value and BSON type, or code and
 * message) before the test compares them with the server's answer.
 * @internal
 */
import { isDoc, type Doc, type Value } from '../../bson/values.js';
import { testEngine } from '../../commands/testing.js';
import type { Engine } from '../../engine.js';
import { d, v } from '../test-helpers.js';

export type Lit = Parameters<typeof v>[0];
export interface ExprError {
  code: number;
  errmsg: string;
}

const UPDATE_PREFIX = 'Plan executor error during update :: caused by :: ';
/** aggregate folds constant subexpressions when it optimizes the pipeline; update does not. */
export const OPTIMIZE_PREFIX = 'Failed to optimize pipeline :: caused by :: ';
/** The context aggregate's executor adds to an error raised while it reads documents (handleCursorCommand). */
export const EXECUTOR_PREFIX = 'PlanExecutor error during aggregation :: caused by :: ';

let engine: Engine | null = null;
let counter = 0;

function db(): Engine {
  engine ??= testEngine();
  return engine;
}

function command(body: Doc): Doc {
  return db().runCommand('jstests', body);
}

function errorOf(reply: Doc): ExprError | null {
  const writeErrors = reply.get('writeErrors');
  const source = Array.isArray(writeErrors) && isDoc(writeErrors[0]) ? writeErrors[0] : reply;
  if (source === reply && Number(String(reply.get('ok'))) === 1) return null;
  const errmsg = String(source.get('errmsg'));
  return {
    code: Number(String(source.get('code'))),
    errmsg: errmsg.startsWith(UPDATE_PREFIX) ? errmsg.slice(UPDATE_PREFIX.length) : errmsg,
  };
}

/** Inserts `docs` into a fresh collection and returns its name. */
export function collection(docs: Lit[]): string {
  const name = `c${++counter}`;
  const reply = command(v({ insert: name, documents: docs.map((x) => d(x as { [k: string]: Lit })) }) as Doc);
  if (reply.has('writeErrors')) throw new Error(`insert failed: ${String(reply.get('writeErrors'))}`);
  return name;
}

/** Runs an aggregate over `coll` and returns its documents, or throws the reply's error as {code, errmsg}. */
export function aggregate(coll: string, pipeline: Lit[]): Doc[] {
  const reply = command(v({ aggregate: coll, pipeline, cursor: {} }) as Doc);
  const error = errorOf(reply);
  if (error) throw error;
  return ((reply.get('cursor') as Doc).get('firstBatch') as Doc[]).slice();
}

/** Runs a find over `coll` with `projection` and returns its documents, or throws the reply's error. */
export function find(coll: string, filter: Lit, projection: Lit): Doc[] {
  const reply = command(v({ find: coll, filter, projection }) as Doc);
  const error = errorOf(reply);
  if (error) throw error;
  return ((reply.get('cursor') as Doc).get('firstBatch') as Doc[]).slice();
}

/** Runs `pipeline` as a multi-document update of every document of `coll`, or throws its error. */
export function updateAll(coll: string, pipeline: Lit[]): void {
  const error = errorOf(command(v({ update: coll, updates: [{ q: {}, u: pipeline, multi: true }] }) as Doc));
  if (error) throw error;
}

/** Runs a command on the harness's database (`jstests`), or on `admin` when `admin` is set; returns the raw reply. */
export function runCommand(body: Lit, admin = false): Doc {
  return admin ? db().runCommand('admin', v(body) as Doc) : command(v(body) as Doc);
}

/** The error of a reply (its first write error, or the reply itself when `ok` is 0), or null. */
export function replyError(reply: Doc): ExprError | null {
  return errorOf(reply);
}

/** Runs `u` as a multi-document update of the documents `filter` matches; returns `n` (matched), or throws its error. */
export function updateWhere(coll: string, filter: Lit, u: Lit): number {
  const reply = command(v({ update: coll, updates: [{ q: filter, u, multi: true }] }) as Doc);
  const error = errorOf(reply);
  if (error) throw error;
  return Number(String(reply.get('n')));
}

export type Outcome = { value: Value | undefined } | { error: ExprError };

/** Options of both commands: a collation (aggregate's and the update statement's). */
export interface ExprOptions {
  collation?: Lit;
}

function throughAggregate(expression: Lit, doc: Lit, options: ExprOptions): Outcome {
  const coll = collection([doc]);
  const body: Record<string, Lit> = {
    aggregate: coll,
    pipeline: [{ $set: { r: expression } }, { $project: { _id: 0, r: 1 } }],
    cursor: {},
  };
  if (options.collation) body.collation = options.collation;
  const reply = command(v(body) as Doc);
  const error = errorOf(reply);
  if (error) return { error };
  const [out] = (reply.get('cursor') as Doc).get('firstBatch') as Doc[];
  return { value: out!.get('r') };
}

function throughUpdate(expression: Lit, doc: Lit, options: ExprOptions): Outcome {
  const coll = collection([doc]);
  const statement: Record<string, Lit> = { q: {}, u: [{ $set: { r: expression } }] };
  if (options.collation) statement.collation = options.collation;
  const reply = command(v({ update: coll, updates: [statement] }) as Doc);
  const error = errorOf(reply);
  if (error) return { error };
  const found = command(v({ find: coll, projection: { _id: 0, r: 1 } }) as Doc);
  const [out] = (found.get('cursor') as Doc).get('firstBatch') as Doc[];
  return { value: out!.get('r') };
}

/**
 * aggregate's own outcome: an error raised while folding constants carries the
 * `Failed to optimize pipeline` context (see aggregateError); for the comparison with update it
 * is dropped.
 */
function outcome(expression: Lit, doc: Lit, options: ExprOptions = {}): Outcome {
  let fromAggregate = throughAggregate(expression, doc, options);
  for (const prefix of [OPTIMIZE_PREFIX, EXECUTOR_PREFIX]) {
    if ('error' in fromAggregate && fromAggregate.error.errmsg.startsWith(prefix)) {
      fromAggregate = {
        error: { code: fromAggregate.error.code, errmsg: fromAggregate.error.errmsg.slice(prefix.length) },
      };
    }
  }
  const fromUpdate = throughUpdate(expression, doc, options);
  const same = JSON.stringify(describe(fromAggregate)) === JSON.stringify(describe(fromUpdate));
  if (!same) {
    throw new Error(
      `aggregate and update disagree on ${JSON.stringify(expression)}: ${JSON.stringify(describe(fromAggregate))} vs ${JSON.stringify(describe(fromUpdate))}`,
    );
  }
  return fromAggregate;
}

function describe(o: Outcome): unknown {
  if ('error' in o) return o.error;
  return { type: o.value === undefined ? 'missing' : typeName(o.value), text: String(o.value) };
}

function typeName(x: Value): string {
  if (x === null) return 'null';
  if (typeof x === 'object') return (x as object).constructor.name;
  return typeof x;
}

/** The value of `expression` over `doc` (undefined when missing), through aggregate and update. */
export function expr(expression: Lit, doc: Lit = { _id: 0 }, options: ExprOptions = {}): Value | undefined {
  const o = outcome(expression, doc, options);
  if ('error' in o) throw new Error(`unexpected error ${o.error.code}: ${o.error.errmsg}`);
  return o.value;
}

/** The error `expression` raises over `doc`, through aggregate and update. */
export function exprError(expression: Lit, doc: Lit = { _id: 0 }): ExprError {
  const o = outcome(expression, doc);
  if (!('error' in o)) throw new Error(`expected an error, got ${String(o.value)}`);
  return o.error;
}

/** The error of `expression` through aggregate alone, as the reply says it (no prefix removed). */
export function aggregateError(expression: Lit, doc: Lit = { _id: 0 }, options: ExprOptions = {}): ExprError {
  const o = throughAggregate(expression, doc, options);
  if (!('error' in o)) throw new Error(`expected an error, got ${String(o.value)}`);
  return o.error;
}

/**
 * The outcome through one command alone, for rules where the two differ: `aggregate` optimizes
 * its pipeline, an update's pipeline is never optimized.
 */
export function viaAggregate(expression: Lit, doc: Lit = { _id: 0 }): Outcome {
  return throughAggregate(expression, doc, {});
}
export function viaUpdate(expression: Lit, doc: Lit = { _id: 0 }): Outcome {
  return throughUpdate(expression, doc, {});
}

/** The error code only (jstests' assertErrorCode). */
export function exprCode(expression: Lit, doc: Lit = { _id: 0 }): number {
  return exprError(expression, doc).code;
}

export { d, i, l, v } from '../test-helpers.js';
