/**
 * Harness for the ports of MongoDB's matcher unit tests (`src/mongo/db/matcher/*_test.cpp`). The
 * C++ tests build a `MatchExpression` and call `matchesBSON(doc)`; the observable counterpart is a
 * filter run by a command over stored documents. Every question here is asked of the real engine
 * three ways — `find` (the `_id`s returned), `count` (`n`) and `update` with the filter as `q`
 * (`nMatched`, an empty `$set` that changes nothing) — and the three must agree before the answer
 * is returned, so a test sees what every command a user reaches would see.
 *
 * Documents and filters are Extended JSON text (JSON integers in int32 range are int32, `5.0` is a
 * double), as `BSON("a" << 5)` is an int32 and `BSON("a" << 5.0)` a double. A document without
 * `_id` is stored with `_id` = its position in the list.
 * @internal
 */
import { parseEJSON, parseEJSONDoc, stringifyEJSON } from '../../bson/ejson.js';
import { isDoc, type Doc, type Value } from '../../bson/values.js';
import { testEngine } from '../../commands/testing.js';
import type { Engine } from '../../engine.js';

export interface FilterError {
  readonly code: number;
  readonly errmsg: string;
}

export interface MatchOptions {
  /** The commands' `collation` (Extended JSON text). */
  readonly collation?: string;
  /** `let` variables (Extended JSON text) for find and update; `count` takes none, so it is skipped. */
  readonly let?: string;
}

const DB = 'matcher';
let engine: Engine | null = null;
let counter = 0;

function db(): Engine {
  engine ??= testEngine({ topology: 'standalone' });
  return engine;
}

function command(body: Doc): Doc {
  return db().runCommand(DB, body);
}

function errorOf(reply: Doc): FilterError | null {
  const writeErrors = reply.get('writeErrors');
  const source = Array.isArray(writeErrors) && isDoc(writeErrors[0]) ? writeErrors[0] : reply;
  if (source === reply && Number(String(reply.get('ok'))) === 1) return null;
  return { code: Number(String(source.get('code'))), errmsg: String(source.get('errmsg')) };
}

function withOptions(body: Doc, options: MatchOptions, withLet = false): Doc {
  if (options.collation !== undefined) body.set('collation', parseEJSONDoc(options.collation));
  if (withLet && options.let !== undefined) body.set('let', parseEJSONDoc(options.let));
  return body;
}

/** Stores `docs` in a fresh collection (a document without `_id` gets its position) and returns its name. */
function collectionOf(docs: readonly string[]): string {
  const name = `c${++counter}`;
  const stored = docs.map((text, i) => {
    const doc = parseEJSONDoc(text);
    return doc.has('_id') ? doc : new Map<string, Value>([['_id', i], ...doc]);
  });
  command(new Map<string, Value>([['create', name]]));
  if (stored.length > 0) {
    const reply = command(
      new Map<string, Value>([
        ['insert', name],
        ['documents', stored],
      ]),
    );
    if (errorOf(reply) !== null) throw new Error(`insert failed: ${stringifyEJSON(reply)}`);
  }
  return name;
}

type Outcome = { ids: string[] } | { error: FilterError };

function viaFind(coll: string, filter: Value, options: MatchOptions): Outcome {
  const reply = command(
    withOptions(
      new Map<string, Value>([
        ['find', coll],
        ['filter', filter],
        ['batchSize', 1000],
      ]),
      options,
      true,
    ),
  );
  const error = errorOf(reply);
  if (error) return { error };
  const batch = (reply.get('cursor') as Doc).get('firstBatch') as Doc[];
  return { ids: batch.map((d) => stringifyEJSON(d.get('_id')!)) };
}

function viaCount(coll: string, filter: Value, options: MatchOptions): number | FilterError {
  const reply = command(
    withOptions(
      new Map<string, Value>([
        ['count', coll],
        ['query', filter],
      ]),
      options,
    ),
  );
  return errorOf(reply) ?? Number(String(reply.get('n')));
}

function viaUpdate(coll: string, filter: Value, options: MatchOptions): number | FilterError {
  const statement = withOptions(
    new Map<string, Value>([
      ['q', filter],
      ['u', new Map([['$set', new Map()]])],
      ['multi', true],
    ]),
    options,
  );
  const reply = command(
    withOptions(
      new Map<string, Value>([
        ['update', coll],
        ['updates', [statement]],
      ]),
      options.let === undefined ? {} : { let: options.let },
      true,
    ),
  );
  return errorOf(reply) ?? Number(String(reply.get('n')));
}

/** Stands in for `count` when `let` is given (count has no `let`): find's answer, so it agrees. */
function found0(coll: string, filter: Value, options: MatchOptions): number | FilterError {
  const found = viaFind(coll, filter, options);
  return 'error' in found ? found.error : found.ids.length;
}

function same(a: FilterError, b: FilterError): boolean {
  return a.code === b.code && a.errmsg === b.errmsg;
}

function ask(filterText: string, docs: readonly string[], options: MatchOptions): Outcome {
  const filter = parseEJSON(filterText);
  const coll = collectionOf(docs);
  const found = viaFind(coll, filter, options);
  const counted = options.let === undefined ? viaCount(coll, filter, options) : found0(coll, filter, options);
  const updated = viaUpdate(coll, filter, options);
  const describe = (x: number | FilterError): string => (typeof x === 'number' ? String(x) : `${x.code} ${x.errmsg}`);
  if ('error' in found) {
    if (
      typeof counted === 'number' ||
      typeof updated === 'number' ||
      !same(found.error, counted) ||
      !same(found.error, updated)
    ) {
      throw new Error(
        `${filterText}: find failed with ${describe(found.error)}, count ${describe(counted)}, update ${describe(updated)}`,
      );
    }
    return found;
  }
  if (counted !== found.ids.length || updated !== found.ids.length) {
    throw new Error(
      `${filterText}: find matched ${found.ids.length}, count ${describe(counted)}, update ${describe(updated)}`,
    );
  }
  return found;
}

/** The positions (in `docs`) of the documents `filter` matches, the same through find, count and update. */
export function matching(filter: string, docs: readonly string[], options: MatchOptions = {}): number[] {
  const outcome = ask(filter, docs, options);
  if ('error' in outcome) throw new Error(`${filter}: failed with ${outcome.error.code} ${outcome.error.errmsg}`);
  const positions = new Map(
    docs.map((text, i) => {
      const id = parseEJSONDoc(text).get('_id');
      return [id === undefined ? stringifyEJSON(i) : stringifyEJSON(id), i] as const;
    }),
  );
  return outcome.ids.map((id) => positions.get(id)!).sort((a, b) => a - b);
}

/** Whether `filter` matches the one document `doc` (find, count and update agreeing). */
export function matches(filter: string, doc: string, options: MatchOptions = {}): boolean {
  return matching(filter, [doc], options).length === 1;
}

/** The error every command answers for `filter` (find, count and update must give the same code and message). */
export function filterError(filter: string, options: MatchOptions = {}): FilterError {
  const outcome = ask(filter, ['{}'], options);
  if (!('error' in outcome)) throw new Error(`${filter}: expected an error, matched ${outcome.ids.length}`);
  return outcome.error;
}

/** `filter` is accepted by the parser (it runs without an error). */
export function parses(filter: string, options: MatchOptions = {}): boolean {
  return !('error' in ask(filter, ['{}'], options));
}

/**
 * The C++ `MatchDetails::elemMatchKey()` as a user sees it: the array position the positional `$`
 * of an update takes after `filter` matched `doc` (`{$set: {"<array>.$": <marker>}}`, then the
 * position of the marker in `array`), or the update's error when no position was recorded.
 */
export function elemMatchKey(filter: string, doc: string, array: string): number | FilterError {
  const coll = collectionOf([doc]);
  const marker = '\u0000elemMatchKey';
  const reply = command(
    new Map<string, Value>([
      ['update', coll],
      [
        'updates',
        [
          new Map<string, Value>([
            ['q', parseEJSON(filter)],
            ['u', new Map([['$set', new Map([[`${array}.$`, marker]])]])],
          ]),
        ],
      ],
    ]),
  );
  const error = errorOf(reply);
  if (error) return error;
  if (Number(String(reply.get('n'))) !== 1) throw new Error(`${filter}: did not match ${doc}`);
  const stored = command(
    new Map<string, Value>([
      ['find', coll],
      ['filter', new Map()],
    ]),
  );
  let value: Value | undefined = ((stored.get('cursor') as Doc).get('firstBatch') as Doc[])[0];
  for (const part of array.split('.'))
    value = isDoc(value) ? value.get(part) : Array.isArray(value) ? value[Number(part)] : undefined;
  if (!Array.isArray(value)) throw new Error(`${array} is not an array after the update`);
  return value.indexOf(marker);
}
