/**
 * One live index: its definition plus a hash map from canonical key to the records holding it.
 * Unique indexes refuse a second record with an equal key (duplicate-key error 11000 with
 * `keyPattern`/`keyValue`, as `buildDupKeyErrorStatus` produces).
 */
import { appendAll } from '../arrays.js';
import { binaryEqual, compareValues, valuesEqual, type Collator } from '../bson/compare.js';
import { renderDoc, renderValue } from '../bson/render.js';
import type { Doc, Value } from '../bson/values.js';
import { fail } from '../errors.js';
import { compileFilter, type DocumentFilter } from './filter.js';
import { extractKeys } from './index-keys.js';
import type { IndexDefinition } from './index-definition.js';
import { bucketKey } from './keys.js';
import { refuseSymbolsInCollatedKeys } from './collated-key-symbols.js';

export interface IndexEntry {
  readonly key: readonly Value[];
  readonly rid: number;
}

/** A document's keys for one index, with their bucket keys (`bucketKey`). */
export interface KeySet {
  readonly keys: readonly (readonly Value[])[];
  readonly hashes: readonly (string | number)[];
  readonly multikey: boolean;
}

const EMPTY_KEYS: KeySet = { keys: [], hashes: [], multikey: false };

/** How many modified paths an index remembers its answer for. */
const AFFECTED_BY_PATH_LIMIT = 1024;

export class IndexStore {
  readonly definition: IndexDefinition;
  /** True once some document produced keys through an array. */
  multikey = false;
  private readonly buckets = new Map<string | number, IndexEntry[]>();
  /** Each record's keys (with their bucket keys), so removal needs no key regeneration. */
  private readonly keysByRid = new Map<number, KeySet>();
  private readonly paths: readonly (readonly string[])[];
  /** Each key field's last path component (the element name in a key error). */
  private readonly keyNames: readonly string[];
  private readonly partial: DocumentFilter | null;
  /** The key paths as `mightBeAffectedBy` compares them (canonical, see `canonicalIndexPath`). */
  private readonly canonicalPaths: readonly (readonly string[])[];
  /** `mightBeAffectedByPath` answers by modified path (bounded: cleared past the limit). */
  private readonly affectedByPath = new Map<string, boolean>();

  constructor(definition: IndexDefinition) {
    this.definition = definition;
    this.paths = definition.fields.map((f) => f.parts);
    this.keyNames = this.paths.map((p) => p[p.length - 1] ?? '');
    this.canonicalPaths = this.paths.map(canonicalIndexPath);
    this.partial = definition.partialFilterExpression
      ? compileFilter(definition.partialFilterExpression, definition.collation?.collator ?? null)
      : null;
  }

  get name(): string {
    return this.definition.name;
  }

  private get collator() {
    return this.definition.collation?.collator ?? null;
  }

  /**
   * Whether an update that modified `modifiedPaths` may change this index's keys for a document
   * (the server's `UpdateIndexData::mightBeIndexed`): some key path and some modified path are
   * equal or one is a prefix of the other, compared in canonical form. A partial index always
   * may (its filter decides membership).
   */
  mightBeAffectedBy(modifiedPaths: readonly string[]): boolean {
    if (this.partial) return true;
    for (let i = 0; i < modifiedPaths.length; i++) if (this.mightBeAffectedByPath(modifiedPaths[i]!)) return true;
    return false;
  }

  /** One modified path's answer, remembered: a multi-update asks the same paths for every document. */
  private mightBeAffectedByPath(m: string): boolean {
    let known = this.affectedByPath.get(m);
    if (known === undefined) {
      const modified = canonicalIndexPath(m.split('.'));
      known = this.canonicalPaths.some((p) => prefixOrEqual(p, modified) || prefixOrEqual(modified, p));
      if (this.affectedByPath.size >= AFFECTED_BY_PATH_LIMIT) this.affectedByPath.clear();
      this.affectedByPath.set(m, known);
    }
    return known;
  }

  /** The key tuples a document contributes ([] when sparse/partial exclude it). */
  keysOf(doc: Doc): readonly (readonly Value[])[] {
    return this.computeKeys(doc).keys;
  }

  /** Keys plus their bucket keys, computed once per write (throws 171 for parallel arrays). */
  computeKeys(doc: Doc): KeySet {
    if (this.partial && !this.partial.matches(doc)) return EMPTY_KEYS;
    const extracted = extractKeys(doc, this.paths, this.definition.sparse === true);
    if (extracted.allMissing) return EMPTY_KEYS;
    const collator = this.collator;
    if (collator !== null) refuseSymbolsInCollatedKeys(extracted.keys, this.keyNames);
    return {
      keys: extracted.keys,
      hashes: extracted.keys.map((k) => bucketKey(k, collator)),
      multikey: extracted.multikey,
    };
  }

  /** Throws 11000 when `doc` would duplicate a key held by a record other than `selfRid`. */
  checkUnique(doc: Doc, ns: string, selfRid: number | null): void {
    this.checkUniqueKeys(this.computeKeys(doc), ns, selfRid);
  }

  /** `checkUnique` with keys already computed. */
  checkUniqueKeys(keySet: KeySet, ns: string, selfRid: number | null): void {
    if (!this.definition.unique) return;
    const { keys, hashes } = keySet;
    for (let i = 0; i < keys.length; i++) {
      const bucket = this.buckets.get(hashes[i]!);
      if (bucket === undefined) continue;
      const key = keys[i]!;
      for (let j = 0; j < bucket.length; j++) {
        const e = bucket[j]!;
        if (e.rid !== selfRid && this.sameKey(e.key, key)) throw this.duplicateKeyError(ns, key);
      }
    }
  }

  private sameKey(a: readonly Value[], b: readonly Value[]): boolean {
    for (let i = 0; i < a.length; i++) if (!valuesEqual(a[i]!, b[i]!, this.collator)) return false;
    return true;
  }

  /** The server's E11000 error for this index and key. */
  duplicateKeyError(ns: string, key: readonly Value[]): Error {
    const keyPattern: Doc = new Map(this.definition.keyPattern);
    const keyValue: Doc = new Map();
    const rendered: string[] = [];
    this.definition.fields.forEach((f, i) => {
      keyValue.set(f.path, key[i]!);
      rendered.push(`${f.path}: ${renderValue(key[i]!)}`);
    });
    const dupKey = rendered.length === 0 ? '{}' : `{ ${rendered.join(', ')} }`;
    const coll = this.definition.collation ? ` collation: ${renderDoc(this.definition.collation.doc)}` : '';
    return fail(
      11000,
      `E11000 duplicate key error collection: ${ns} index: ${this.name}${coll} dup key: ${dupKey}`,
      new Map<string, unknown>([
        ['keyPattern', keyPattern],
        ['keyValue', keyValue],
      ]),
    );
  }

  add(doc: Doc, rid: number): void {
    this.addKeys(this.computeKeys(doc), rid);
  }

  /** Adds a record's precomputed keys. */
  addKeys(keySet: KeySet, rid: number): void {
    if (keySet.multikey) this.multikey = true;
    const { keys, hashes } = keySet;
    for (let i = 0; i < keys.length; i++) {
      const k = hashes[i]!;
      const entry: IndexEntry = { key: keys[i]!, rid };
      const bucket = this.buckets.get(k);
      if (bucket !== undefined) bucket.push(entry);
      else this.buckets.set(k, [entry]);
    }
    if (keys.length > 0) this.keysByRid.set(rid, keySet);
  }

  /**
   * Replaces a record's keys (an update). When the new keys are the stored ones — same
   * bucket keys and binary-equal values (types included: 1 and 1.0 hash alike but are kept apart
   * here, as the entries hold the key values) — the entries stay as they are; index order does
   * not depend on an entry's place in its bucket (entries are sorted, record id last).
   */
  replaceKeys(keySet: KeySet, rid: number): void {
    const old = this.keysByRid.get(rid);
    if (old === undefined ? keySet.keys.length === 0 : sameKeySet(old, keySet)) {
      if (keySet.multikey) this.multikey = true;
      return;
    }
    this.removeRid(rid);
    this.addKeys(keySet, rid);
  }

  /** Removes a record's keys (remembered from when it was added). */
  remove(_doc: Doc, rid: number): void {
    this.removeRid(rid);
  }

  private removeRid(rid: number): void {
    const old = this.keysByRid.get(rid);
    if (!old) return;
    this.keysByRid.delete(rid);
    for (const k of old.hashes) {
      const bucket = this.buckets.get(k);
      if (!bucket) continue;
      if (bucket.length === 1) {
        if (bucket[0]!.rid === rid) this.buckets.delete(k);
        continue;
      }
      const rest = bucket.filter((e) => e.rid !== rid);
      if (rest.length === 0) this.buckets.delete(k);
      else this.buckets.set(k, rest);
    }
  }

  clear(): void {
    this.buckets.clear();
    this.keysByRid.clear();
    this.multikey = false;
  }

  /** Records whose full key equals `key` (an O(1) lookup; used for `_id`). */
  lookup(key: readonly Value[]): number[] {
    const bucket = this.buckets.get(bucketKey(key, this.collator));
    if (!bucket) return [];
    return bucket.filter((e) => this.sameKey(e.key, key)).map((e) => e.rid);
  }

  /** The first record (in bucket order) whose full key equals `key`: `lookup(key)[0]` without the arrays. */
  lookupFirst(key: readonly Value[]): number | undefined {
    const hash = bucketKey(key, this.collator);
    const bucket = this.buckets.get(hash);
    if (!bucket) return undefined;
    // A number bucket holds one numeric value (keys.ts: `#n` is exact for numbers, which no
    // collator changes), so every entry in it is equal to `key`.
    if (typeof hash === 'number') return bucket[0]?.rid;
    for (const e of bucket) if (this.sameKey(e.key, key)) return e.rid;
    return undefined;
  }

  /** Every entry, in index order (key order by direction, then record id). */
  entriesInOrder(): IndexEntry[] {
    const all: IndexEntry[] = [];
    for (const bucket of this.buckets.values()) appendAll(all, bucket);
    return this.sortEntries(all);
  }

  /**
   * Entries whose first key field equals one of `values`, in index order. O(#values) hash
   * lookups for single-field indexes; compound indexes scan.
   */
  pointEntries(values: readonly Value[]): IndexEntry[] {
    const collator = this.collator;
    if (this.definition.fields.length === 1) {
      // One value (an equality, an upsert's unique-key probe): its bucket alone, no dedup set.
      if (values.length === 1) return this.sortEntries(this.entriesEqualTo(values[0]!, collator));
      const found: IndexEntry[] = [];
      const seen = new Set<string | number>();
      for (const v of values) {
        const k = bucketKey([v], collator);
        if (seen.has(k)) continue;
        seen.add(k);
        for (const e of this.buckets.get(k) ?? []) if (valuesEqual(e.key[0]!, v, collator)) found.push(e);
      }
      return this.sortEntries(found);
    }
    const found: IndexEntry[] = [];
    for (const bucket of this.buckets.values()) {
      for (const e of bucket) if (values.some((v) => valuesEqual(e.key[0]!, v, collator))) found.push(e);
    }
    return this.sortEntries(found);
  }

  /** The entries of a one-field index whose key equals `v`, in bucket order. */
  private entriesEqualTo(v: Value, collator: Collator | null): IndexEntry[] {
    const bucket = this.buckets.get(bucketKey([v], collator));
    const found: IndexEntry[] = [];
    if (bucket === undefined) return found;
    for (let j = 0; j < bucket.length; j++) {
      const e = bucket[j]!;
      if (valuesEqual(e.key[0]!, v, collator)) found.push(e);
    }
    return found;
  }

  private sortEntries(all: IndexEntry[]): IndexEntry[] {
    if (all.length < 2) return all;
    const dirs = this.definition.fields.map((f) => f.direction);
    const collator = this.collator;
    all.sort((a, b) => {
      for (let i = 0; i < dirs.length; i++) {
        const c = compareValues(a.key[i]!, b.key[i]!, collator);
        if (c !== 0) return c * dirs[i]!;
      }
      return a.rid - b.rid;
    });
    return all;
  }

  /** Number of keys (for explain's keysExamined estimates). */
  get keyCount(): number {
    let n = 0;
    for (const b of this.buckets.values()) n += b.length;
    return n;
  }
}

/** Same key tuples in the same order, compared bitwise (`binaryEqual`, so types and -0 count). */
function sameKeySet(a: KeySet, b: KeySet): boolean {
  if (a.keys.length !== b.keys.length) return false;
  for (let i = 0; i < a.keys.length; i++) {
    if (a.hashes[i] !== b.hashes[i]) return false;
    const x = a.keys[i]!;
    const y = b.keys[i]!;
    if (x.length !== y.length) return false;
    for (let j = 0; j < x.length; j++) if (!binaryEqual(x[j]!, y[j]!)) return false;
  }
  return true;
}

/**
 * `UpdateIndexData::getCanonicalIndexField`: the path up to (not including) its first numeric or
 * positional component after the first (`a.0.b` and `a.$.b` → `a`), since an array index in a
 * path reaches the same keys as the array itself.
 */
export function canonicalIndexPath(parts: readonly string[]): readonly string[] {
  for (let i = 1; i < parts.length; i++) {
    const part = parts[i]!;
    if (part.startsWith('$') || /^[0-9]+$/.test(part)) return parts.slice(0, i);
  }
  return parts;
}

function prefixOrEqual(prefix: readonly string[], path: readonly string[]): boolean {
  if (prefix.length > path.length) return false;
  for (let i = 0; i < prefix.length; i++) if (prefix[i] !== path[i]) return false;
  return true;
}
