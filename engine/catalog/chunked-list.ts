/**
 * An append-mostly list stored as fixed-size chunks: the oplog's slots and record ids, and a run's
 * post-images. An `updateMany` over 100,000 documents appends 100,000 oplog entries; in one array
 * each regrowth copied every element so far into a new large array (100,000 → 150,000 → 225,000
 * after a restore), about 8% of a pipeline `updateMany`. Here an append fills the last chunk and
 * a full chunk is followed by a new one: nothing already stored is copied again. The first chunk
 * grows as an array does, so a short list (a run of one update entry) costs what an array costs.
 *
 * Reads and writes by position (`get`, `set`) are an array's; `removeAt` (transactions and
 * sharded rewrites take back an entry) rebuilds the list, which is rare. Guard:
 * chunked-list.property.test.ts (every operation against a plain array).
 */
const CHUNK_BITS = 12;
const CHUNK = 1 << CHUNK_BITS;
const MASK = CHUNK - 1;

export class ChunkedList<T> {
  private chunks: T[][] = [];
  private size = 0;

  /** A list holding `items` in order. */
  static from<T>(items: readonly T[]): ChunkedList<T> {
    const list = new ChunkedList<T>();
    for (let i = 0; i < items.length; i++) list.push(items[i]!);
    return list;
  }

  get length(): number {
    return this.size;
  }

  /** The element at `i` (undefined outside 0..length-1). */
  get(i: number): T | undefined {
    if (i < 0 || i >= this.size) return undefined;
    return this.chunks[i >> CHUNK_BITS]![i & MASK];
  }

  /** Replaces the element at `i` (0 ≤ i < length). */
  set(i: number, item: T): void {
    if (i < 0 || i >= this.size) throw new RangeError(`chunked list: no element ${i}`);
    this.chunks[i >> CHUNK_BITS]![i & MASK] = item;
  }

  /** The last element, or undefined when empty. */
  last(): T | undefined {
    return this.size === 0 ? undefined : this.get(this.size - 1);
  }

  push(item: T): void {
    const i = this.size;
    if (i < CHUNK) {
      // The first chunk grows as an array does (a short list stays small: a run of one entry).
      if (i === 0) this.chunks.push([]);
      this.chunks[0]!.push(item);
    } else {
      const at = i & MASK;
      // Later chunks are made at their full length once (holey until filled): filling never regrows.
      if (at === 0) this.chunks.push(new Array<T>(CHUNK));
      this.chunks[i >> CHUNK_BITS]![at] = item;
    }
    this.size = i + 1;
  }

  /** Keeps the first `count` elements. */
  truncate(count: number): void {
    if (count >= this.size) return;
    const keep = Math.max(0, count);
    const chunkCount = (keep + MASK) >> CHUNK_BITS;
    this.chunks.length = chunkCount;
    const lastChunk = this.chunks[chunkCount - 1];
    if (chunkCount === 1) lastChunk!.length = keep;
    // Let go of the dropped elements of a full-length chunk (a later push overwrites them).
    else if (lastChunk !== undefined) for (let j = keep & MASK || CHUNK; j < CHUNK; j++) lastChunk[j] = undefined as T;
    this.size = keep;
  }

  /** Removes the element at `i`, moving the later ones down. */
  removeAt(i: number): void {
    if (i < 0 || i >= this.size) return;
    const all = this.slice(0);
    all.splice(i, 1);
    this.clear();
    for (let k = 0; k < all.length; k++) this.push(all[k]!);
  }

  clear(): void {
    this.chunks = [];
    this.size = 0;
  }

  /** The elements from position `from` on, as a new array. */
  slice(from: number): T[] {
    const start = Math.max(0, from);
    const out = new Array<T>(Math.max(0, this.size - start));
    for (let i = start; i < this.size; i++) out[i - start] = this.chunks[i >> CHUNK_BITS]![i & MASK]!;
    return out;
  }

  *values(): IterableIterator<T> {
    for (let i = 0; i < this.size; i++) yield this.chunks[i >> CHUNK_BITS]![i & MASK]!;
  }
}
