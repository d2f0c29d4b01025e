/**
 * One `writeErrors` entry, in the server's field order (`write_ops_exec.cpp` serializeReply):
 * `{index, code, <extra info fields: keyPattern/keyValue or errInfo>, errmsg}`.
 */
import { Int32 } from 'bson';
import type { Doc, Value } from '../bson/values.js';
import type { EngineError } from '../errors.js';

export function writeErrorEntry(index: number, error: EngineError): Doc {
  const entry: Doc = new Map<string, Value>([
    ['index', new Int32(index)],
    ['code', new Int32(error.code)],
  ]);
  for (const [k, v] of error.extra) entry.set(k, v as Value);
  entry.set('errmsg', error.errmsg);
  return entry;
}
