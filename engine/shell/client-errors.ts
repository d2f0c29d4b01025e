/**
 * Errors the shell API throws, shaped like the Node driver's (which mongosh uses):
 * - MongoServerError: the server answered with an error (command error, or a write error of a
 *   single-statement helper). Carries code, codeName, errmsg, the raw error document
 *   (`errorResponse`) and the extra fields the server sent (errInfo, keyPattern, keyValue …).
 * - MongoBulkWriteError: a bulk helper met write errors; carries `writeErrors` and the partial result.
 * - ShellClientError: the client refused the call before sending anything (`isClientError`).
 */
import type { Doc, Value } from '../bson/values.js';
import { isDoc } from '../bson/values.js';
import { codeNameOf } from '../errors.js';
import type { BulkWriteResult, ClientBulkWriteResult } from './results.js';

const SERVER_BRAND = Symbol.for('upsert-lab.MongoServerError');
const CLIENT_BRAND = Symbol.for('upsert-lab.ShellClientError');

function numberOf(v: Value | undefined): number {
  if (typeof v === 'number') return v;
  if (v !== null && v !== undefined && typeof v === 'object' && 'toNumber' in v && typeof v.toNumber === 'function') {
    return (v as { toNumber(): number }).toNumber();
  }
  if (v !== null && v !== undefined && typeof v === 'object' && 'valueOf' in v) {
    const n = Number((v as { valueOf(): unknown }).valueOf());
    if (!Number.isNaN(n)) return n;
  }
  return 0;
}

export class MongoServerError extends Error {
  readonly [SERVER_BRAND] = true;
  readonly isClientError = false;
  readonly code: number;
  readonly codeName: string | undefined;
  readonly errmsg: string;
  /** The server's error document as received (reply of the command, or the writeErrors entry). */
  readonly errorResponse: Doc;
  readonly errorLabels: string[];

  constructor(response: Doc) {
    const errmsg = typeof response.get('errmsg') === 'string' ? (response.get('errmsg') as string) : 'unknown error';
    super(errmsg);
    this.name = 'MongoServerError';
    this.errmsg = errmsg;
    this.code = numberOf(response.get('code'));
    const cn = response.get('codeName');
    this.codeName = typeof cn === 'string' ? cn : codeNameOf(this.code);
    this.errorResponse = response;
    const labels = response.get('errorLabels');
    this.errorLabels = Array.isArray(labels) ? labels.filter((l): l is string => typeof l === 'string') : [];
  }

  /** An extra field of the server's error (errInfo, keyPattern, keyValue, writeErrors …). */
  field(name: string): Value | undefined {
    return this.errorResponse.get(name);
  }
  get errInfo(): Doc | undefined {
    const v = this.errorResponse.get('errInfo');
    return isDoc(v) ? v : undefined;
  }
  get keyPattern(): Doc | undefined {
    const v = this.errorResponse.get('keyPattern');
    return isDoc(v) ? v : undefined;
  }
  get keyValue(): Doc | undefined {
    const v = this.errorResponse.get('keyValue');
    return isDoc(v) ? v : undefined;
  }
  /** mongosh's header line: `MongoServerError[CodeName]: message`. */
  get display(): string {
    return `${this.name}${this.codeName !== undefined ? `[${this.codeName}]` : ''}: ${this.errmsg}`;
  }
}

export function isMongoServerError(x: unknown): x is MongoServerError {
  return typeof x === 'object' && x !== null && (x as Record<symbol, unknown>)[SERVER_BRAND] === true;
}

/** Write errors of a collection bulkWrite / insertMany (driver's MongoBulkWriteError). */
export class MongoBulkWriteError extends MongoServerError {
  readonly writeErrors: readonly Doc[];
  readonly writeConcernErrors: readonly Doc[];
  readonly result: BulkWriteResult;

  constructor(
    writeErrors: readonly Doc[],
    writeConcernErrors: readonly Doc[],
    result: BulkWriteResult,
    cause?: { response: Doc; labels: readonly string[] },
  ) {
    const first =
      cause?.response ?? writeErrors[0] ?? writeConcernErrors[0] ?? new Map<string, Value>([['errmsg', 'write error']]);
    super(first);
    if (cause !== undefined) this.errorLabels.push(...cause.labels.filter((l) => !this.errorLabels.includes(l)));
    this.name = 'MongoBulkWriteError';
    this.writeErrors = writeErrors;
    this.writeConcernErrors = writeConcernErrors;
    this.result = result;
  }

  /** Wraps an error that ended a bulk write (command error, network error) with the partial result. */
  static fromError(e: unknown, result: BulkWriteResult): MongoBulkWriteError {
    let response: Doc;
    let labels: readonly string[] = [];
    if (isMongoServerError(e)) {
      response = e.errorResponse;
      labels = e.errorLabels;
    } else {
      response = new Map<string, Value>([['errmsg', e instanceof Error ? e.message : String(e)]]);
      const l = (e as { errorLabels?: unknown }).errorLabels;
      if (Array.isArray(l)) labels = l.filter((x): x is string => typeof x === 'string');
    }
    const err = new MongoBulkWriteError([], [], result, { response, labels });
    Object.defineProperty(err, 'cause', { value: e });
    return err;
  }
}

/** Errors of a client-level bulkWrite (driver's MongoClientBulkWriteError). */
export class MongoClientBulkWriteError extends MongoServerError {
  /** Index in the models → write error document. */
  readonly writeErrors: ReadonlyMap<number, Doc>;
  readonly writeConcernErrors: readonly Doc[];
  readonly partialResult: ClientBulkWriteResult | undefined;

  constructor(
    top: Doc,
    writeErrors: ReadonlyMap<number, Doc>,
    writeConcernErrors: readonly Doc[],
    partialResult: ClientBulkWriteResult | undefined,
  ) {
    super(top);
    this.name = 'MongoClientBulkWriteError';
    this.writeErrors = writeErrors;
    this.writeConcernErrors = writeConcernErrors;
    this.partialResult = partialResult;
  }
}

/** Refused by the client before any command was sent (mongosh: MongoInvalidArgumentError). */
export class ShellClientError extends Error {
  readonly [CLIENT_BRAND] = true;
  readonly isClientError = true;
  constructor(message: string, name = 'MongoInvalidArgumentError') {
    super(message);
    this.name = name;
  }
}

export function isShellClientError(x: unknown): x is ShellClientError {
  return typeof x === 'object' && x !== null && (x as Record<symbol, unknown>)[CLIENT_BRAND] === true;
}

const NETWORK_BRAND = Symbol.for('upsert-lab.MongoNetworkError');

/**
 * The connection dropped before a reply arrived (raised by a CommandEngine that simulates
 * network failures, e.g. the conformance harness's fail points). A client-side error, as in the
 * drivers; it may carry labels the client adds (RetryableWriteError).
 */
export class MongoNetworkError extends Error {
  readonly [NETWORK_BRAND] = true;
  readonly isClientError = true;
  readonly errorLabels: string[] = [];
  constructor(message: string) {
    super(message);
    this.name = 'MongoNetworkError';
  }
}

export function isMongoNetworkError(x: unknown): x is MongoNetworkError {
  return typeof x === 'object' && x !== null && (x as Record<symbol, unknown>)[NETWORK_BRAND] === true;
}
