/**
 * The `$v:2` diff of an update that changed top-level fields only, as the oplog keeps it until the
 * entry is read: the changed names with their new values, in logging order, instead of a
 * `V2LogBuilder` and its diff nodes (an `updateMany` keeps one per document it changed).
 *
 * `build` replays the same logging calls the update tree makes (`ModifierNode.logUpdate`) into a
 * `V2LogBuilder`, so the document is the builder's, byte for byte.
 */
import type { Doc, Value } from '../bson/values.js';
import type { DeferredDoc } from '../catalog/oplog-records.js';
import type { RuntimePath } from '../update/path.js';
import { V2LogBuilder } from './v2-log-builder.js';
import { shapeAnchor } from '../shape-anchor.js';

/** `appended` of a field whose whole value is logged (`u: {f: v}`). */
export const WHOLE_VALUE = -1;
/** `appended` of a field the update created (`i: {f: v}`, `ModifierNode.applyToMissing`). */
export const CREATED = -2;

/**
 * A record that holds this diff's entry without the diff (a run of update entries,
 * catalog/oplog-update-batch.ts): the entry's `o` is read from it, so the written change and the
 * oplog entry share one `o` document, whichever is read first.
 */
export interface SharedOSource {
  /** Entry `k`'s `o`, built on the first call, the same document afterwards. */
  oAt(k: number): Doc;
}

export class TopLevelDiff implements DeferredDoc {
  private built: Doc | undefined = undefined;
  /** Further changes after the first, as `[name, value, appended]` triples. */
  private more: (string | Value | number)[] | undefined = undefined;
  /** The record holding this diff's entry once the oplog dropped the diff (`heldBy`). */
  private holder: SharedOSource | undefined = undefined;
  private holderIndex = 0;

  /**
   * The first changed field: `appended` is `WHOLE_VALUE`, `CREATED`, or the count of elements appended at the
   * end of the array `value` (logged as `u<index>` each, in a sub-diff).
   */
  constructor(
    private readonly name: string,
    private readonly value: Value,
    private readonly appended: number,
  ) {
    anchor.keep(this);
  }

  /** The number of changed fields. */
  get fieldCount(): number {
    return this.more === undefined ? 1 : 1 + this.more.length / 3;
  }

  /** Changed field `i`'s name, value and `appended`, in logging order. */
  nameAt(i: number): string {
    return i === 0 ? this.name : (this.more![3 * i - 3] as string);
  }

  valueAt(i: number): Value {
    return i === 0 ? this.value : (this.more![3 * i - 2] as Value);
  }

  appendedAt(i: number): number {
    return i === 0 ? this.appended : (this.more![3 * i - 1] as number);
  }

  /** Logs one more changed field (after the ones before it). */
  add(name: string, value: Value, appended: number): void {
    (this.more ??= []).push(name, value, appended);
  }

  /**
   * The oplog keeps this diff's entry as entry `k` of `holder` instead of the diff: `build` then
   * returns the holder's `o`. Returns the `o` built so far, which the holder must keep as entry k's.
   */
  heldBy(holder: SharedOSource, k: number): Doc | undefined {
    this.holder = holder;
    this.holderIndex = k;
    return this.built;
  }

  /** The oplog `o`, `{$v: 2, diff}`: built on the first call, the same document afterwards. */
  build(): Doc {
    if (this.built !== undefined) return this.built;
    if (this.holder !== undefined) return (this.built = this.holder.oAt(this.holderIndex));
    return this.buildOwn();
  }

  /** The document from this diff's own fields (a holder builds its entries' `o` through it). */
  buildOwn(): Doc {
    if (this.built !== undefined) return this.built;
    const log = new V2LogBuilder();
    logField(log, this.name, this.value, this.appended);
    const more = this.more;
    if (more !== undefined) {
      for (let k = 0; k < more.length; k += 3)
        logField(log, more[k] as string, more[k + 1] as Value, more[k + 2] as number);
    }
    return (this.built = log.build());
  }
}

/** Made once per updated document: its anchor is taken once (shape-anchor.ts). */
const anchor = shapeAnchor(TopLevelDiff);

function logField(log: V2LogBuilder, name: string, value: Value, appended: number): void {
  const path: RuntimePath = [{ name, isIndex: false }];
  if (appended === WHOLE_VALUE) {
    log.logUpdatedField(path, value);
    return;
  }
  if (appended === CREATED) {
    log.logCreatedField(path, 0, value);
    return;
  }
  const arr = value as Value[];
  for (let k = arr.length - appended; k < arr.length; k++) {
    log.logUpdatedField([...path, { name: String(k), isIndex: true }], arr[k]!);
  }
}
