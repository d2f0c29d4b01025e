/** mongosh's Session: causal consistency, the transaction state machine and its commit/abort. */
import { Binary, Long, UUID } from 'bson';
import type { Doc, Value } from '../bson/values.js';
import { isDoc } from '../bson/values.js';
import { compareValues } from '../bson/compare.js';
import { build, int, isAcknowledged } from './api-support.js';
import { ShellClientError } from './client-errors.js';
import type { NamespaceOptions, ShellClient } from './api-client.js';
import { ShellDatabase } from './api-database.js';
import { SESSION_BRAND } from './api-session-of.js';

export type TransactionState = 'none' | 'starting' | 'in_progress' | 'committed' | 'aborted';

export class ShellSession {
  readonly [SESSION_BRAND] = true;
  readonly client: ShellClient;
  readonly id: Doc;
  readonly options: Doc;
  readonly implicit: boolean;
  /** The last transaction / retryable-write number used on this session. */
  txnNumber = 0;
  /** `snapshot: true` session option. */
  readonly snapshot: boolean;
  /** The snapshot's cluster time, learnt from the first read's reply. */
  snapshotTime: Value | undefined;
  private state: TransactionState = 'none';
  private txnOptions: Doc = new Map();
  private ended = false;

  constructor(client: ShellClient, options: Doc, implicit = false) {
    this.client = client;
    this.options = options;
    this.implicit = implicit;
    this.id = newSessionId();
    this.snapshot = options.get('snapshot') === true;
    if (this.snapshot && options.get('causalConsistency') === true) {
      throw new ShellClientError('Properties "causalConsistency" and "snapshot" are mutually exclusive');
    }
  }

  get transactionState(): TransactionState {
    return this.state;
  }

  get inTransaction(): boolean {
    return this.state === 'starting' || this.state === 'in_progress';
  }

  get transactionReadConcern(): Doc | undefined {
    const rc = this.txnOptions.get('readConcern');
    return isDoc(rc) ? rc : undefined;
  }

  /** Causally consistent sessions (explicit, default on) read after the last operation they saw. */
  get causallyConsistent(): boolean {
    return !this.implicit && !this.snapshot && this.options.get('causalConsistency') !== false;
  }

  /** The latest `operationTime` seen in a reply on this session. */
  operationTime: Value | undefined;

  /** @internal keeps the newest operationTime (Timestamps compare by value). */
  advanceOperationTime(t: Value): void {
    if (this.operationTime === undefined || compareValues(t, this.operationTime) > 0) this.operationTime = t;
  }

  /** @internal called by the client once the first command of a transaction went out. */
  markInProgress(): void {
    if (this.state === 'starting') this.state = 'in_progress';
  }

  getDatabase(name: string, options: NamespaceOptions = {}): ShellDatabase {
    return new ShellDatabase(this.client, name, options, this);
  }

  startTransaction(options: Doc = new Map()): void {
    if (this.ended) throw new ShellClientError('Cannot use a session that has ended', 'MongoExpiredSessionError');
    if (this.inTransaction) throw new ShellClientError('Transaction already in progress', 'MongoTransactionError');
    if (this.snapshot)
      throw new ShellClientError('Transactions are not supported in snapshot sessions', 'MongoCompatibilityError');
    const previous = this.txnOptions;
    this.txnOptions = options;
    if (!isAcknowledged(this.txnWriteConcern())) {
      this.txnOptions = previous;
      throw new ShellClientError(
        'Transactions do not support unacknowledged write concern',
        'MongoInvalidArgumentError',
      );
    }
    this.txnNumber += 1;
    this.state = 'starting';
  }

  commitTransaction(): Doc {
    if (this.state === 'none') throw new ShellClientError('No transaction started', 'MongoTransactionError');
    if (this.state === 'aborted') {
      throw new ShellClientError(
        'Cannot call commitTransaction after calling abortTransaction',
        'MongoTransactionError',
      );
    }
    const wasStarting = this.state === 'starting';
    this.state = 'committed';
    // A transaction that ran no command is committed without contacting the server.
    if (wasStarting) return new Map<string, Value>([['ok', int(1)]]);
    const wc = this.txnWriteConcern();
    return this.client.send(
      'admin',
      build([
        ['commitTransaction', int(1)],
        ['lsid', this.id],
        ['txnNumber', Long.fromNumber(this.txnNumber)],
        ['autocommit', false],
        ['writeConcern', wc],
      ]),
      { session: this },
    );
  }

  abortTransaction(): Doc {
    if (this.state === 'none') throw new ShellClientError('No transaction started', 'MongoTransactionError');
    if (this.state === 'committed') {
      throw new ShellClientError(
        'Cannot call abortTransaction after calling commitTransaction',
        'MongoTransactionError',
      );
    }
    if (this.state === 'aborted')
      throw new ShellClientError('Cannot call abortTransaction twice', 'MongoTransactionError');
    const wasStarting = this.state === 'starting';
    this.state = 'aborted';
    if (wasStarting) return new Map<string, Value>([['ok', int(1)]]);
    try {
      return this.client.send(
        'admin',
        build([
          ['abortTransaction', int(1)],
          ['lsid', this.id],
          ['txnNumber', Long.fromNumber(this.txnNumber)],
          ['autocommit', false],
          ['writeConcern', this.txnWriteConcern()],
        ]),
        { session: this },
      );
    } catch {
      // Drivers swallow abortTransaction errors.
      return new Map<string, Value>([['ok', int(1)]]);
    }
  }

  endSession(): void {
    if (this.inTransaction) this.abortTransaction();
    this.ended = true;
  }

  private txnWriteConcern(): Doc | undefined {
    const wc = this.txnOptions.get('writeConcern');
    if (isDoc(wc) && wc.size > 0) return wc;
    const defaults = this.options.get('defaultTransactionOptions');
    const dwc = isDoc(defaults) ? defaults.get('writeConcern') : undefined;
    if (isDoc(dwc) && dwc.size > 0) return dwc;
    return this.client.defaultWriteConcern;
  }
}

function newSessionId(): Doc {
  return new Map<string, Value>([['id', new Binary(UUID.generate(), Binary.SUBTYPE_UUID)]]);
}
