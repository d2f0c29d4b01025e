/**
 * The oplog entry document every reader sees, in the server's field order (server-facts §1.1):
 *
 *   {op, ns, ui?, o, o2?, ts: Timestamp, t: Long(1), v: Long(2), wall: Date}
 *
 * built from a compact record's fields (oplog-records.ts, oplog-update-batch.ts).
 */
import { Long, Timestamp, type Binary } from 'bson';
import type { Doc, Value } from '../bson/values.js';

export type OplogOp = 'i' | 'u' | 'd' | 'c' | 'n';

/** The envelope: `o2` is `o2` as written, else `{_id: o2Id}` when `o2Id` is set, else absent. */
export function envelope(
  op: OplogOp,
  ns: string,
  ui: Binary | undefined,
  o: Doc,
  o2: Doc | undefined,
  o2Id: Value | undefined,
  tsSeconds: number,
  tsIncrement: number,
  wallMs: number,
): Doc {
  const doc: Doc = new Map<string, Value>([
    ['op', op],
    ['ns', ns],
  ]);
  if (ui !== undefined) doc.set('ui', ui);
  doc.set('o', o);
  if (o2Id !== undefined) doc.set('o2', new Map<string, Value>([['_id', o2Id]]));
  else if (o2 !== undefined) doc.set('o2', o2);
  doc.set('ts', new Timestamp({ t: tsSeconds, i: tsIncrement }));
  doc.set('t', Long.fromNumber(1));
  doc.set('v', Long.fromNumber(2));
  doc.set('wall', new Date(wallMs));
  return doc;
}
