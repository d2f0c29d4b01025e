/**
 * A run of update entries that one record holds: an `updateMany {$inc: {n: 1}}` over a
 * collection writes one `u` entry per document, and each entry's `o` differs only by values the
 * post-image already holds at the same positions. So the run keeps, per entry, only the post-image's
 * values array (kept alive by the collection anyway) and, per run, the diff's shape (names, their
 * positions in the post-images' `Shape`, appended counts), the namespace, the cluster time of its
 * first entry (the rest follow by increment) and the wall times where they change.
 *
 * An entry joins a run only when materialising it from the run gives exactly what a compact
 * record would hold: same `ns`/`ui` (identity), the next record id and the next increment in the
 * same second, a `TopLevelDiff` with the run's names and appended counts whose values are the very
 * values (`Object.is`) of the post-image at the run's positions, and a post-image of the run's `Shape`
 * with `_id` first holding the entry's `o2` id (so `o2` is `{_id: values[0]}`). Entry k is read back as
 * `TopLevelDiff(names, values[k][slots], appended)`, the same logging calls, so the same `o`.
 * Guard: oplog-batch.property.test.ts (batched and unbatched oplogs hold bitwise-equal entries).
 */
import type { Binary } from 'bson';
import { ShapedDoc } from '../bson/shaped-doc.js';
import type { Shape } from '../bson/shape.js';
import type { Doc, Value } from '../bson/values.js';
import { TopLevelDiff, type SharedOSource } from '../oplog/top-level-diff.js';
import { ChunkedList } from './chunked-list.js';
import { envelope } from './oplog-envelope.js';

/** Whether update runs are batched (the property test turns it off to compare). */
export const oplogBatching = { enabled: true };

export class UpdateOplogBatch implements SharedOSource {
  /** The post-images' values, one array per entry (in chunks: a run of 100,000 entries never regrows). */
  private readonly posts = new ChunkedList<readonly Value[]>();
  /**
   * Entries' `o` once read (by entry index): the written change's diff reads it from here
   * (`TopLevelDiff.heldBy`), so a preview's card and its oplog entry hold one `o`, not two copies.
   */
  private builtOs: Map<number, Doc> | undefined = undefined;
  /** Wall times where they change: entry index, then ms since the epoch (flat pairs). */
  private readonly walls: number[];
  private size = 1;

  private constructor(
    readonly ns: string,
    readonly ui: Binary | undefined,
    private readonly shape: Shape,
    private readonly names: readonly string[],
    private readonly slots: readonly number[],
    private readonly appended: readonly number[],
    readonly firstRid: number,
    readonly tsSeconds: number,
    readonly firstIncrement: number,
    post: readonly Value[],
    wallMs: number,
  ) {
    this.posts.push(post);
    this.walls = [0, wallMs];
  }

  /** A run of one entry, or undefined when the entry cannot be read back from its post-image. */
  static start(
    ns: string,
    ui: Binary | undefined,
    o2Id: Value,
    post: Doc,
    diff: TopLevelDiff,
    rid: number,
    tsSeconds: number,
    tsIncrement: number,
    wallMs: number,
  ): UpdateOplogBatch | undefined {
    if (!oplogBatching.enabled || !(post instanceof ShapedDoc)) return undefined;
    const shape = post.shapeOf();
    const vals = post.valuesArray();
    if (shape === undefined || vals === undefined || shape.names[0] !== '_id' || !Object.is(vals[0], o2Id))
      return undefined;
    const count = diff.fieldCount;
    const names: string[] = [];
    const slots: number[] = [];
    const appended: number[] = [];
    for (let i = 0; i < count; i++) {
      const name = diff.nameAt(i);
      const slot = shape.slotOf(name);
      if (slot < 0 || !Object.is(vals[slot], diff.valueAt(i))) return undefined;
      names.push(name);
      slots.push(slot);
      appended.push(diff.appendedAt(i));
    }
    const run = new UpdateOplogBatch(ns, ui, shape, names, slots, appended, rid, tsSeconds, tsIncrement, vals, wallMs);
    run.hold(diff, 0);
    return run;
  }

  /** The oplog keeps `diff`'s entry as entry `k` of this run (an `o` it already built stays its `o`). */
  private hold(diff: TopLevelDiff, k: number): void {
    const built = diff.heldBy(this, k);
    if (built !== undefined) (this.builtOs ??= new Map()).set(k, built);
  }

  /** Entry `k`'s `o`: built from the run on the first read, then kept. */
  oAt(k: number): Doc {
    const known = this.builtOs?.get(k);
    if (known !== undefined) return known;
    const vals = this.posts.get(k)!;
    const { names, slots, appended } = this;
    const diff = new TopLevelDiff(names[0]!, vals[slots[0]!]!, appended[0]!);
    for (let i = 1; i < names.length; i++) diff.add(names[i]!, vals[slots[i]!]!, appended[i]!);
    const o = diff.buildOwn();
    (this.builtOs ??= new Map()).set(k, o);
    return o;
  }

  /** The number of entries. */
  get count(): number {
    return this.size;
  }

  /** Adds the entry when it continues this run (see the file comment); false: nothing done. */
  tryAdd(
    ns: string,
    ui: Binary | undefined,
    o2Id: Value,
    post: Doc,
    diff: TopLevelDiff,
    rid: number,
    tsSeconds: number,
    tsIncrement: number,
    wallMs: number,
  ): boolean {
    const k = this.size;
    if (
      rid !== this.firstRid + k ||
      tsIncrement !== this.firstIncrement + k ||
      tsSeconds !== this.tsSeconds ||
      ns !== this.ns ||
      ui !== this.ui ||
      !(post instanceof ShapedDoc) ||
      post.shapeOf() !== this.shape
    ) {
      return false;
    }
    const vals = post.valuesArray()!;
    const { names, slots, appended } = this;
    if (diff.fieldCount !== names.length || !Object.is(vals[0], o2Id)) return false;
    for (let i = 0; i < names.length; i++) {
      if (
        diff.nameAt(i) !== names[i] ||
        diff.appendedAt(i) !== appended[i] ||
        !Object.is(diff.valueAt(i), vals[slots[i]!])
      ) {
        return false;
      }
    }
    this.posts.push(vals);
    const walls = this.walls;
    if (walls[walls.length - 1] !== wallMs) walls.push(k, wallMs);
    this.size = k + 1;
    this.hold(diff, k);
    return true;
  }

  /** Entry `k`'s increment (its `ts` is `{t: tsSeconds, i: this}`). */
  incrementAt(k: number): number {
    return this.firstIncrement + k;
  }

  /** Entry `k`'s envelope document, built anew around its kept `o` (the oplog keeps it in the entry's place). */
  entryAt(k: number): Doc {
    const vals = this.posts.get(k)!;
    return envelope(
      'u',
      this.ns,
      this.ui,
      this.oAt(k),
      undefined,
      vals[0],
      this.tsSeconds,
      this.incrementAt(k),
      this.wallAt(k),
    );
  }

  private wallAt(k: number): number {
    const walls = this.walls;
    // The last change at or before entry k (pairs sorted by entry index).
    let lo = 0;
    let hi = walls.length / 2 - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (walls[2 * mid]! <= k) lo = mid;
      else hi = mid - 1;
    }
    return walls[2 * lo + 1]!;
  }
}
