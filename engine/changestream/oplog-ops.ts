/**
 * The oplog read as a flat list of operations: a committed transaction is one
 * `{op: 'c', ns: 'admin.$cmd', o: {applyOps: [...]}, lsid, txnNumber}` entry, expanded here into its
 * inner operations, which share the entry's `ts`/`wall` and carry its `lsid`/`txnNumber`, numbered
 * by `opIndex` (the server's `txnOpIndex`).
 */
import type { Binary, Timestamp } from 'bson';
import { isArray, isDoc, type Doc, type Value } from '../bson/values.js';

export interface OplogOp {
  readonly op: string;
  readonly ns: string;
  readonly ui: Binary | undefined;
  readonly o: Doc;
  readonly o2: Doc | undefined;
  readonly ts: Timestamp;
  readonly wall: Date;
  readonly opIndex: number;
  /** Whether the operation comes from a committed transaction (an applyOps entry). */
  readonly inTransaction: boolean;
  readonly lsid: Value | undefined;
  readonly txnNumber: Value | undefined;
}

function opOf(
  e: Doc,
  ts: Timestamp,
  wall: Date,
  opIndex: number,
  inTransaction: boolean,
  lsid: Value | undefined,
  txn: Value | undefined,
): OplogOp {
  const o = e.get('o');
  const o2 = e.get('o2');
  const ui = e.get('ui');
  return {
    op: String(e.get('op')),
    ns: String(e.get('ns')),
    ui:
      ui !== undefined && typeof ui === 'object' && ui !== null && (ui as Binary)._bsontype === 'Binary'
        ? (ui as Binary)
        : undefined,
    o: isDoc(o) ? o : new Map(),
    o2: isDoc(o2) ? o2 : undefined,
    ts,
    wall,
    opIndex,
    inTransaction,
    lsid,
    txnNumber: txn,
  };
}

/** Every operation of the given oplog entries, oldest first, applyOps expanded. */
export function flattenOplog(entries: readonly Doc[]): OplogOp[] {
  const out: OplogOp[] = [];
  for (const e of entries) {
    const ts = e.get('ts') as Timestamp;
    const wall = e.get('wall') as Date;
    const o = e.get('o');
    const inner = isDoc(o) ? o.get('applyOps') : undefined;
    if (e.get('op') === 'c' && isArray(inner)) {
      inner.forEach((x, index) => {
        if (isDoc(x)) out.push(opOf(x, ts, wall, index, true, e.get('lsid'), e.get('txnNumber')));
      });
      continue;
    }
    out.push(opOf(e, ts, wall, 0, false, e.get('lsid'), e.get('txnNumber')));
  }
  return out;
}

/** `db` and `coll` of a namespace string (`coll` is everything after the first dot). */
export function splitNamespace(ns: string): { db: string; coll: string } {
  const dot = ns.indexOf('.');
  return dot < 0 ? { db: ns, coll: '' } : { db: ns.slice(0, dot), coll: ns.slice(dot + 1) };
}

export function sameUuid(a: Binary | undefined, b: Binary | undefined): boolean {
  return a !== undefined && b !== undefined && a.toString('hex') === b.toString('hex');
}
