/**
 * A collection's documents by record id, with each record's BSON size.
 *
 * Iteration is natural order, which is ascending record id: inserts append with a new, larger id
 * and replacing a record keeps its place. Sizes are -1 until known: a writer that measured the
 * document passes its size, otherwise it is measured on first need (`sizeOf`) and kept, so an
 * update can compute the new size from the old one (bson/size-delta.ts).
 */
import { bsonSize } from '../bson/size.js';
import type { Doc } from '../bson/values.js';

export class RecordStore {
  private readonly docs = new Map<number, Doc>();
  /** By record id; index 0 unused, so the array stays packed as ids rise. */
  private readonly sizes: number[] = [-1];

  get count(): number {
    return this.docs.size;
  }

  get(rid: number): Doc | undefined {
    return this.docs.get(rid);
  }

  values(): IterableIterator<Doc> {
    return this.docs.values();
  }

  ids(): IterableIterator<number> {
    return this.docs.keys();
  }

  entries(): IterableIterator<[number, Doc]> {
    return this.docs.entries();
  }

  /** The BSON size last set for record `rid`, -1 when unknown. */
  knownSize(rid: number): number {
    return this.sizes[rid] ?? -1;
  }

  /** Stores `doc` as record `rid` (new or replacing), with its size when known (-1 otherwise). */
  set(rid: number, doc: Doc, size: number): void {
    this.docs.set(rid, doc);
    this.sizes[rid] = size;
  }

  delete(rid: number): void {
    this.docs.delete(rid);
    this.sizes[rid] = -1;
  }

  clear(): void {
    this.docs.clear();
  }

  /** The size of `doc`, stored as record `rid` when given: kept, or measured once and kept. */
  sizeOf(doc: Doc, rid: number | undefined): number {
    const stored = rid !== undefined && this.docs.get(rid) === doc;
    if (stored) {
      const known = this.sizes[rid]!;
      if (known >= 0) return known;
    }
    const size = bsonSize(doc);
    if (stored) this.sizes[rid] = size;
    return size;
  }

  /** Sizes in natural order (-1: not measured yet). */
  knownSizes(): number[] {
    const out: number[] = [];
    for (const rid of this.docs.keys()) out.push(this.sizes[rid]!);
    return out;
  }

  /** A copy of the records and sizes (a journal's undo of a truncate). */
  copy(): { readonly records: ReadonlyMap<number, Doc>; readonly sizes: readonly number[] } {
    return { records: new Map(this.docs), sizes: this.sizes.slice() };
  }

  /** Puts natural (record id) order back after records were re-added out of order (undone removals). */
  restoreOrder(): void {
    let last = 0;
    for (const rid of this.docs.keys()) {
      if (rid < last) {
        const entries = [...this.docs].sort((a, b) => a[0] - b[0]);
        this.docs.clear();
        for (const [id, doc] of entries) this.docs.set(id, doc);
        return;
      }
      last = rid;
    }
  }
}
