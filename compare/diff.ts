/**
 * Differences between two replies or documents, as a person reads them: a missing or extra field,
 * fields in another order, another BSON type, another value. Values that each server generates
 * for itself (ObjectIds, dates, timestamps) compare by type only; fields that only describe the
 * server's state (cluster time, election id, op time) are left out of replies.
 */
import { stringifyEJSON } from '../engine/bson/ejson.js';
import { isArray, isDoc, typeOf, type Doc, type Value } from '../engine/bson/values.js';

/** Reply fields that describe the server, not the answer. */
export const VOLATILE_REPLY_FIELDS: ReadonlySet<string> = new Set([
  '$clusterTime',
  'operationTime',
  'electionId',
  'opTime',
  'localTime',
  'connectionId',
  'lastCommittedOpTime',
  '$gleStats',
  '$configServerState',
  '$topologyTime',
]);

const SELF_GENERATED = new Set(['objectId', 'date', 'timestamp']);

function show(v: Value | undefined): string {
  if (v === undefined) return '(missing)';
  const text = stringifyEJSON(v, { relaxed: true });
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}

const NUMERIC = new Set(['double', 'int', 'long', 'decimal']);

export interface DiffOptions {
  /** Numbers compare by value only (the driver gave the reply back without its numeric types). */
  readonly looseNumbers?: boolean;
}

/** Every difference between `a` (the engine) and `b` (the other server), one line each. */
export function diffValues(a: Value | undefined, b: Value | undefined, path = '', options: DiffOptions = {}): string[] {
  const where = path === '' ? '<root>' : path;
  if (a === undefined || b === undefined) {
    if (a === b) return [];
    return [`${where}: engine ${show(a)}, server ${show(b)}`];
  }
  const ta = typeOf(a);
  const tb = typeOf(b);
  if (options.looseNumbers === true && NUMERIC.has(ta) && NUMERIC.has(tb))
    return Number(String(a)) === Number(String(b)) ? [] : [`${where}: engine ${show(a)}, server ${show(b)}`];
  if (ta !== tb) return [`${where}: engine ${ta} ${show(a)}, server ${tb} ${show(b)}`];
  if (isDoc(a) && isDoc(b)) {
    const out: string[] = [];
    const ka = [...a.keys()];
    const kb = [...b.keys()];
    for (const k of ka)
      if (!b.has(k)) out.push(`${path === '' ? k : `${path}.${k}`}: only the engine has it: ${show(a.get(k))}`);
    for (const k of kb)
      if (!a.has(k)) out.push(`${path === '' ? k : `${path}.${k}`}: only the server has it: ${show(b.get(k))}`);
    const common = ka.filter((k) => b.has(k));
    const commonB = kb.filter((k) => a.has(k));
    if (common.join('\0') !== commonB.join('\0'))
      out.push(`${where}: field order: engine [${common.join(', ')}], server [${commonB.join(', ')}]`);
    for (const k of common) out.push(...diffValues(a.get(k), b.get(k), path === '' ? k : `${path}.${k}`, options));
    return out;
  }
  if (isArray(a) && isArray(b)) {
    if (a.length !== b.length)
      return [`${where}: engine ${a.length} elements ${show(a)}, server ${b.length} ${show(b)}`];
    return a.flatMap((x, i) => diffValues(x, b[i], `${path}.${i}`, options));
  }
  if (SELF_GENERATED.has(ta)) return [];
  const sa = stringifyEJSON(a, { relaxed: false });
  const sb = stringifyEJSON(b, { relaxed: false });
  return sa === sb ? [] : [`${where}: engine ${show(a)}, server ${show(b)}`];
}

/** The scratch database's name written back as the scenario's, in every string (namespaces in messages). */
function renamed(v: Value, scratchDb: string, scenarioDb: string): Value {
  if (typeof v === 'string') return v === scratchDb ? scenarioDb : v.split(`${scratchDb}.`).join(`${scenarioDb}.`);
  if (isArray(v)) return v.map((x) => renamed(x, scratchDb, scenarioDb));
  if (isDoc(v))
    return new Map(
      [...v].filter(([k]) => !NAMESPACE_HASHES.has(k)).map(([k, x]) => [k, renamed(x, scratchDb, scenarioDb)]),
    );
  return v;
}

/** Explain's hashes of the query shape include the namespace (and differ between versions). */
const NAMESPACE_HASHES: ReadonlySet<string> = new Set([
  'planCacheShapeHash',
  'planCacheKey',
  'queryHash',
  'queryShapeHash',
]);

/** A reply without the fields that describe the server; names, `ns` and cursor ids made comparable. */
export function comparableReply(reply: Doc, scratchDb: string, scenarioDb: string): Doc {
  const out: Doc = new Map();
  for (const [k, raw] of reply) {
    const v = renamed(raw, scratchDb, scenarioDb);
    if (VOLATILE_REPLY_FIELDS.has(k)) continue;
    if (k === 'cursor' && isDoc(v)) {
      const c: Doc = new Map();
      for (const [ck, cv] of v) {
        if (ck === 'id') c.set(ck, String(cv) === '0' ? 'exhausted' : 'open');
        else c.set(ck, cv);
      }
      out.set(k, c);
    } else out.set(k, v);
  }
  return out;
}
