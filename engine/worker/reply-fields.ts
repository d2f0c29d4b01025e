/** Reading a command reply's fields (ok, errors, numbers, a cursor's first batch) for display. */
import { valuesEqual } from '../bson/compare.js';
import { isArray, isDoc, type Doc, type Value } from '../bson/values.js';
import { codeNameOf } from '../errors.js';
import type { ProtocolError } from './protocol.js';
import { scalarText } from './views.js';

export function replyError(reply: Doc): ProtocolError | undefined {
  if (!isOk(reply)) return errorOf(reply);
  const writeErrors = reply.get('writeErrors');
  if (isArray(writeErrors) && isDoc(writeErrors[0])) return errorOf(writeErrors[0]);
  return undefined;
}

export function errorOf(d: Doc): ProtocolError {
  const code = numberOf(d.get('code')) ?? 8;
  const codeName = d.get('codeName');
  const errmsg = d.get('errmsg');
  return {
    code,
    codeName: typeof codeName === 'string' ? codeName : (codeNameOf(code) ?? 'UnknownError'),
    errmsg: typeof errmsg === 'string' ? errmsg : 'command failed',
  };
}

export function numberOf(v: Value | undefined): number | undefined {
  if (v === undefined) return undefined;
  const text = scalarText(v).replace(/^NumberLong\((.*)\)$/, '$1');
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

export function isOk(reply: Doc): boolean {
  const ok = reply.get('ok');
  return ok !== undefined && valuesEqual(ok, 1);
}

export function firstBatch(reply: Doc): Doc[] {
  const cursor = reply.get('cursor');
  const batch = isDoc(cursor) ? cursor.get('firstBatch') : undefined;
  return isArray(batch) ? batch.filter(isDoc) : [];
}
