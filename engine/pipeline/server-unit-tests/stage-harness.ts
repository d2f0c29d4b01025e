/**
 * Harness for the ports of MongoDB's C++ unit tests of the update-pipeline stages
 * (src/mongo/db/exec/*_projection_executor_test.cpp, src/mongo/db/pipeline/document_source_*_test.cpp).
 * The C++ tests build one executor or stage and apply it to a document; the port runs the stage
 * through the engine's two real paths a user reaches:
 *
 * - `aggregate`: `{aggregate: 1, pipeline: [{$documents: {$literal: [doc]}}, stage]}`, so the
 *   document goes in exactly as the C++ wrote it (no `_id` added, field order kept);
 * - `update`: the document stored (as `{_id: 0, …}` when it has no `_id`) and updated with the
 *   pipeline `[stage]`; the harness's `_id: 0` is left out of the result again.
 *
 * Both must agree (document as canonical Extended JSON, or code and message) before the result is
 * compared with the C++ expectation. A case that changes or adds `_id` (which an update refuses
 * with 66) runs through `aggregate` alone (`aggregateOnly`).
 * @internal
 */
import { Int32 } from 'bson';
import { parseEJSON, parseEJSONDoc, stringifyEJSON } from '../../bson/ejson.js';
import { isDoc, type Doc, type Value } from '../../bson/values.js';
import { canon, testEngine } from '../../commands/testing.js';
import type { Engine } from '../../engine.js';

export { canon };

const DB = 'stages';
const UPDATE_PREFIX = 'Plan executor error during update :: caused by :: ';
const AGGREGATE_PREFIX = 'PlanExecutor error during aggregation :: caused by :: ';
const FIND_AND_MODIFY_PREFIX = 'Plan executor error during findAndModify :: caused by :: ';
/** find_cmd.cpp's executor context names the namespace, which differs per harness collection. */
const FIND_PREFIX = /^Executor error during find command: \S+ :: caused by :: /;
const HARNESS_ID = 0;

let shared: Engine | null = null;
let counter = 0;
function engine(): Engine {
  shared ??= testEngine();
  return shared;
}

export interface StageError {
  readonly code: number;
  readonly errmsg: string;
}
type Outcome = { readonly doc: string } | { readonly error: StageError };

function errorOf(reply: Doc): StageError | null {
  const writeErrors = reply.get('writeErrors');
  const source = Array.isArray(writeErrors) && isDoc(writeErrors[0]) ? writeErrors[0] : reply;
  if (source === reply && Number(String(reply.get('ok'))) === 1) return null;
  let errmsg = String(source.get('errmsg'));
  for (const prefix of [UPDATE_PREFIX, AGGREGATE_PREFIX, FIND_AND_MODIFY_PREFIX])
    if (errmsg.startsWith(prefix)) errmsg = errmsg.slice(prefix.length);
  errmsg = errmsg.replace(FIND_PREFIX, '');
  return { code: Number(String(source.get('code'))), errmsg };
}

function stageValue(stage: string): Value {
  return parseEJSON(stage);
}

/** The stage over `doc` through `aggregate` (the document given as `$documents`). */
export function viaAggregate(stage: string, doc: string): Outcome {
  const pipeline: Value[] = [
    new Map<string, Value>([['$documents', new Map<string, Value>([['$literal', [parseEJSONDoc(doc)]]])]]),
    stageValue(stage),
  ];
  const reply = engine().runCommand(
    DB,
    new Map<string, Value>([
      ['aggregate', new Int32(1)],
      ['pipeline', pipeline],
      ['cursor', new Map()],
    ]),
  );
  const error = errorOf(reply);
  if (error) return { error };
  const batch = (reply.get('cursor') as Doc).get('firstBatch') as Doc[];
  if (batch.length !== 1) throw new Error(`expected one document, got ${batch.length}`);
  return { doc: stringifyEJSON(batch[0]!) };
}

/** The stage over `doc` as an update pipeline `[stage]` on the stored document. */
export function viaUpdate(stage: string, doc: string): Outcome {
  const e = engine();
  const coll = `c${++counter}`;
  const input = parseEJSONDoc(doc);
  const addedId = !input.has('_id');
  const stored: Doc = addedId ? new Map<string, Value>([['_id', new Int32(HARNESS_ID)], ...input]) : input;
  const inserted = e.runCommand(
    DB,
    new Map<string, Value>([
      ['insert', coll],
      ['documents', [stored]],
    ]),
  );
  if (inserted.has('writeErrors')) throw new Error(`seed insert failed: ${stringifyEJSON(inserted)}`);
  const statement = new Map<string, Value>([
    ['q', new Map()],
    ['u', [stageValue(stage)]],
  ]);
  const reply = e.runCommand(
    DB,
    new Map<string, Value>([
      ['update', coll],
      ['updates', [statement]],
    ]),
  );
  const error = errorOf(reply);
  if (error) return { error };
  const [after] = e.documents(DB, coll);
  const out = new Map(after!);
  const id = out.get('_id');
  if (addedId && id instanceof Int32 && id.value === HARNESS_ID) out.delete('_id');
  return { doc: stringifyEJSON(out) };
}

function agreed(stage: string, doc: string, aggregateOnly: boolean): Outcome {
  const fromAggregate = viaAggregate(stage, doc);
  if (aggregateOnly) return fromAggregate;
  const fromUpdate = viaUpdate(stage, doc);
  if (JSON.stringify(fromAggregate) !== JSON.stringify(fromUpdate)) {
    throw new Error(
      `aggregate and update disagree on ${stage} over ${doc}: ${JSON.stringify(fromAggregate)} vs ${JSON.stringify(fromUpdate)}`,
    );
  }
  return fromAggregate;
}

export interface ApplyOptions {
  /** The case changes or adds `_id`: an update would refuse it (66), so only `aggregate` runs. */
  readonly aggregateOnly?: boolean;
}

/** The document `stage` makes of `doc` (canonical Extended JSON), through aggregate and update. */
export function apply(stage: string, doc: string, options: ApplyOptions = {}): string {
  const o = agreed(stage, doc, options.aggregateOnly ?? false);
  if ('error' in o) throw new Error(`unexpected error ${o.error.code}: ${o.error.errmsg}`);
  return o.doc;
}

/** `code: errmsg` of the error `stage` raises over `doc`, through aggregate and update. */
export function stageError(stage: string, doc = '{}', options: ApplyOptions = {}): string {
  const o = agreed(stage, doc, options.aggregateOnly ?? false);
  if (!('error' in o)) throw new Error(`expected an error, got ${o.doc}`);
  return `${o.error.code}: ${o.error.errmsg}`;
}

/** The error code alone (the C++ `ASSERT_THROWS_CODE`, or `ASSERT_THROWS` with the code 8.0 gives). */
export function stageCode(stage: string, doc = '{}'): number {
  return Number(stageError(stage, doc).split(':')[0]);
}

export interface FindCase {
  readonly doc: string;
  readonly projection: string;
  readonly filter?: string;
  readonly collation?: string;
}

/**
 * A find projection (`projection_ast` with find's policies: `$elemMatch`, `$slice`, positional)
 * over one stored document through `find` and through `findAndModify`'s `fields` (returning the
 * pre-image); both must agree. Returns the projected document or `code: errmsg`.
 */
export function viaFind(c: FindCase): string {
  const e = engine();
  const coll = `f${++counter}`;
  e.runCommand(
    DB,
    new Map<string, Value>([
      ['insert', coll],
      ['documents', [parseEJSONDoc(c.doc)]],
    ]),
  );
  const filter = parseEJSONDoc(c.filter ?? '{}');
  const projection = parseEJSONDoc(c.projection);
  const collation = c.collation === undefined ? [] : ([['collation', parseEJSONDoc(c.collation)]] as const);
  const found = e.runCommand(
    DB,
    new Map<string, Value>([['find', coll], ['filter', filter], ['projection', projection], ...collation]),
  );
  const modified = e.runCommand(
    DB,
    new Map<string, Value>([
      ['findAndModify', coll],
      ['query', filter],
      ['fields', projection],
      ['update', new Map<string, Value>([['$set', new Map<string, Value>([['touched', true]])]])],
      ...collation,
    ]),
  );
  const describe = (reply: Doc, value: () => Value | undefined): string => {
    const error = errorOf(reply);
    if (error) return `${error.code}: ${error.errmsg}`;
    const v = value();
    return v === undefined ? '<none>' : stringifyEJSON(v);
  };
  const fromFind = describe(found, () => ((found.get('cursor') as Doc).get('firstBatch') as Doc[])[0]);
  const fromFindAndModify = describe(modified, () => modified.get('value') ?? undefined);
  if (fromFind !== fromFindAndModify) {
    throw new Error(`find and findAndModify disagree on ${c.projection}: ${fromFind} vs ${fromFindAndModify}`);
  }
  return fromFind;
}
