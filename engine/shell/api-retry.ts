/**
 * Which commands and errors the retryable writes / retryable reads specifications retry, and the
 * labels the driver adds itself.
 */
import type { Doc } from '../bson/values.js';
import { isMongoNetworkError, isMongoServerError } from './client-errors.js';
import { docArray, toNumber } from './api-support.js';

/** Error codes drivers and the server treat as retryable (retryable writes / reads specs). */
export const RETRYABLE_CODES: ReadonlySet<number> = new Set([
  6, 7, 89, 91, 134, 189, 262, 9001, 10107, 11600, 11602, 13435, 13436,
]);

export function errorLabelsOf(e: unknown): string[] {
  if (isMongoServerError(e) || isMongoNetworkError(e)) return e.errorLabels;
  return [];
}

/** Labels the driver adds itself: network errors are retryable writes' and transactions' business. */
export function labelError(e: unknown, inTxn: boolean, retryableWrite: boolean): void {
  if (!isMongoNetworkError(e)) return;
  if (inTxn && !e.errorLabels.includes('TransientTransactionError')) e.errorLabels.push('TransientTransactionError');
  if (retryableWrite && !e.errorLabels.includes('RetryableWriteError')) e.errorLabels.push('RetryableWriteError');
}

/** 4.4+ servers label retryable write errors; drivers rely on the label only. */
export function isRetryableWriteError(e: unknown): boolean {
  return isMongoNetworkError(e) || errorLabelsOf(e).includes('RetryableWriteError');
}

export function isRetryableReadError(e: unknown): boolean {
  return isMongoNetworkError(e) || (isMongoServerError(e) && RETRYABLE_CODES.has(e.code));
}

export const RETRYABLE_READ_COMMANDS = new Set([
  'find',
  'count',
  'distinct',
  'listCollections',
  'listIndexes',
  'listDatabases',
]);

export function isRetryableRead(cmd: Doc): boolean {
  const name = cmd.keys().next().value;
  if (name === undefined) return false;
  if (name === 'aggregate') {
    return docArray(cmd.get('pipeline')).every((s) => !s.has('$out') && !s.has('$merge'));
  }
  return RETRYABLE_READ_COMMANDS.has(name);
}

export const RETRYABLE_WRITE_COMMANDS = new Set(['insert', 'update', 'delete', 'findAndModify', 'bulkWrite']);

/** Whether the driver adds `txnNumber` (retryable write): no multi-statement updates/deletes. */
export function isRetryableWrite(cmd: Doc): boolean {
  const name = cmd.keys().next().value;
  if (name === undefined || !RETRYABLE_WRITE_COMMANDS.has(name)) return false;
  if (name === 'update') return docArray(cmd.get('updates')).every((s) => s.get('multi') !== true);
  if (name === 'delete') return docArray(cmd.get('deletes')).every((s) => toNumber(s.get('limit')) === 1);
  if (name === 'bulkWrite') return docArray(cmd.get('ops')).every((s) => s.get('multi') !== true);
  return true;
}
