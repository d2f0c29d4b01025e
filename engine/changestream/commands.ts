/**
 * The command side of change streams:
 *   aggregate with `$changeStream` first → `{cursor: {firstBatch, postBatchResumeToken, id, ns}}`
 *     (the cursor stays open, id non-zero, even with an empty first batch);
 *   getMore on such a cursor → `{cursor: {nextBatch, postBatchResumeToken, id, ns}}` with the
 *     events since the last batch (id 0 once an invalidate was returned).
 * Targets: `{aggregate: 'coll'}` watches one collection, `{aggregate: 1}` a database, and
 * `{aggregate: 1, pipeline: [{$changeStream: {allChangesForCluster: true}}]}` on `admin` the
 * whole deployment. Streams are registered per catalog under a cursor id taken from the
 * catalog's cursor store, so killCursors closes them like any cursor.
 */
import { Long } from 'bson';
import { isDoc, type Doc, type Value } from '../bson/values.js';
import type { Catalog } from '../catalog/catalog.js';
import type { CommandContext } from '../commands/context.js';
import { commandEnv } from '../commands/common.js';
import { fail, isEngineError } from '../errors.js';
import type { StreamScope } from './events.js';
import { ChangeStream, parseChangeStreamSpec } from './stream.js';

/** First batches hold at most this many events without `cursor.batchSize` (the server's 101). */
const DEFAULT_FIRST_BATCH = 101;

const STREAMS = new WeakMap<Catalog, Map<string, ChangeStream>>();

function streamsOf(catalog: Catalog): Map<string, ChangeStream> {
  let m = STREAMS.get(catalog);
  if (!m) {
    m = new Map();
    STREAMS.set(catalog, m);
  }
  return m;
}

/** Whether a pipeline is a change stream (`$changeStream` as its first stage). */
export function isChangeStreamPipeline(pipeline: readonly Value[]): boolean {
  const first = pipeline[0];
  return isDoc(first) && first.has('$changeStream');
}

function scopeOf(ctx: CommandContext, collName: string | null, spec: Value): StreamScope {
  const all = isDoc(spec) && spec.get('allChangesForCluster') === true;
  if (all) {
    if (ctx.db !== 'admin' || collName !== null) {
      throw fail(
        40574,
        "A $changeStream with 'allChangesForCluster:true' may only be opened on the 'admin' database, and with no collection name",
      );
    }
    return { kind: 'cluster' };
  }
  if (ctx.db === 'admin' || ctx.db === 'config' || ctx.db === 'local') {
    throw fail(73, `$changeStream may not be opened on the internal ${ctx.db} database`);
  }
  if (collName === null) return { kind: 'database', db: ctx.db };
  if (collName.startsWith('system.'))
    throw fail(73, `$changeStream may not be opened on the internal ${ctx.db}.${collName} collection`);
  return { kind: 'collection', db: ctx.db, coll: collName };
}

function cursorDoc(batchField: string, events: Doc[], stream: ChangeStream, id: Long): Doc {
  return new Map<string, Value>([
    [
      'cursor',
      new Map<string, Value>([
        [batchField, events],
        ['postBatchResumeToken', stream.postBatchResumeToken()],
        ['id', id],
        ['ns', stream.ns],
      ]),
    ],
  ]);
}

/**
 * Runs `stream.poll`, closing the cursor when it fails (the server kills it on any error).
 * getMore errors carry the server's "Executor error during getMore" context.
 */
function pollOrClose(
  ctx: CommandContext,
  stream: ChangeStream,
  id: Long,
  limit: number | undefined,
  errorContext?: string,
): Doc[] {
  try {
    const { events, invalidated } = stream.poll(limit);
    if (invalidated) close(ctx.catalog, id);
    return events;
  } catch (e) {
    close(ctx.catalog, id);
    if (isEngineError(e) && errorContext !== undefined) throw e.withContext(errorContext);
    throw e;
  }
}

function close(catalog: Catalog, id: Long): void {
  catalog.cursors.kill(id);
  streamsOf(catalog).delete(id.toString());
}

/** The aggregate reply of a `$changeStream` pipeline. */
export function changeStreamAggregate(
  ctx: CommandContext,
  collName: string | null,
  pipeline: readonly Value[],
  batchSize: number | undefined,
): Doc {
  const spec = (pipeline[0] as Doc).get('$changeStream')!;
  if (ctx.command.get('autocommit') === false) {
    throw fail(263, 'Stage not supported inside of a multi-document transaction: $changeStream');
  }
  const scope = scopeOf(ctx, collName, spec);
  const parsed = parseChangeStreamSpec(ctx.catalog, spec, scope);
  const ns = collName === null ? `${ctx.db}.$cmd.aggregate` : `${ctx.db}.${collName}`;
  const stream = new ChangeStream(ctx.catalog, ns, parsed, pipeline.slice(1), commandEnv(ctx));
  const id = ctx.catalog.cursors.create(ns, [], 0).id;
  streamsOf(ctx.catalog).set(id.toString(), stream);
  const events = pollOrClose(ctx, stream, id, batchSize ?? DEFAULT_FIRST_BATCH);
  return cursorDoc('firstBatch', events, stream, stream.isClosed ? Long.fromNumber(0) : id);
}

/** getMore on a change stream cursor; undefined when `id` is not one (the ordinary getMore runs). */
export function changeStreamGetMore(ctx: CommandContext, id: Long, batchSize: number | undefined): Doc | undefined {
  const streams = streamsOf(ctx.catalog);
  const stream = streams.get(id.toString());
  if (!stream) return undefined;
  if (!ctx.catalog.cursors.get(id)) {
    streams.delete(id.toString());
    return undefined;
  }
  const ns = `${ctx.db}.${String(ctx.command.get('collection'))}`;
  if (stream.ns !== ns) {
    throw fail(13, `Requested getMore on namespace '${ns}', but cursor belongs to a different namespace ${stream.ns}`);
  }
  const events = pollOrClose(ctx, stream, id, batchSize === 0 ? undefined : batchSize, 'Executor error during getMore');
  return cursorDoc('nextBatch', events, stream, stream.isClosed ? Long.fromNumber(0) : id);
}
