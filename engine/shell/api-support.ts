/**
 * Small helpers of the shell API: building command documents from options the way the Node
 * driver does (absent / falsy options left out, JS integers as int32), reading replies, and the
 * client-side validation of update and replacement documents.
 */
import { Int32, Long, ObjectId } from 'bson';
import type { Doc, Value } from '../bson/values.js';
import { isArray, isDoc } from '../bson/values.js';
import { ShellClientError } from './client-errors.js';

export type Entry = readonly [string, Value | undefined];

/** A document from entries, leaving out the ones whose value is `undefined` (absent option). */
export function build(entries: readonly Entry[]): Doc {
  const out: Doc = new Map();
  for (const [k, v] of entries) if (v !== undefined) out.set(k, v);
  return out;
}

/** JS integers go out as int32, as the Node driver's serializer writes them. */
export function int(n: number): Value {
  return Number.isInteger(n) && n >= -2147483648 && n <= 2147483647 ? new Int32(n) : n;
}

export function opt(options: Doc | undefined, name: string): Value | undefined {
  return options?.get(name);
}

export function boolOpt(options: Doc | undefined, name: string): boolean | undefined {
  const v = opt(options, name);
  return typeof v === 'boolean' ? v : undefined;
}

/** The driver treats falsy option values as absent for most fields (`if (options.hint)`). */
export function truthyOpt(options: Doc | undefined, name: string): Value | undefined {
  const v = opt(options, name);
  if (v === undefined || v === null || v === false || v === 0 || v === '') return undefined;
  return v;
}

export function toNumber(v: Value | undefined): number {
  if (v === undefined || v === null) return 0;
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof Int32) return v.value;
  if (v instanceof Long) return v.toNumber();
  if (typeof v === 'object' && '_bsontype' in v && v._bsontype === 'Decimal128') return Number(v.toString());
  return 0;
}

export function isOk(reply: Doc): boolean {
  return toNumber(reply.get('ok')) === 1;
}

export function docArray(v: Value | undefined): Doc[] {
  return isArray(v) ? v.filter(isDoc) : [];
}

/**
 * The driver's `hasAtomicOperators`: a document whose first key is `$`-prefixed, or a pipeline in
 * which at least one stage is such a document.
 */
export function hasAtomicOperators(update: Value): boolean {
  if (isArray(update)) return update.some((s) => hasAtomicOperators(s));
  if (!isDoc(update)) return false;
  const first = update.keys().next();
  return !first.done && first.value.startsWith('$');
}

/** The driver's updateOne/updateMany check: an update needs atomic operators (or a pipeline of stages). */
export function checkUpdateDocument(update: Value): void {
  if (!hasAtomicOperators(update)) throw new ShellClientError('Update document requires atomic operators');
}

export function checkReplacementDocument(replacement: Value): void {
  if (!isDoc(replacement)) throw new ShellClientError('Replacement document must be an object');
  if (hasAtomicOperators(replacement)) {
    throw new ShellClientError('Replacement document must not contain atomic operators');
  }
}

export function requireDoc(v: Value | undefined, what: string): Doc {
  if (v === undefined) return new Map();
  if (!isDoc(v)) throw new ShellClientError(`${what} must be an object`);
  return v;
}

/** Default index name: `a_1_b_-1`, as the driver derives it from the key pattern. */
export function indexName(keys: Doc): string {
  const parts: string[] = [];
  for (const [k, v] of keys) {
    const s = typeof v === 'string' ? v : String(toNumber(v));
    parts.push(`${k}_${s}`);
  }
  return parts.join('_');
}

export function isAcknowledged(wc: Doc | undefined): boolean {
  if (wc === undefined) return true;
  const w = wc.get('w');
  const j = wc.get('j');
  return !(w !== undefined && toNumber(w) === 0 && typeof w !== 'string' && j !== true);
}

/** Transactions spec: an operation inside a transaction must not carry its own write concern. */
export function TXN_WRITE_CONCERN_ERROR(): ShellClientError {
  return new ShellClientError('Cannot set write concern after starting a transaction', 'MongoTransactionError');
}

/**
 * The document with a generated `_id` when it has none. `keepNullId`: the CRUD specification's rule
 * (create-null-ids) that an explicit `_id: null` is kept; without it, `null` is replaced as the Node
 * driver (so mongosh) does (`document._id == null` in maybeAddIdToDocuments).
 */
export function withId(document: Doc, keepNullId = false): Doc {
  const id = document.get('_id');
  if (id !== undefined && (id !== null || keepNullId)) return document;
  // The driver assigns `doc._id = new ObjectId()` on the object, i.e. after the existing fields.
  const d: Doc = new Map(document);
  d.set('_id', new ObjectId());
  return d;
}
