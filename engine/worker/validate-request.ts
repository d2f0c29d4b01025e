/**
 * Checks a message received by the worker before it is served: the request type exists and its
 * fields have the types the handler relies on (a message from anywhere else is answered code 2).
 */
import { codeNameOf } from '../errors.js';
import { isRequestType, type ProtocolError, type WorkerRequest } from './protocol.js';

/** A request the handler refuses, with the protocol error it is answered with. */
export class RequestError extends Error {
  constructor(readonly info: ProtocolError) {
    super(info.errmsg);
  }
}

export function requestError(code: number, errmsg: string): RequestError {
  return new RequestError({ code, codeName: codeNameOf(code) ?? 'UnknownError', errmsg });
}

/** The server's 11601 Interrupted: the request was overtaken, or its run is gone. */
const RUN_LISTS = new Set(['statements', 'commands', 'oplog', 'cards']);

export function validateRequest(message: unknown): WorkerRequest {
  if (typeof message !== 'object' || message === null) throw requestError(2, 'request must be an object');
  const m = message as Record<string, unknown>;
  if (typeof m['id'] !== 'number') throw requestError(2, 'request needs a numeric id');
  if (!isRequestType(m['type'])) throw requestError(2, `unknown request type: ${String(m['type'])}`);
  const needString = (field: string): void => {
    if (typeof m[field] !== 'string') throw requestError(2, `${m['type']} request needs a string '${field}'`);
  };
  switch (m['type']) {
    case 'runCommand':
      needString('db');
      needString('command');
      break;
    case 'runShell':
      needString('db');
      needString('script');
      break;
    case 'runScript':
      needString('db');
      needString('script');
      if (typeof m['dryRun'] !== 'boolean') throw requestError(2, "runScript request needs a boolean 'dryRun'");
      if (m['keep'] !== undefined && !Number.isInteger(m['keep']))
        throw requestError(2, "runScript 'keep' must be a run id");
      break;
    case 'documents':
      needString('db');
      needString('collection');
      if (!Number.isInteger(m['from']) || !Number.isInteger(m['to'])) {
        throw requestError(2, "documents request needs integer 'from' and 'to'");
      }
      break;
    case 'runRange':
      if (!Number.isInteger(m['runId']) || !Number.isInteger(m['from']) || !Number.isInteger(m['to'])) {
        throw requestError(2, "runRange request needs integer 'runId', 'from' and 'to'");
      }
      if (typeof m['list'] !== 'string' || !RUN_LISTS.has(m['list'])) {
        throw requestError(2, "runRange 'list' must be statements, commands, oplog or cards");
      }
      break;
    case 'collections':
      needString('db');
      break;
    case 'why':
      needString('db');
      needString('script');
      if (!Number.isInteger(m['command']) || !Number.isInteger(m['statement'])) {
        throw requestError(2, "why request needs integer 'command' and 'statement'");
      }
      if (m['documentId'] !== undefined) needString('documentId');
      if (m['committed'] !== undefined && typeof m['committed'] !== 'boolean') {
        throw requestError(2, "why request's 'committed' must be a boolean");
      }
      break;
    case 'setup': {
      needString('db');
      const c = m['commands'];
      if (!Array.isArray(c) || c.some((t) => typeof t !== 'string') || typeof m['reset'] !== 'boolean') {
        throw requestError(2, "setup request needs 'reset' and 'commands': [EJSON text]");
      }
      break;
    }
    case 'documentTexts':
      needString('db');
      needString('collection');
      break;
    case 'setupCollections': {
      needString('db');
      const c = m['collections'];
      const text = (x: unknown): boolean => x === undefined || typeof x === 'string';
      if (
        !Array.isArray(c) ||
        c.some(
          (x: unknown) =>
            typeof x !== 'object' ||
            x === null ||
            typeof (x as Record<string, unknown>)['name'] !== 'string' ||
            typeof (x as Record<string, unknown>)['documents'] !== 'string' ||
            !text((x as Record<string, unknown>)['options']) ||
            !text((x as Record<string, unknown>)['indexes']),
        )
      ) {
        throw requestError(2, "setupCollections request needs 'collections': [{name, documents, options?, indexes?}]");
      }
      break;
    }
    case 'parseImport':
      needString('text');
      if (!['documents', 'csv', 'tsv'].includes(m['format'] as string)) {
        throw requestError(2, "parseImport 'format' must be documents, csv or tsv");
      }
      break;
    case 'loadCollections': {
      needString('db');
      const c = m['collections'];
      if (typeof c !== 'object' || c === null || Object.values(c).some((t) => typeof t !== 'string')) {
        throw requestError(2, "loadCollections request needs 'collections': {name: EJSON text}");
      }
      break;
    }
    case 'ping':
    case 'reset':
    case 'deployments':
      break;
  }
  return message as WorkerRequest;
}
