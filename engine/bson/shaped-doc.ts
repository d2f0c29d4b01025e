/**
 * A document version that is a `Map` to every reader but stores its fields as a shared name list
 * (`Shape`) plus an array of values, so copying it to write one field costs an array copy instead
 * of rebuilding a hash table (an `updateMany` makes one new version of every document it changes,
 * and with `Map` versions their construction and collection were most of its time).
 *
 * Behaviour is a `Map`'s: `get`, `has`, `set`, `delete`, `clear`, `size`, `keys`, `values`,
 * `entries`, `forEach` and iteration keep insertion order for every name (including "0" or "10"),
 * `instanceof Map` holds, and `constructor` is `Map` (structural equality and type names see a
 * Map). Values are copy-on-write between copies (`copyDoc`): a write to either side copies the
 * array first. A change of names — a new name, a deletion, `clear` — moves the document into its
 * own `Map` storage once, past which it is an ordinary `Map`.
 *
 * Not supported: built-ins that read a Map's internal table instead of its methods (structured
 * clone / `postMessage`, Node's `util.inspect` internals). Documents never cross the worker boundary
 * as objects (engine/worker/protocol.ts: EJSON text), so none of the engine's paths do that.
 */
import { keepShape } from '../shape-anchor.js';
import { Shape } from './shape.js';
import type { Doc, Value } from './values.js';

// The class is a Map by its prototype chain (set below) and by this declaration; it has no Map
// internal table of its own (one per document version cost as much as the copy it replaces).
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface ShapedDoc extends Map<string, Value> {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class ShapedDoc {
  /** Shaped storage; both undefined once the document moved into its own `Map` storage. */
  private shape: Shape | undefined;
  private vals: Value[] | undefined;
  /** Whether `vals` belongs to this document alone (else the next write copies it). */
  private ownsVals: boolean;
  /**
   * After leaving shaped storage: the names removed since (all of them after `clear`), so a live
   * iterator knows which of the names it visited still hold their place (see `ShapedIterator`).
   */
  private removed: Set<string> | 'all' | undefined;
  /** The fields once the document left shaped storage (a change of names). */
  private map: Map<string, Value> | undefined;

  constructor(shape: Shape, vals: Value[], ownsVals: boolean) {
    this.shape = shape;
    this.vals = vals;
    this.ownsVals = ownsVals;
    this.removed = undefined;
    this.map = undefined;
  }

  /** A copy sharing the values until either side writes. */
  static copyOf(doc: ShapedDoc): Doc {
    if (doc.shape === undefined) return new Map(doc);
    doc.ownsVals = false;
    return new ShapedDoc(doc.shape, doc.vals!, false);
  }

  /** The shared name list, when still shaped (size deltas compare versions position by position). */
  shapeOf(): Shape | undefined {
    return this.shape;
  }

  /** The values in name order, when still shaped (read only). */
  valuesArray(): readonly Value[] | undefined {
    return this.vals;
  }

  get(name: string): Value | undefined {
    const shape = this.shape;
    if (shape === undefined) return this.map!.get(name);
    const i = shape.slotOf(name);
    return i < 0 ? undefined : this.vals![i];
  }

  has(name: string): boolean {
    const shape = this.shape;
    return shape === undefined ? this.map!.has(name) : shape.slotOf(name) >= 0;
  }

  set(name: string, value: Value): this {
    const shape = this.shape;
    if (shape === undefined) {
      this.map!.set(name, value);
      return this;
    }
    const i = shape.slotOf(name);
    if (i >= 0) {
      this.ownVals()[i] = value;
      return this;
    }
    const next = shape.with(name);
    if (next === undefined) {
      this.unshape();
      this.map!.set(name, value);
      return this;
    }
    if (this.ownsVals) this.vals!.push(value);
    else {
      // A shared array is copied at its new length (a copy then `push` would reserve spare room).
      const vals = this.vals!;
      const grown = new Array<Value>(vals.length + 1);
      for (let j = 0; j < vals.length; j++) grown[j] = vals[j]!;
      grown[vals.length] = value;
      this.vals = grown;
      this.ownsVals = true;
    }
    this.shape = next;
    return this;
  }

  delete(name: string): boolean {
    if (this.shape !== undefined) {
      if (this.shape.slotOf(name) < 0) return false;
      this.unshape();
    }
    const deleted = this.map!.delete(name);
    if (deleted && this.removed !== undefined && this.removed !== 'all') this.removed.add(name);
    return deleted;
  }

  clear(): void {
    this.shape = undefined;
    this.vals = undefined;
    this.removed = 'all';
    if (this.map === undefined) this.map = new Map();
    else this.map.clear();
  }

  /** Whether `name`, present when the document left shaped storage, has kept its place since. */
  keptPlace(name: string): boolean {
    return this.removed !== 'all' && this.removed?.has(name) !== true;
  }

  get size(): number {
    return this.shape === undefined ? this.map!.size : this.shape.names.length;
  }

  keys(): MapIterator<string> {
    if (this.shape === undefined) return this.map!.keys();
    return new ShapedIterator(this, KEYS) as unknown as MapIterator<string>;
  }

  values(): MapIterator<Value> {
    if (this.shape === undefined) return this.map!.values();
    return new ShapedIterator(this, VALUES) as unknown as MapIterator<Value>;
  }

  entries(): MapIterator<[string, Value]> {
    if (this.shape === undefined) return this.map!.entries();
    return new ShapedIterator(this, ENTRIES) as unknown as MapIterator<[string, Value]>;
  }

  [Symbol.iterator](): MapIterator<[string, Value]> {
    return this.entries();
  }

  /** The Map's own storage, in order (after `unshape`): what iterators continue over. */
  ownEntries(): MapIterator<[string, Value]> {
    return this.map!.entries();
  }

  forEach(callback: (value: Value, key: string, map: Map<string, Value>) => void, thisArg?: unknown): void {
    if (this.shape === undefined) return this.map!.forEach((v, k) => callback.call(thisArg, v, k, this));
    const names = this.shape.names;
    const vals = this.vals!;
    for (let i = 0; i < names.length; i++) callback.call(thisArg, vals[i]!, names[i]!, this);
  }

  private ownVals(): Value[] {
    if (!this.ownsVals) {
      this.vals = this.vals!.slice();
      this.ownsVals = true;
    }
    return this.vals!;
  }

  /** Moves the fields into the Map's own storage (a change of names past the shape table's limits). */
  private unshape(): void {
    const names = this.shape!.names;
    const vals = this.vals!;
    this.shape = undefined;
    this.vals = undefined;
    this.removed ??= new Set();
    const map = (this.map = new Map());
    for (let i = 0; i < names.length; i++) map.set(names[i]!, vals[i]!);
  }
}

Object.setPrototypeOf(ShapedDoc.prototype, Map.prototype);
// Readers that compare constructors (structural equality) or print type names see a Map.
Object.defineProperty(ShapedDoc.prototype, 'constructor', { value: Map, writable: true, configurable: true });

/** %IteratorPrototype%: iterator helpers, where the runtime has them, work on entries() too. */
const ITERATOR_PROTOTYPE = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())) as object;

const KEYS = 0;
const VALUES = 1;
const ENTRIES = 2;
type IteratorKind = typeof KEYS | typeof VALUES | typeof ENTRIES;

/**
 * `keys()`, `values()` and `entries()` of a shaped document, live as a Map's are: names appended
 * and values written while iterating are seen (shapes only ever append, so positions stay put);
 * when the document leaves shaped storage mid-way, iteration continues over the Map storage after
 * the names already visited.
 */
class ShapedIterator {
  private i = 0;
  private rest: Iterator<[string, Value]> | undefined;
  /** The shape at the last step: its first `i` names are the ones visited (shapes only append). */
  private seenShape: Shape | undefined;
  constructor(
    private readonly doc: ShapedDoc,
    private readonly kind: IteratorKind,
  ) {}

  next(): IteratorResult<unknown, undefined> {
    if (this.rest === undefined) {
      const shape = this.doc.shapeOf();
      if (shape !== undefined) {
        const i = this.i;
        if (i >= shape.names.length) return { value: undefined, done: true };
        this.i = i + 1;
        this.seenShape = shape;
        if (this.kind === KEYS) return { value: shape.names[i], done: false };
        const v = this.doc.valuesArray()![i];
        return { value: this.kind === VALUES ? v : [shape.names[i], v], done: false };
      }
      this.rest = this.continuation();
    }
    const r = this.rest.next();
    if (r.done === true) return { value: undefined, done: true };
    const [k, v] = r.value;
    return { value: this.kind === KEYS ? k : this.kind === VALUES ? v : [k, v], done: false };
  }

  [Symbol.iterator](): this {
    return this;
  }

  /** The Map storage's entries after those this iterator already visited. */
  private continuation(): Iterator<[string, Value]> {
    const visited = this.i;
    const it = this.doc.ownEntries();
    if (visited === 0) return it;
    // The names visited are the first `visited` of the old shape; those not removed since (even if
    // added again: then they are new entries at the end) lead the Map storage, in order.
    const seen = new Set(this.seenShape!.names.slice(0, visited).filter((n) => this.doc.keptPlace(n)));
    let pending: IteratorResult<[string, Value]> = it.next();
    while (pending.done !== true && seen.has(pending.value[0])) pending = it.next();
    let first: IteratorResult<[string, Value]> | undefined = pending;
    return {
      next: () => {
        if (first !== undefined) {
          const r = first;
          first = undefined;
          return r;
        }
        return it.next();
      },
    };
  }
}
Object.setPrototypeOf(ShapedIterator.prototype, ITERATOR_PROTOTYPE);

/**
 * Reads one field name from many documents, remembering where the last shape kept it (an inline
 * cache: documents of a collection mostly share a shape, so the name's position is looked up once
 * per shape instead of once per document). Any other document is asked with `get`.
 */
export class FieldReader {
  private shape: Shape | undefined;
  private slot = -1;
  constructor(readonly name: string) {
    keepShape(this);
  }

  read(doc: Doc): Value | undefined {
    if (doc instanceof ShapedDoc) {
      const shape = doc.shapeOf();
      if (shape !== undefined) {
        if (shape !== this.shape) {
          this.slot = shape.slotOf(this.name);
          this.shape = shape;
        }
        return this.slot < 0 ? undefined : doc.valuesArray()![this.slot];
      }
    }
    return doc.get(this.name);
  }
}

/** The first field name of `doc` (no iterator for a shaped document). */
export function firstName(doc: Doc): string | undefined {
  if (doc instanceof ShapedDoc) {
    const shape = doc.shapeOf();
    if (shape !== undefined) return shape.names[0];
  }
  return doc.keys().next().value;
}

/**
 * Whether `next` holds every field name of `prev` first, in the same order (then maybe more), both
 * shaped: a version that kept every field and appended some. Its first `prev.size` values then
 * pair position by position with `prev`'s (`valuesArray()`).
 */
export function extendsNames(prev: Doc, next: Doc): boolean {
  if (!(prev instanceof ShapedDoc) || !(next instanceof ShapedDoc)) return false;
  const before = prev.shapeOf();
  const after = next.shapeOf();
  return before !== undefined && after !== undefined && before.isPrefixOf(after);
}

/** The field names of `doc` in order: a shaped document's own list, else a new array (read only). */
export function fieldNames(doc: Doc): readonly string[] {
  if (doc instanceof ShapedDoc) {
    const shape = doc.shapeOf();
    if (shape !== undefined) return shape.names;
  }
  return Array.from(doc.keys());
}

/** The values of `doc` in field order: a shaped document's own array, else a new array (read only). */
export function fieldValues(doc: Doc): readonly Value[] {
  if (doc instanceof ShapedDoc) {
    const vals = doc.valuesArray();
    if (vals !== undefined) return vals;
  }
  return Array.from(doc.values());
}

/** The shape of the last plain document copied: consecutive documents of a collection mostly share it. */
let lastShape: Shape = Shape.EMPTY;

/**
 * A copy of `doc` to write into (its values shared, copy-on-write): a `ShapedDoc` when the names
 * fit the shape table, else a `Map`.
 */
export function copyDoc(doc: Doc): Doc {
  if (doc instanceof ShapedDoc) return ShapedDoc.copyOf(doc);
  return shapedFrom(doc) ?? new Map(doc);
}

/** `doc` in the stored layout: itself when already shaped (or beyond the shape table), else a shaped copy. */
export function storedLayout(doc: Doc): Doc {
  if (doc instanceof ShapedDoc) return doc;
  return shapedFrom(doc) ?? doc;
}

/** A `ShapedDoc` with the fields of the plain `doc`, or undefined past the shape table's limits. */
function shapedFrom(doc: Doc): ShapedDoc | undefined {
  const n = doc.size;
  const vals = new Array<Value>(n);
  let shape: Shape | undefined = lastShape;
  let i = 0;
  let same = shape.names.length === n;
  if (same) {
    // The usual case: the same names as the previous document, in the same order.
    const names = shape.names;
    for (const [k, v] of doc) {
      if (names[i] !== k) break;
      vals[i++] = v;
    }
    same = i === n;
  }
  if (!same) {
    shape = Shape.EMPTY;
    i = 0;
    for (const [k, v] of doc) {
      shape = shape.with(k);
      if (shape === undefined) return undefined;
      vals[i++] = v;
    }
    lastShape = shape;
  }
  return new ShapedDoc(shape, vals, true);
}
