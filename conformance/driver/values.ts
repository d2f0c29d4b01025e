/**
 * Engine values ⇄ the driver's values, through BSON bytes so types and order survive: the engine
 * side uses the wire server's exact codec, the driver side its own `BSON` (the driver is CommonJS
 * and carries its own copy of the bson classes).
 */
import { BSON } from 'mongodb';
import type { Doc, Value } from '../../engine/bson/values.js';
import { decodeDocument, encodeDocument } from '../../server/wire/bson-codec.js';

/**
 * An engine value as a driver value. `typed` keeps int32/double as BSON objects (documents,
 * filters, updates, pipelines); untyped promotes them to JS numbers (driver options).
 */
export function toDriver(v: Value, typed: boolean): unknown {
  const bytes = encodeDocument(new Map<string, Value>([['v', v]]));
  return BSON.deserialize(bytes, { promoteValues: !typed, promoteBuffers: false, bsonRegExp: true }).v as unknown;
}

/** A driver value (result, event command, reply) as an engine value. */
export function fromDriver(v: unknown): Value {
  const bytes = BSON.serialize({ v: normalise(v) } as BSON.Document, { ignoreUndefined: true });
  return decodeDocument(Buffer.from(bytes)).get('v') as Value;
}

/** Driver results hold Maps keyed by numbers and class instances with getters: plain data first. */
function normalise(v: unknown): unknown {
  if (v instanceof Map) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of v) out[String(k)] = normalise(x);
    return out;
  }
  if (Array.isArray(v)) return v.map(normalise);
  if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = normalise(x);
    return out;
  }
  return v;
}

export function docFromDriver(v: unknown): Doc {
  const d = fromDriver(v);
  return d instanceof Map ? d : new Map();
}
