/** Reads a command's cursor to the end: `firstBatch`, then `getMore` until the id is 0. */
import { appendAll } from '../arrays.js';
import type { Doc, Value } from '../bson/values.js';
import { isDoc } from '../bson/values.js';
import { build, docArray, toNumber } from './api-support.js';
import type { ShellClient } from './api-client.js';
import type { ShellSession } from './api-session.js';

export function drainCursor(
  client: ShellClient,
  dbName: string,
  reply: Doc,
  session: ShellSession | undefined,
  batchSize?: Value,
): Doc[] {
  const cursor = reply.get('cursor');
  if (!isDoc(cursor)) return [];
  const out = docArray(cursor.get('firstBatch'));
  let id = cursor.get('id');
  const ns = cursor.get('ns');
  const collName = typeof ns === 'string' ? ns.slice(ns.indexOf('.') + 1) : '';
  let guard = 0;
  while (id !== undefined && toNumber(id) !== 0 && guard++ < 100000) {
    const more = client.send(
      dbName,
      build([
        ['getMore', id],
        ['collection', collName],
        ['batchSize', batchSize],
      ]),
      { session },
    );
    const c = more.get('cursor');
    if (!isDoc(c)) break;
    appendAll(out, docArray(c.get('nextBatch')));
    id = c.get('id');
  }
  return out;
}
