/**
 * How a shell method reads its arguments (as mongosh's `assertArgsDefinedType` checks them, with
 * mongosh's messages) and how an API method's result becomes a script value. Used by the method
 * tables in methods.ts.
 */
import type { Doc, Value } from '../bson/values.js';
import { Int32, isDoc, Long } from '../bson/values.js';
import { Double } from 'bson';
import { invalidArgument, jsTypeName } from './bson-helpers.js';
import {
  CursorHandle,
  ExplainableHandle,
  isShellResult,
  ResultHandle,
  toBson,
  type RuntimeValue,
} from './runtime-values.js';
import { ShellRuntimeError } from './shell-errors.js';
import type { ShellCursorTarget, ShellExplainableTarget, TargetResult } from './targets.js';

export interface MethodContext {
  /** mongosh's name for the method, e.g. `Collection.updateOne` (used in argument errors). */
  readonly fn: string;
  /** The source text of the callee, e.g. `db.c.distinct` (used in "is not a function"). */
  readonly callee: string;
  readonly warn: (message: string) => void;
}

export type Method<T> = (target: T, args: readonly RuntimeValue[], ctx: MethodContext) => RuntimeValue;

// ---- argument conversion ------------------------------------------------------------------------

export function missing(i: number, ctx: MethodContext): ShellRuntimeError {
  return invalidArgument(`Missing required argument at position ${i} (${ctx.fn})`);
}

export function wrongType(i: number, expected: string, v: RuntimeValue, ctx: MethodContext): ShellRuntimeError {
  const got = Array.isArray(v) ? 'array' : jsTypeName(v);
  return invalidArgument(`Argument at position ${i} must be of type ${expected}, got ${got} instead (${ctx.fn})`);
}

export function where(i: number, ctx: MethodContext): () => string {
  return () => `Argument at position ${i} (${ctx.fn})`;
}

/** A required document argument. */
export function reqDoc(args: readonly RuntimeValue[], i: number, ctx: MethodContext): Doc {
  const v = args[i];
  if (v === undefined || v === null) throw missing(i, ctx);
  if (!isDoc(v)) throw wrongType(i, 'object', v, ctx);
  return toBson(v, where(i, ctx)) as Doc;
}

/** An optional document argument (`undefined` and `null` both mean "not given"). */
export function optDoc(args: readonly RuntimeValue[], i: number, ctx: MethodContext): Doc | undefined {
  const v = args[i];
  if (v === undefined || v === null) return undefined;
  if (!isDoc(v)) throw wrongType(i, 'object', v, ctx);
  return toBson(v, where(i, ctx)) as Doc;
}

/** A required argument of any BSON type (an update document or pipeline, a list of operations). */
export function reqValue(args: readonly RuntimeValue[], i: number, ctx: MethodContext): Value {
  const v = args[i];
  if (v === undefined) throw missing(i, ctx);
  return toBson(v, where(i, ctx));
}

/** `(filter, update, options?)`: the update, replace and findOneAndUpdate/Replace methods. */
export function filterUpdateOptions(args: readonly RuntimeValue[], ctx: MethodContext): [Doc, Value, Doc | undefined] {
  return [reqDoc(args, 0, ctx), reqValue(args, 1, ctx), optDoc(args, 2, ctx)];
}

/** `(filter?, projection?, options?)`: find and findOne. */
export function queryProjectionOptions(
  args: readonly RuntimeValue[],
  ctx: MethodContext,
): [Doc | undefined, Doc | undefined, Doc | undefined] {
  return [optDoc(args, 0, ctx), optDoc(args, 1, ctx), optDoc(args, 2, ctx)];
}

export function reqString(args: readonly RuntimeValue[], i: number, ctx: MethodContext): string {
  const v = args[i];
  if (v === undefined) throw missing(i, ctx);
  if (typeof v !== 'string') throw wrongType(i, 'string', v, ctx);
  return v;
}

export function optString(args: readonly RuntimeValue[], i: number, ctx: MethodContext): string | undefined {
  const v = args[i];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw wrongType(i, 'string', v, ctx);
  return v;
}

export function reqNumber(args: readonly RuntimeValue[], i: number, ctx: MethodContext): number {
  const v = args[i];
  if (v === undefined) throw missing(i, ctx);
  if (typeof v === 'number') return v;
  if (v instanceof Int32 || v instanceof Double) return v.value;
  if (v instanceof Long) return v.toNumber();
  throw wrongType(i, 'number', v, ctx);
}

/** `db.runCommand("ping")` is shorthand for `{ping: 1}`. */
export function commandDoc(args: readonly RuntimeValue[], ctx: MethodContext): Doc {
  const v = args[0];
  if (typeof v === 'string') return new Map<string, Value>([[v, new Int32(1)]]);
  return reqDoc(args, 0, ctx);
}

export function notAFunction(ctx: MethodContext): ShellRuntimeError {
  return new ShellRuntimeError('TypeError', `${ctx.callee} is not a function`);
}

// ---- result wrapping ------------------------------------------------------------------------------

/** What an API method returned, as a script value. */
export function wrapResult(r: TargetResult): RuntimeValue {
  if (r === undefined) return undefined;
  if (isShellResult(r)) return new ResultHandle(r);
  if (
    typeof r === 'object' &&
    r !== null &&
    !(r instanceof Map) &&
    !Array.isArray(r) &&
    !(r instanceof Date) &&
    !('_bsontype' in r)
  ) {
    // A chainable object: a cursor (has toArray) or an explainable.
    if (typeof (r as { toArray?: unknown }).toArray === 'function') return new CursorHandle(r as ShellCursorTarget);
    return new ExplainableHandle(r as ShellExplainableTarget);
  }
  return r as Value;
}

/** The API method, or "… is not a function" when this API does not offer it. */
export function need<F>(f: F | undefined, ctx: MethodContext): F {
  if (f === undefined) throw notAFunction(ctx);
  return f;
}

export function reqArray(args: readonly RuntimeValue[], i: number, ctx: MethodContext): Value[] {
  const v = args[i];
  if (v === undefined) throw missing(i, ctx);
  if (!Array.isArray(v)) throw wrongType(i, 'array', v, ctx);
  return toBson(v, where(i, ctx)) as Value[];
}

export function reqDocArray(args: readonly RuntimeValue[], i: number, ctx: MethodContext): Doc[] {
  const arr = reqArray(args, i, ctx);
  for (const d of arr) if (!isDoc(d)) throw wrongType(i, 'array of objects', args[i], ctx);
  return arr as Doc[];
}

/** `remove(query, justOne)` takes a boolean or an options document. */
export function removeOptions(args: readonly RuntimeValue[], i: number, ctx: MethodContext): Doc | boolean | undefined {
  const v = args[i];
  if (typeof v === 'boolean') return v;
  return optDoc(args, i, ctx);
}

export function deprecated(ctx: MethodContext, message: string): void {
  ctx.warn(`DeprecationWarning: ${message}`);
}
