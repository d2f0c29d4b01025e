/**
 * Test helpers for the deployment tests (imported only by *.test.ts files).
 * @internal
 */
import type { Doc, Value } from '../bson/values.js';
import { ManualClock } from '../catalog/clock.js';
import { counterObjectIds, seededRandom } from '../commands/testing.js';
import { Engine, type EngineOptions } from '../engine.js';

export { canon, ejson, run } from '../commands/testing.js';

export function deployedEngine(options: EngineOptions): Engine {
  return new Engine({ clock: new ManualClock(), newObjectId: counterObjectIds(), random: seededRandom(), ...options });
}

/** The reply without the gossiped cluster time fields (`$clusterTime`, `operationTime`), and without `electionId`/`opTime`. */
export function body(reply: Doc): Doc {
  const out: Doc = new Map<string, Value>();
  for (const [k, v] of reply) {
    if (k === '$clusterTime' || k === 'operationTime' || k === 'electionId' || k === 'opTime') continue;
    out.set(k, v);
  }
  return out;
}

/** `lsid` of test session n (UUID 0000...0n). */
export function lsid(n: number): string {
  const hex = n.toString(16).padStart(32, '0');
  return `{"id": {"$uuid": "${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}"}}`;
}

/** The session fields of a statement in transaction `txn` of session `n`. */
export function txnFields(n: number, txn: number, start = false): string {
  return `"lsid": ${lsid(n)}, "txnNumber": {"$numberLong": "${txn}"}${start ? ', "startTransaction": true' : ''}, "autocommit": false`;
}
