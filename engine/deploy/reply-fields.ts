/**
 * The reply fields a deployment adds (after the command's own fields):
 *
 *   replica set member: insert/update/delete  {n, electionId, opTime: {ts, t}, ...rest, ok, $clusterTime, operationTime}
 *                       every other command   {...reply, ok, $clusterTime, operationTime}
 *   router (mongos):    every command         {...reply, ok, $clusterTime, operationTime}
 *
 * (`WriteCommandReplyBase` serializes `n, electionId, opTime` first; the command layer appends
 * `$clusterTime` and `operationTime` after `ok`.) The signature is the unsigned one a cluster
 * without keys sends: hash = 20 zero bytes, keyId = 0.
 */
import { Binary, Long, ObjectId, Timestamp } from 'bson';
import type { Doc, Value } from '../bson/values.js';
import type { Catalog } from '../catalog/catalog.js';
import type { Topology } from './topology.js';

/** The election id of term 1 (`7fffffff` + term). */
export const ELECTION_ID = new ObjectId('7fffffff0000000000000001');
export const TERM = 1;

const WRITE_REPLY_COMMANDS: ReadonlySet<string> = new Set(['insert', 'update', 'delete']);

/** The newest oplog timestamp (the cluster time), or Timestamp(0, 0) before any write. */
export function lastOpTime(catalog: Catalog): Timestamp {
  const last = catalog.oplog.lastTimestamp();
  return last instanceof Timestamp ? last : new Timestamp({ t: 0, i: 0 });
}

/**
 * The unsigned signature's hash, one value for every reply as `ELECTION_ID` is (replies are read,
 * never written): building a `Binary` converts its bytes (a Node `Buffer` view in Node), about
 * 1 µs, which was a tenth of a single-document insert's CPU on a replica set.
 */
const UNSIGNED_HASH = new Binary(new Uint8Array(20), 0);

/** `keyId` 0 and the term as `Long`s, one value each for every reply (as `UNSIGNED_HASH`). */
const KEY_ID = Long.fromNumber(0);
const TERM_LONG = Long.fromNumber(TERM);

export function clusterTimeDoc(ts: Timestamp): Doc {
  const signature = new Map<string, Value>();
  signature.set('hash', UNSIGNED_HASH);
  signature.set('keyId', KEY_ID);
  const doc = new Map<string, Value>();
  doc.set('clusterTime', ts);
  doc.set('signature', signature);
  return doc;
}

/**
 * Adds the topology's fields to a reply (in place order rebuilt). `ok` must already be set.
 * Every replica-set write reply passes here: no closure or entry array per field.
 */
export function addReplyFields(reply: Doc, commandName: string, topology: Topology, catalog: Catalog): Doc {
  if (topology === 'standalone') return reply;
  const ts = lastOpTime(catalog);
  let out = reply;
  if (topology === 'replicaset' && WRITE_REPLY_COMMANDS.has(commandName) && reply.get('ok') === 1 && reply.has('n')) {
    const ordered = new Map<string, Value>();
    for (const k of reply.keys()) {
      ordered.set(k, reply.get(k)!);
      if (k === 'n') {
        ordered.set('electionId', ELECTION_ID);
        const opTime = new Map<string, Value>();
        opTime.set('ts', ts);
        opTime.set('t', TERM_LONG);
        ordered.set('opTime', opTime);
      }
    }
    out = ordered;
  }
  out.set('$clusterTime', clusterTimeDoc(ts));
  out.set('operationTime', ts);
  return out;
}

/** Inserts `field` just before `ok` (where the command layer puts writeConcernError). */
export function setBeforeOk(reply: Doc, field: string, value: Value): Doc {
  if (!reply.has('ok')) {
    reply.set(field, value);
    return reply;
  }
  const out: Doc = new Map<string, Value>();
  for (const [k, v] of reply) {
    if (k === 'ok') out.set(field, value);
    if (k !== field) out.set(k, v);
  }
  return out;
}
