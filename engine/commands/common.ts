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
import { buildCommandEnv } from './update-env.js';

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

/** `{cursor: {firstBatch, id: 0, ns}}` (find/aggregate order). */
export function findCursorReply(ns: string, batch: readonly Value[]): Doc {
  return new Map<string, Value>([
    [
      'cursor',
      new Map<string, Value>([
        ['firstBatch', [...batch]],
        ['id', Long.fromNumber(0)],
        ['ns', ns],
      ]),
    ],
  ]);
}

/** `{cursor: {id: 0, ns, firstBatch}}` (listCollections/listIndexes order). */
export function listCursorReply(ns: string, batch: readonly Value[]): Doc {
  return new Map<string, Value>([
    [
      'cursor',
      new Map<string, Value>([
        ['id', Long.fromNumber(0)],
        ['ns', ns],
        ['firstBatch', [...batch]],
      ]),
    ],
  ]);
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
