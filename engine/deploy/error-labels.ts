/**
 * The error labels a server attaches to a failed command, as `ErrorLabelBuilder` builds them
 * (src/mongo/db/error_labels.cpp), with the error categories of error_codes.yml. A failCommand
 * fail point's `errorLabels` replaces these (getErrorLabels' override).
 *
 *   errorLabelsFor({commandName: 'insert', txnNumber: true, autocommit: true, code: 112})
 *     → ['TransientTransactionError']
 */

/** `RetriableError` in error_codes.yml. */
const RETRIABLE = new Set([
  6, 7, 89, 91, 134, 189, 262, 317, 358, 384, 402, 406, 407, 412, 453, 462, 9001, 10107, 11600, 11602, 13435, 13436,
  50915, 91331, 10045600,
]);
/** `SnapshotError`: SnapshotTooOld, SnapshotUnavailable, StaleChunkHistory, MigrationConflict. */
const SNAPSHOT = new Set([239, 246, 250, 272]);
/** `NeedRetargettingError`: StaleEpoch, StaleConfig. */
const NEED_RETARGETTING = new Set([150, 13388]);
/** `NonResumableChangeStreamError`: ChangeStreamFatalError, ChangeStreamHistoryLost. */
const NON_RESUMABLE_CHANGE_STREAM = new Set([280, 286]);
/** Always transient in a transaction: WriteConflict, LockTimeout, PreparedTransactionInProgress, … */
const ALWAYS_TRANSIENT = new Set([112, 24, 267, 343, 249]);
const NO_SUCH_TRANSACTION = 251;
const INTERNAL_TRANSACTION_NOT_SUPPORTED = 358;
const COMMIT_OR_ABORT = new Set(['commitTransaction', 'abortTransaction']);

export interface LabelContext {
  readonly commandName: string;
  /** The command carries a `txnNumber`. */
  readonly txnNumber: boolean;
  /** The command carries `autocommit` (always false: a statement of a transaction). */
  readonly autocommit: boolean;
  /** The error's code (absent when only the write concern failed). */
  readonly code?: number | undefined;
  /** The write concern error's code. */
  readonly wcCode?: number | undefined;
  /** A router does not label a shard's retryable errors RetryableWriteError. */
  readonly isMongos?: boolean;
}

/** `mongo::isTransientTransactionError`. */
export function isTransientTransactionError(
  code: number,
  hasWriteConcernError: boolean,
  isCommitOrAbort: boolean,
): boolean {
  if (code === INTERNAL_TRANSACTION_NOT_SUPPORTED) return false;
  if (ALWAYS_TRANSIENT.has(code)) return true;
  if (SNAPSHOT.has(code) || NEED_RETARGETTING.has(code)) return true;
  if (isCommitOrAbort) return code === NO_SUCH_TRANSACTION && !hasWriteConcernError;
  return RETRIABLE.has(code) || code === NO_SUCH_TRANSACTION;
}

/** The labels in the server's order (NoWritesPerformed and the resumable change stream label are not decided here). */
export function errorLabelsFor(ctx: LabelContext): string[] {
  const isCommitOrAbort = COMMIT_OR_ABORT.has(ctx.commandName);
  const { code, wcCode } = ctx;
  const labels: string[] = [];
  if (
    code !== undefined &&
    ctx.txnNumber &&
    ctx.autocommit &&
    isTransientTransactionError(code, wcCode !== undefined, isCommitOrAbort)
  ) {
    labels.push('TransientTransactionError');
  } else {
    const retryableWrite = ctx.txnNumber && !ctx.autocommit;
    const commitOrAbort = ctx.txnNumber && ctx.autocommit && isCommitOrAbort;
    if (
      (retryableWrite || commitOrAbort) &&
      ctx.isMongos !== true &&
      ((code !== undefined && RETRIABLE.has(code)) || (wcCode !== undefined && RETRIABLE.has(wcCode)))
    )
      labels.push('RetryableWriteError');
  }
  if (code !== undefined && NON_RESUMABLE_CHANGE_STREAM.has(code)) labels.push('NonResumableChangeStreamError');
  return labels;
}
