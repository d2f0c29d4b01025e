/**
 * Helpers shared by the command handlers: the target collection name, the effective collation,
 * cursor replies, and the compiled filter.
 */
import { Int32, Long } from 'bson';
import { isDoc, typeOf, type Doc, type Value } from '../bson/values.js';
import type { RuntimeEnv } from '../runtime.js';
import { resolveCollation, type CollationInfo } from '../catalog/collation-info.js';
import type { Collection } from '../catalog/collection.js';
import { fail } from '../errors.js';
import type { CommandContext } from './context.js';
import { numberArg, wrongTypeError } from './fields.js';
import { buildCommandEnv } from './update/env.js';

/** The collection named by the command's first field (must be a string: 73 otherwise). */
export function targetCollectionName(ctx: CommandContext): string {
  const v = ctx.command.get(ctx.name);
  if (typeof v !== 'string') {
    throw fail(73, `collection name has invalid type ${v === undefined ? 'missing' : typeOf(v)}`);
  }
  if (v === '') throw fail(73, `Invalid namespace specified '${ctx.db}.'`);
  return v;
}

/**
 * The collation an operation runs with: its own `collation` when given (`{locale: 'simple'}`
 * forces binary comparison), else the collection's default. Null means simple.
 */
export function effectiveCollation(collection: Collection | undefined, spec: Value | undefined): CollationInfo | null {
  if (spec !== undefined) return resolveCollation(spec);
  return collection?.collation ?? null;
}

/** `cursor.batchSize` / `batchSize`: how many documents the first batch holds (undefined: all). */
export interface BatchOptions {
  readonly batchSize?: number | undefined;
  /** `singleBatch: true`: close the cursor after the first batch. */
  readonly singleBatch?: boolean | undefined;
}

/**
 * Splits a result into the first batch and an open cursor for the rest. Without a batch size
 * everything goes in the first batch (the server would stop at 101 documents or 16 MiB).
 */
function firstBatchAndCursor(
  ctx: CommandContext | null,
  ns: string,
  docs: readonly Value[],
  options: BatchOptions,
): [Value[], Long] {
  const size = options.batchSize;
  if (ctx === null || size === undefined || docs.length <= size) return [[...docs], Long.fromNumber(0)];
  const batch = docs.slice(0, size);
  if (options.singleBatch) return [batch, Long.fromNumber(0)];
  const cursor = ctx.catalog.cursors.create(ns, docs as Doc[], size);
  return [batch, cursor.id];
}

/** `{cursor: {firstBatch, id, ns}}` (find/aggregate order). */
export function findCursorReply(
  ns: string,
  batch: readonly Value[],
  ctx: CommandContext | null = null,
  options: BatchOptions = {},
): Doc {
  const [first, id] = firstBatchAndCursor(ctx, ns, batch, options);
  return cursorReply([
    ['firstBatch', first],
    ['id', id],
    ['ns', ns],
  ]);
}

/** `{cursor: {id, ns, firstBatch}}` (listCollections/listIndexes order). */
export function listCursorReply(
  ns: string,
  batch: readonly Value[],
  ctx: CommandContext | null = null,
  options: BatchOptions = {},
): Doc {
  const [first, id] = firstBatchAndCursor(ctx, ns, batch, options);
  return cursorReply([
    ['id', id],
    ['ns', ns],
    ['firstBatch', first],
  ]);
}

/** `{cursor: {…}}` with the cursor fields in the given order (the two commands' orders differ). */
function cursorReply(cursor: readonly [string, Value][]): Doc {
  return new Map<string, Value>([['cursor', new Map<string, Value>(cursor)]]);
}

/** The `batchSize` inside a `cursor: {batchSize}` option (aggregate, list commands). */
export function cursorBatchSize(command: Doc, context: string): number | undefined {
  const cursor = command.get('cursor');
  if (!isDoc(cursor)) return undefined;
  for (const k of cursor.keys()) {
    if (k !== 'batchSize') throw fail(40415, `BSON field '${context}.cursor.${k}' is an unknown field.`);
  }
  const v = cursor.get('batchSize');
  if (v === undefined) return undefined;
  const n = numberArg(v);
  if (n === undefined) throw wrongTypeError(`${context}.cursor.batchSize`, v, 'number');
  if (n < 0) throw fail(51024, `BSON field 'batchSize' value must be >= 0, actual value '${String(v)}'`);
  return Math.trunc(n);
}

export function int32(n: number): Int32 {
  return new Int32(n);
}

/** Reply integer fields: int32 when it fits, else int64 (as the server's appendNumber). */
export function replyNumber(n: number): Int32 | Long {
  return n <= 2147483647 && n >= -2147483648 ? new Int32(n) : Long.fromNumber(n);
}

/**
 * The RuntimeEnv of a read/delete command: `let` variables (each an expression evaluated once,
 * through the update family's env builder), `$$NOW` = the command's start time,
 * `$$CLUSTER_TIME` = a timestamp of that second.
 */
export function commandEnv(ctx: CommandContext): RuntimeEnv {
  const letDoc = ctx.command.get('let');
  return buildCommandEnv(ctx.startedAt, isDoc(letDoc) ? letDoc : undefined, null).env;
}
