/** `expectError` of the unified format, checked against what the driver threw. */
import { MongoBulkWriteError, MongoClientBulkWriteError, MongoServerError, type Document } from 'mongodb';
import { Int32 } from 'bson';
import { isArray, type Doc } from '../../engine/bson/values.js';
import { match, matchWriteErrors, show, type MatchContext } from '../matcher.js';
import { bulkResult, clientBulkResult, Failure, messageOf, Unsupported } from './support.js';
import { docFromDriver, fromDriver } from './values.js';

export function checkDriverError(expected: Doc, error: unknown, ctx: MatchContext): void {
  // A client bulk write that failed as a whole carries the server's error as its cause.
  const top =
    error instanceof MongoClientBulkWriteError && error.cause instanceof MongoServerError ? error.cause : error;
  const server = top instanceof MongoServerError ? top : undefined;
  const isClient = server === undefined;
  const labels: string[] =
    top !== null && typeof top === 'object' && 'errorLabels' in top
      ? [...(top as { errorLabels: string[] }).errorLabels]
      : [];
  const message = error instanceof Error ? error.message : String(error);
  for (const [key, value] of expected) {
    switch (key) {
      case 'isError':
        break;
      case 'isClientError':
        if (value !== isClient) throw new Failure(`expected isClientError ${String(value)}, got ${messageOf(error)}`);
        break;
      case 'isTimeoutError':
        if (value === true) throw new Failure(`expected a timeout error, got ${messageOf(error)}`);
        break;
      case 'errorContains':
        if (typeof value !== 'string' || !message.toLowerCase().includes(value.toLowerCase()))
          throw new Failure(`expected error containing ${show(value)}, got ${messageOf(error)}`);
        break;
      case 'errorCode': {
        const want = value instanceof Int32 ? value.value : Number(value);
        if (server?.code !== want)
          throw new Failure(`expected error code ${want}, got ${messageOf(error)} (code ${String(server?.code)})`);
        break;
      }
      case 'errorCodeName':
        if (server?.codeName !== value) throw new Failure(`expected codeName ${show(value)}, got ${messageOf(error)}`);
        break;
      case 'errorLabelsContain':
        for (const l of isArray(value) ? value : [])
          if (typeof l === 'string' && !labels.includes(l))
            throw new Failure(`expected error label ${l}, got [${labels.join(', ')}]`);
        break;
      case 'errorLabelsOmit':
        for (const l of isArray(value) ? value : [])
          if (typeof l === 'string' && labels.includes(l)) throw new Failure(`unexpected error label ${l}`);
        break;
      case 'errorResponse': {
        if (server === undefined) throw new Failure(`expected a server error, got ${messageOf(error)}`);
        const r = match(value, docFromDriver(server.errorResponse), ctx, true);
        if (r !== null) throw new Failure(`errorResponse mismatch: ${r}`);
        break;
      }
      case 'expectResult': {
        const partial =
          error instanceof MongoBulkWriteError
            ? fromDriver(bulkResult(error.result))
            : error instanceof MongoClientBulkWriteError && error.partialResult !== undefined
              ? fromDriver(clientBulkResult(error.partialResult))
              : undefined;
        const r = match(value, partial, ctx, true);
        if (r !== null) throw new Failure(`partial result mismatch: ${r}`);
        break;
      }
      case 'writeErrors': {
        if (!(error instanceof MongoClientBulkWriteError))
          throw new Failure(`expected client bulk write errors, got ${messageOf(error)}`);
        const actual: Document = {};
        for (const [k, v] of error.writeErrors) {
          const info = (v as unknown as { errInfo?: Document }).errInfo;
          actual[String(k)] = { code: v.code, message: v.message, ...(info !== undefined ? { details: info } : {}) };
        }
        const r = matchWriteErrors(value, docFromDriver(actual), ctx);
        if (r !== null) throw new Failure(`writeErrors mismatch: ${r}`);
        break;
      }
      case 'writeConcernErrors': {
        const one = error instanceof MongoBulkWriteError ? error.result.getWriteConcernError() : undefined;
        const list: unknown[] =
          error instanceof MongoClientBulkWriteError ? [...error.writeConcernErrors] : one !== undefined ? [one] : [];
        const actual = fromDriver(
          list.map((w: unknown) => {
            const x = w as unknown as {
              code: number;
              message?: string;
              errmsg?: string;
              errInfo?: Document;
              details?: Document;
            };
            return {
              code: x.code,
              message: x.message ?? x.errmsg,
              ...((x.errInfo ?? x.details) ? { details: x.errInfo ?? x.details } : {}),
            };
          }),
        );
        const exp = isArray(value) ? value : [];
        const got = isArray(actual) ? actual : [];
        if (exp.length !== got.length)
          throw new Failure(`expected ${exp.length} writeConcernErrors, got ${got.length}`);
        exp.forEach((x, i) => {
          const r = match(x, got[i], ctx, true, `writeConcernErrors.${i}`);
          if (r !== null) throw new Failure(`writeConcernErrors mismatch: ${r}`);
        });
        break;
      }
      default:
        throw new Unsupported(`expectError.${key}`);
    }
  }
}
