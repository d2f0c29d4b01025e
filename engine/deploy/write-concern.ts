/**
 * Write concern: which one applies (and its provenance), and whether the simulated members can
 * acknowledge it in time.
 *
 *   resolveWriteConcern(cmd.writeConcern, defaults)  → {w, j?, wtimeout, provenance}
 *   evaluateWriteConcern(wc, replicaSet, settings)   → undefined | writeConcernError document
 *
 * Provenance (server `ReadWriteConcernProvenance`): `clientSupplied` (the command's own), then
 * `customDefault` (setDefaultRWConcern), `getLastErrorDefaults` (replica set config `settings`),
 * `implicitDefault` (5.0+: `{w: "majority", wtimeout: 0}`).
 *
 * Timing: the primary acknowledges at once; a member that is up acknowledges after its `lagMs`; a
 * member that is down never does. The write concern is met at the earliest time T at which the
 * members acknowledged by T satisfy it. T > wtimeout (wtimeout > 0) → code 64. A write concern no
 * member set can ever satisfy with wtimeout 0 would wait forever on a real server; the simulation
 * stops waiting and reports the same code 64 error (documented approximation).
 */
import { Int32 } from 'bson';
import { isDoc, isNumber, type Doc, type Value } from '../bson/values.js';
import { fail } from '../errors.js';
import type { Member, ReplicaSet } from './topology.js';

export type Provenance = 'clientSupplied' | 'customDefault' | 'getLastErrorDefaults' | 'implicitDefault';

export interface WriteConcern {
  readonly w: number | string;
  readonly j?: boolean | undefined;
  readonly wtimeout: number;
  readonly provenance: Provenance;
}

export interface WriteConcernSettings {
  /** setDefaultRWConcern's defaultWriteConcern (without provenance). */
  customDefault?: Doc | undefined;
  /** Replica set config `settings.getLastErrorDefaults`. */
  getLastErrorDefaults?: Doc | undefined;
  /** Replica set config `settings.getLastErrorModes`: mode name → {tag: distinct values needed}. */
  getLastErrorModes?: Readonly<Record<string, Readonly<Record<string, number>>>> | undefined;
}

function num(v: Value | undefined): number | undefined {
  if (v === undefined || !isNumber(v)) return undefined;
  if (typeof v === 'number') return v;
  // Int32 / Long / Decimal128 all print their value.
  return Number(v.toString());
}

function parseWriteConcernDoc(doc: Doc, provenance: Provenance, fallbackW: number | string): WriteConcern {
  for (const k of doc.keys()) {
    if (!['w', 'j', 'wtimeout', 'fsync', 'provenance', 'wTimeout'].includes(k)) {
      throw fail(9, `unrecognized write concern field: ${k}`);
    }
  }
  const wv = doc.get('w');
  let w: number | string = fallbackW;
  if (typeof wv === 'string') w = wv;
  else if (wv !== undefined) {
    const n = num(wv);
    if (n === undefined) throw fail(14, 'w has to be a number or string');
    if (n < 0 || n > 50 || !Number.isInteger(n))
      throw fail(9, 'w has to be a non-negative number and not greater than 50; found: ' + String(n));
    w = n;
  }
  const jv = doc.get('j');
  const wt = num(doc.get('wtimeout') ?? doc.get('wTimeout')) ?? 0;
  const j = typeof jv === 'boolean' ? jv : jv === undefined ? undefined : Boolean(num(jv));
  return j === undefined ? { w, wtimeout: wt, provenance } : { w, j, wtimeout: wt, provenance };
}

/** The write concern a write runs with. `clientDoc` is the command's `writeConcern` (may be absent). */
export function resolveWriteConcern(clientDoc: Value | undefined, settings: WriteConcernSettings): WriteConcern {
  const defaults = defaultWriteConcern(settings);
  if (isDoc(clientDoc) && clientDoc.size > 0) {
    // A client document without `w` keeps the default's `w` (server: WriteConcernOptions parse).
    return parseWriteConcernDoc(clientDoc, 'clientSupplied', defaults.w);
  }
  return defaults;
}

export function defaultWriteConcern(settings: WriteConcernSettings): WriteConcern {
  if (settings.customDefault && settings.customDefault.size > 0) {
    return parseWriteConcernDoc(settings.customDefault, 'customDefault', 'majority');
  }
  if (settings.getLastErrorDefaults && settings.getLastErrorDefaults.size > 0) {
    return parseWriteConcernDoc(settings.getLastErrorDefaults, 'getLastErrorDefaults', 1);
  }
  return { w: 'majority', wtimeout: 0, provenance: 'implicitDefault' };
}

/** `{w, j?, wtimeout, provenance}` as the server serializes it in errInfo / getDefaultRWConcern. */
export function writeConcernDoc(wc: WriteConcern, withProvenance = true): Doc {
  const d: Doc = new Map<string, Value>([['w', typeof wc.w === 'number' ? new Int32(wc.w) : wc.w]]);
  if (wc.j !== undefined) d.set('j', wc.j);
  d.set('wtimeout', new Int32(wc.wtimeout));
  if (withProvenance) d.set('provenance', wc.provenance);
  return d;
}

/** Members able to acknowledge, with the time each one does (primary first, at 0). */
function ackTimes(rs: ReplicaSet, primary: Member): { member: Member; at: number }[] {
  return rs.members
    .filter((m) => m.state === 'up')
    .map((m) => ({ member: m, at: m === primary ? 0 : m.lagMs }))
    .sort((a, b) => a.at - b.at);
}

/**
 * When a write concern that counts members (a number, "majority") is met: the time of the
 * `need`-th acknowledgement in time order, or undefined when fewer members are up; null when a lag
 * is NaN (the walk's sort decides then). The same answer as `walkMetAt`, whose test for such a `w`
 * depends on the number acknowledged alone, without a member list per step (every replica-set
 * write asks).
 */
function countMetAt(rs: ReplicaSet, primary: Member, need: number): number | undefined | null {
  // Inserted in order as they come, equal times kept in member order as the walk's stable sort does.
  const times: number[] = [];
  const members = rs.members;
  for (let i = 0; i < members.length; i++) {
    const m = members[i]!;
    if (m.state !== 'up') continue;
    const at = m === primary ? 0 : m.lagMs;
    if (at !== at) return null;
    let j = times.length;
    times.push(at);
    for (; j > 0 && times[j - 1]! > at; j--) times[j] = times[j - 1]!;
    times[j] = at;
  }
  const k = Math.max(1, Math.ceil(need));
  return k > times.length ? undefined : times[k - 1];
}

/**
 * When a write concern is met, for every `w`: the earliest acknowledgement time at which the
 * members acknowledged by then satisfy it (tag modes need the members themselves).
 */
export function walkMetAt(
  rs: ReplicaSet,
  primary: Member,
  w: number | string,
  settings: WriteConcernSettings,
  total: number,
): number | undefined {
  const times = ackTimes(rs, primary);
  for (let i = 0; i < times.length; i++) {
    const acked = times.slice(0, i + 1).map((t) => t.member);
    if (satisfied(acked, w, settings, total)) return times[i]!.at;
  }
  return undefined;
}

/** When `w` is met on `rs` (simulated milliseconds after the primary's write), or undefined: never. */
export function writeConcernMetAt(
  w: number | string,
  rs: ReplicaSet,
  primary: Member,
  settings: WriteConcernSettings,
): number | undefined {
  const total = rs.members.length;
  if (typeof w === 'number' || w === 'majority') {
    const met = countMetAt(rs, primary, typeof w === 'number' ? w : Math.floor(total / 2) + 1);
    if (met !== null) return met;
  }
  return walkMetAt(rs, primary, w, settings, total);
}

function satisfied(
  acked: readonly Member[],
  w: number | string,
  settings: WriteConcernSettings,
  total: number,
): boolean {
  if (typeof w === 'number') return acked.length >= w;
  if (w === 'majority') return acked.length >= Math.floor(total / 2) + 1;
  const mode = settings.getLastErrorModes?.[w];
  if (!mode) return false;
  return Object.entries(mode).every(([tag, count]) => {
    const values = new Set(acked.flatMap((m) => (m.tags[tag] !== undefined ? [m.tags[tag]] : [])));
    return values.size >= count;
  });
}

/**
 * Waits (in simulated time) for the write concern on one replica set. Returns undefined when it is
 * satisfied, else the `writeConcernError` document. Throws nothing: configuration problems (unknown
 * tag mode, too many members asked for) are write concern errors too, as on the server.
 */
export function evaluateWriteConcern(
  wc: WriteConcern,
  rs: ReplicaSet,
  primary: Member,
  settings: WriteConcernSettings,
): Doc | undefined {
  if (wc.w === 0) return undefined;
  const total = rs.members.length;
  if (typeof wc.w === 'number' && wc.w > total) {
    return wceDoc(100, 'UnsatisfiableWriteConcern', 'Not enough data-bearing nodes', wc, false);
  }
  if (typeof wc.w === 'string' && wc.w !== 'majority' && settings.getLastErrorModes?.[wc.w] === undefined) {
    return wceDoc(
      79,
      'UnknownReplWriteConcern',
      `No write concern mode named '${wc.w}' found in replica set configuration`,
      wc,
      false,
    );
  }
  const metAt = writeConcernMetAt(wc.w, rs, primary, settings);
  if (metAt !== undefined && (wc.wtimeout <= 0 || metAt <= wc.wtimeout)) return undefined;
  return wceDoc(64, 'WriteConcernTimeout', 'waiting for replication timed out', wc, true);
}

function wceDoc(code: number, codeName: string, errmsg: string, wc: WriteConcern, timeout: boolean): Doc {
  const errInfo: Doc = new Map<string, Value>();
  if (timeout) errInfo.set('wtimeout', true);
  errInfo.set('writeConcern', writeConcernDoc(wc));
  return new Map<string, Value>([
    ['code', new Int32(code)],
    ['codeName', codeName],
    ['errmsg', errmsg],
    ['errInfo', errInfo],
  ]);
}
