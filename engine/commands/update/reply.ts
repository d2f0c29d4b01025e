/**
 * The `update` command's reply, in the field order mongod serializes it
 * (`UpdateCommandReply`: the chained `WriteCommandReplyBase` {n, electionId?, opTime?,
 * writeErrors?, retriedStmtIds?} first, then `upserted?`, then `nModified`; the command layer then
 * appends `writeConcernError?` and `ok`):
 *
 *   { n, writeErrors?: [{index, code, errmsg, ...extra}], upserted?: [{index, _id}], nModified, writeConcernError?, ok: 1.0 }
 *
 * Write errors carry no `codeName` on the wire (`write_ops::WriteError::serialize`: index, code,
 * errmsg, then the error's extra info such as `errInfo` or `keyPattern`/`keyValue`).
 */
import { Int32 } from 'bson';
import type { Doc, Value } from '../../bson/values.js';
import { EngineError, isEngineError } from '../../errors.js';

/** Context the server prepends to errors raised while the plan runs (per-document errors, 8.0). */
export const UPDATE_EXEC_CONTEXT = 'Plan executor error during update';
export const FIND_AND_MODIFY_EXEC_CONTEXT = 'Plan executor error during findAndModify';

/** Total error-message bytes after which later messages are emptied (write_ops_exec generateError). */
const MAX_ERROR_MESSAGES_SIZE = 1024 * 1024;

export interface WriteErrorRecord {
  readonly index: number;
  readonly error: EngineError;
}

export interface UpsertedRecord {
  readonly index: number;
  readonly _id: Value;
}

/** Accumulates per-statement results as the batch runs. */
export class WriteResultBuilder {
  n = 0;
  nModified = 0;
  readonly upserted: UpsertedRecord[] = [];
  readonly writeErrors: WriteErrorRecord[] = [];
  private errorBytes = 0;

  addError(index: number, error: EngineError): void {
    this.errorBytes += error.errmsg.length;
    // Once the messages pass 1 MiB, later ones are sent empty, so a reply stays bounded.
    const e =
      this.writeErrors.length > 0 && this.errorBytes > MAX_ERROR_MESSAGES_SIZE
        ? new EngineError(error.code, '', error.extra)
        : error;
    this.writeErrors.push({ index, error: e });
  }
}

/** `{index, code, errmsg, ...extra}`. */
export function writeErrorDoc(index: number, error: EngineError): Doc {
  const d: Doc = new Map<string, Value>([
    ['index', new Int32(index)],
    ['code', new Int32(error.code)],
    ['errmsg', error.errmsg],
  ]);
  for (const [k, v] of error.extra) d.set(k, v as Value);
  return d;
}

export function buildUpdateReply(result: WriteResultBuilder, writeConcernError?: Doc): Doc {
  const reply: Doc = new Map<string, Value>();
  reply.set('n', new Int32(result.n));
  if (result.writeErrors.length > 0) {
    reply.set(
      'writeErrors',
      result.writeErrors.map((w) => writeErrorDoc(w.index, w.error)),
    );
  }
  if (result.upserted.length > 0) {
    reply.set(
      'upserted',
      result.upserted.map(
        (u) =>
          new Map<string, Value>([
            ['index', new Int32(u.index)],
            ['_id', u._id],
          ]),
      ),
    );
  }
  reply.set('nModified', new Int32(result.nModified));
  if (writeConcernError) reply.set('writeConcernError', writeConcernError);
  reply.set('ok', 1);
  return reply;
}

/** A command-level failure reply: `{ok: 0, errmsg, code, codeName, ...extra}`. */
export function buildErrorReply(error: EngineError): Doc {
  const d: Doc = new Map<string, Value>([
    ['ok', 0],
    ['errmsg', error.errmsg],
    ['code', new Int32(error.code)],
  ]);
  if (error.codeName !== undefined) d.set('codeName', error.codeName);
  for (const [k, v] of error.extra) d.set(k, v as Value);
  return d;
}

/** Converts anything thrown into an EngineError (non-engine errors become InternalError 1). */
export function toEngineError(e: unknown): EngineError {
  if (isEngineError(e)) return e;
  const msg = e instanceof Error ? e.message : String(e);
  return new EngineError(1, msg);
}

/** Interruption-category errors fail the whole command instead of becoming a write error. */
export function isInterruption(e: EngineError): boolean {
  return e.code === 50 || e.code === 11601 || e.code === 11600;
}

/** Marks an error as raised while the plan ran, so it gets the executor prefix (interruptions stay bare). */
export function runtimeError(e: unknown, context: string): EngineError {
  const err = toEngineError(e);
  if (isInterruption(err)) return err;
  return err.withContext(context);
}
