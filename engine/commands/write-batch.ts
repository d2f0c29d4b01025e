/**
 * The batch rules every write command shares (`write_ops_exec.cpp`, `checkOpCountForCommand`):
 * a batch holds 1 to 100000 statements, and statements run in order; a failing statement becomes
 * a `writeErrors` entry and, when `ordered`, stops the batch (earlier writes stay applied).
 */
import type { Doc, Value } from '../bson/values.js';
import { fail, isEngineError } from '../errors.js';
import { int32 } from './common.js';
import { writeErrorEntry } from './write-errors.js';

export const MAX_WRITE_BATCH_SIZE = 100000;

/** Code 16 unless the batch holds 1 to MAX_WRITE_BATCH_SIZE statements. */
export function checkWriteBatchSize(count: number): void {
  if (count < 1 || count > MAX_WRITE_BATCH_SIZE) {
    throw fail(16, `Write batch sizes must be between 1 and ${MAX_WRITE_BATCH_SIZE}. Got ${count} operations.`);
  }
}

/**
 * Runs statements `0 … count-1`; a statement calls `wrote()` for each document it writes, so a
 * failure part-way still counts the documents written before it. Engine errors become
 * `writeErrors` entries; anything else propagates. Returns `{n, writeErrors?}` (insert, delete).
 */
export function runWriteBatch(
  count: number,
  ordered: boolean,
  statement: (index: number, wrote: () => void) => void,
): Doc {
  let n = 0;
  const wrote = (): void => {
    n++;
  };
  const writeErrors: Doc[] = [];
  for (let i = 0; i < count; i++) {
    try {
      statement(i, wrote);
    } catch (e) {
      if (!isEngineError(e)) throw e;
      writeErrors.push(writeErrorEntry(i, e));
      if (ordered) break;
    }
  }
  const reply = new Map<string, Value>([['n', int32(n)]]);
  if (writeErrors.length > 0) reply.set('writeErrors', writeErrors);
  return reply;
}
