/**
 * A collection's documents by record id, with each record's BSON size.
 *
 * Iteration is natural order, which is ascending record id: inserts append with a new, larger id
 * and replacing a record keeps its place. Sizes are -1 until known: a writer that measured the
 * document passes its size, otherwise it is measured on first need (`sizeOf`) and kept, so an
 * update can compute the new size from the old one (bson/size-delta.ts).
 *
 * Storage is two arrays indexed by `rid - base` (a hash map lookup per record was a measurable
 * share of an `updateMany` over 100,000 documents): ids are handed out in rising order, so the
 * arrays stay dense; a removed record leaves a hole that iteration skips, and the arrays start
 * again at the next id once the store is empty.
 */
import { bsonSize } from '../bson/size.js';
import type { Doc } from '../bson/values.js';

export class RecordStore {
  /** The record id of slot 0. */
  private base = 1;
  private docs: (Doc | undefined)[] = [];
  private sizes: number[] = [];
  private n = 0;

  get count(): number {
    return this.n;
  }

  get(rid: number): Doc | undefined {
    return this.docs[rid - this.base];
  }

  *values(): IterableIterator<Doc> {
    // Live: records appended while iterating are visited, as a Map's iterator would.
    for (let i = 0; i < this.docs.length; i++) {
      const d = this.docs[i];
      if (d !== undefined) yield d;
    }
  }

  *ids(): IterableIterator<number> {
    for (let i = 0; i < this.docs.length; i++) if (this.docs[i] !== undefined) yield i + this.base;
  }

  *entries(): IterableIterator<[number, Doc]> {
    for (let i = 0; i < this.docs.length; i++) {
      const d = this.docs[i];
      if (d !== undefined) yield [i + this.base, d];
    }
  }

  /** The documents in natural order, as a new array (without an iterator per record). */
  toArray(): Doc[] {
    const all = this.docs;
    const out: Doc[] = [];
    for (let i = 0; i < all.length; i++) {
      const d = all[i];
      if (d !== undefined) out.push(d);
    }
    return out;
  }

  /** Both arrays in natural order, without an iterator per record (scans). */
  collect(docs: Doc[], rids: number[]): void {
    const all = this.docs;
    for (let i = 0; i < all.length; i++) {
      const d = all[i];
      if (d !== undefined) {
        docs.push(d);
        rids.push(i + this.base);
      }
    }
  }

  /**
   * Visits the records in natural order with their ids, reading each slot when the walk reaches
   * it; `visit` returns false to stop. A write in place (`set` of a stored id) keeps every record
   * where it is, so a caller may replace the visited record: each record is visited once, in the
   * version stored when reached, without copying the store first.
   */
  forEachRecord(visit: (doc: Doc, rid: number) => boolean): void {
    for (let i = 0; i < this.docs.length; i++) {
      const d = this.docs[i];
      if (d !== undefined && !visit(d, i + this.base)) return;
    }
  }

  /** The BSON size last set for record `rid`, -1 when unknown. */
  knownSize(rid: number): number {
    return this.docs[rid - this.base] === undefined ? -1 : this.sizes[rid - this.base]!;
  }

  /** Stores `doc` as record `rid` (new or replacing), with its size when known (-1 otherwise). */
  set(rid: number, doc: Doc, size: number): void {
    if (this.n === 0) {
      this.base = rid;
      this.docs = [];
      this.sizes = [];
    } else if (rid < this.base) this.rebase(rid);
    const at = rid - this.base;
    // Fill any gap so the arrays stay dense (holey arrays of a large gap would turn into dictionaries).
    while (this.docs.length < at) {
      this.docs.push(undefined);
      this.sizes.push(-1);
    }
    if (this.docs[at] === undefined) this.n++;
    this.docs[at] = doc;
    this.sizes[at] = size;
  }

  delete(rid: number): void {
    const at = rid - this.base;
    if (this.docs[at] === undefined) return;
    this.docs[at] = undefined;
    this.sizes[at] = -1;
    this.n--;
    if (this.n === 0) this.clear();
  }

  clear(): void {
    this.docs = [];
    this.sizes = [];
    this.n = 0;
  }

  /** The size of `doc`, stored as record `rid` when given: kept, or measured once and kept. */
  sizeOf(doc: Doc, rid: number | undefined): number {
    const at = rid === undefined ? -1 : rid - this.base;
    const stored = at >= 0 && this.docs[at] === doc;
    if (stored) {
      const known = this.sizes[at]!;
      if (known >= 0) return known;
    }
    const size = bsonSize(doc);
    if (stored) this.sizes[at] = size;
    return size;
  }

  /** Sizes in natural order (-1: not measured yet). */
  knownSizes(): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.docs.length; i++) if (this.docs[i] !== undefined) out.push(this.sizes[i]!);
    return out;
  }

  /** A copy of the records and sizes by record id (a journal's undo of a truncate). */
  copy(): { readonly records: ReadonlyMap<number, Doc>; readonly sizes: ReadonlyMap<number, number> } {
    const records = new Map<number, Doc>();
    const sizes = new Map<number, number>();
    for (let i = 0; i < this.docs.length; i++) {
      const d = this.docs[i];
      if (d === undefined) continue;
      records.set(i + this.base, d);
      sizes.set(i + this.base, this.sizes[i]!);
    }
    return { records, sizes };
  }

  /** Natural order is record id order by construction (kept for callers that undo removals). */
  restoreOrder(): void {}

  /** Moves slot 0 down to record id `rid` (a record put back below every stored one). */
  private rebase(rid: number): void {
    // Headroom as large as the store, so putting back many removals in falling order stays linear.
    const newBase = Math.max(1, Math.min(rid, this.base - Math.max(this.docs.length, 16)));
    const shift = this.base - newBase;
    this.docs = [...new Array<Doc | undefined>(shift).fill(undefined), ...this.docs];
    this.sizes = [...new Array<number>(shift).fill(-1), ...this.sizes];
    this.base = newBase;
  }
}
