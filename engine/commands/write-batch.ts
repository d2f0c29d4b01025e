/**
 * The batch rules every write command shares (`write_ops_exec.cpp`, `checkOpCountForCommand`):
 * a batch holds 1 to 100000 statements, and statements run in order; a failing statement becomes
 * a `writeErrors` entry and, when `ordered`, stops the batch (earlier writes stay applied).
 */
import { renderDoc } from '../bson/render.js';
import { isArray, type Doc, type Value } from '../bson/values.js';
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
 * The statement-id rules (write_ops_parsers.cpp `checkOpCountForCommand` for insert, update and
 * delete; bulk_write_common.cpp `validateRequest` for bulkWrite): `stmtIds` (one id per
 * statement, used by retryable writes and resharding) must have one entry per statement
 * (InvalidLength, 8) and cannot be given with `stmtId` (InvalidOptions, 72); the write commands
 * check the count first, bulkWrite the pair first. The messages end with the serialized request;
 * here it is the command as received (the server prints its IDL serialization, whose defaulted
 * fields this engine does not reproduce; README).
 */
export function checkStatementIds(command: Doc, count: number, kind: 'write' | 'bulkWrite' = 'write'): void {
  const stmtIds = command.get('stmtIds');
  if (!isArray(stmtIds)) return;
  const written = renderDoc(new Map([...command].filter(([k]) => k !== '$db')));
  const label = kind === 'write' ? 'write command' : 'bulkWrite command';
  const trailer = kind === 'write' ? `Write command: ${written}` : `BulkWrite command: ${written}`;
  const stmtId = command.get('stmtId');
  const both = (): void => {
    if (stmtId === undefined) return;
    const pair = renderDoc(
      new Map<string, Value>([
        ['stmtId', stmtId],
        ['stmtIds', stmtIds],
      ]),
    );
    throw fail(72, `May not specify both stmtId and stmtIds in ${label}. Got ${pair}. ${trailer}`);
  };
  if (kind === 'bulkWrite') both();
  if (stmtIds.length !== count) {
    const ids = renderDoc(new Map<string, Value>([['stmtIds', stmtIds]]));
    throw fail(
      8,
      `Number of statement ids must match the number of batch entries. Got ${stmtIds.length} statement ids but ${count} operations. Statement ids: ${ids}. ${trailer}`,
    );
  }
  both();
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
