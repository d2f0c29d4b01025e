import { describe, expect, it } from 'vitest';
import { errorLabelsFor, isTransientTransactionError } from './error-labels.js';

// error_labels.cpp: ErrorLabelBuilder::build and isTransientTransactionError.
const inTxn = { txnNumber: true, autocommit: true };
const retryableWrite = { txnNumber: true, autocommit: false };
const plain = { txnNumber: false, autocommit: false };

describe('TransientTransactionError', () => {
  it('labels a statement of a transaction failing with a transient, retriable or NoSuchTransaction code', () => {
    for (const code of [112, 24, 267, 246, 150, 13388, 10107, 91, 11600, 189, 251])
      expect([code, errorLabelsFor({ commandName: 'insert', ...inTxn, code })]).toEqual([
        code,
        ['TransientTransactionError'],
      ]);
  });
  it('not a non-transient code, nor outside a transaction', () => {
    expect(errorLabelsFor({ commandName: 'update', ...inTxn, code: 11000 })).toEqual([]);
    expect(errorLabelsFor({ commandName: 'update', ...inTxn, code: 11601 })).toEqual([]);
    expect(errorLabelsFor({ commandName: 'update', ...plain, code: 112 })).toEqual([]);
    expect(isTransientTransactionError(358, false, false)).toBe(false);
  });
  it('on commit or abort: NoSuchTransaction without a write concern error; retriable codes are RetryableWriteError', () => {
    expect(errorLabelsFor({ commandName: 'commitTransaction', ...inTxn, code: 251 })).toEqual([
      'TransientTransactionError',
    ]);
    expect(errorLabelsFor({ commandName: 'commitTransaction', ...inTxn, code: 251, wcCode: 64 })).toEqual([]);
    expect(errorLabelsFor({ commandName: 'commitTransaction', ...inTxn, code: 10107 })).toEqual([
      'RetryableWriteError',
    ]);
    expect(errorLabelsFor({ commandName: 'abortTransaction', ...inTxn, wcCode: 91 })).toEqual(['RetryableWriteError']);
    expect(errorLabelsFor({ commandName: 'commitTransaction', ...inTxn, code: 112 })).toEqual([
      'TransientTransactionError',
    ]);
    expect(errorLabelsFor({ commandName: 'commitTransaction', ...inTxn, wcCode: 64 })).toEqual([]);
  });
});

describe('RetryableWriteError', () => {
  it('labels a retryable write failing with a retriable code or write concern error code', () => {
    expect(errorLabelsFor({ commandName: 'update', ...retryableWrite, code: 189 })).toEqual(['RetryableWriteError']);
    expect(errorLabelsFor({ commandName: 'update', ...retryableWrite, wcCode: 91 })).toEqual(['RetryableWriteError']);
    expect(errorLabelsFor({ commandName: 'update', ...retryableWrite, code: 112 })).toEqual([]);
  });
  it('not without a txnNumber, nor from a router', () => {
    expect(errorLabelsFor({ commandName: 'update', ...plain, code: 189 })).toEqual([]);
    expect(errorLabelsFor({ commandName: 'update', ...retryableWrite, code: 189, isMongos: true })).toEqual([]);
  });
});

it('NonResumableChangeStreamError for ChangeStreamFatalError and ChangeStreamHistoryLost', () => {
  expect(errorLabelsFor({ commandName: 'getMore', ...plain, code: 286 })).toEqual(['NonResumableChangeStreamError']);
});
