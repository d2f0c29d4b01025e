/**
 * Which writes a transaction kept: per sent command, the transaction it ran in and whether it
 * failed; statements of a transaction that was aborted or never committed show no documents.
 */
import { isArray, isDoc, type Doc } from '../bson/values.js';
import type { RecordedCommand } from './recorded-run.js';
import { isOk } from './reply-fields.js';
import { scalarText, typedEJSON } from './views.js';

/** A transaction's identity: the session id and the transaction number, as text. */
function transactionKey(command: Doc): string | undefined {
  const lsid = command.get('lsid');
  const txnNumber = command.get('txnNumber');
  if (!isDoc(lsid) || txnNumber === undefined) return undefined;
  return `${typedEJSON(lsid, 0)}/${scalarText(txnNumber)}`;
}

/** What decides a transaction's fate, per sent command (undefined outside transactions). */
export interface TransactionStep {
  readonly key: string;
  /** The command failed or reported a write error: the server aborts the transaction. */
  readonly failed: boolean;
}

export function transactionStep(name: string, command: Doc, reply: Doc): TransactionStep | undefined {
  if (command.get('autocommit') !== false) return undefined;
  const key = transactionKey(command);
  if (key === undefined) return undefined;
  const writeErrors = reply.get('writeErrors');
  const failed = !isOk(reply) || (isArray(writeErrors) && writeErrors.length > 0) || name === 'abortTransaction';
  return { key, failed };
}

/**
 * The writes of a transaction are kept only by a successful commitTransaction: statements that
 * ran in a transaction that was aborted or never committed are marked, without documents (they
 * were never written, so the diff must not show them as modified).
 */
export function markUncommitted(
  commands: readonly RecordedCommand[],
  steps: readonly (TransactionStep | undefined)[],
): RecordedCommand[] {
  const fate = new Map<string, 'committed' | 'aborted'>();
  commands.forEach((c, i) => {
    const step = steps[i];
    if (step === undefined) return;
    if (c.name === 'commitTransaction') fate.set(step.key, step.failed ? 'aborted' : 'committed');
    else if (step.failed) fate.set(step.key, 'aborted');
  });
  return commands.map((c, i) => {
    const step = steps[i];
    const state = step === undefined ? 'committed' : fate.get(step.key);
    if (c.statements.length === 0 || state === 'committed') return c;
    const transaction = state ?? 'open';
    return { ...c, statements: c.statements.map((st) => ({ ...st, changes: [], transaction })) };
  });
}
