/**
 * Keeps the most recent instance of a class alive, so that V8's optimized code for the engine's
 * hot paths survives a full garbage collection.
 *
 * Optimized code depends on the hidden classes ("maps") of the objects it handled, and V8 holds
 * those maps weakly: a class's map with its fields is reachable only through its instances. The
 * objects of one update command (its statement, time limit, changed documents, diff builders) are
 * all garbage once the command has answered, so a full collection between two commands frees
 * their maps and throws away every function optimized for them ("weak objects" deoptimization):
 * the next command runs unoptimized and compiles them all again. Measured on an `updateMany` with
 * arrayFilters over 100,000 documents (bench workload 2), that recompilation was about a third of
 * the command's CPU time; on a `count` over the same documents (workload 6) the matcher's
 * (`CompiledMatcher`, `FieldReader`) recompilation took it from about 22 to 40 ms. One live
 * instance per class keeps its maps, hence its code.
 *
 * Memory: one instance per class that asks, replaced by the next one of the same class (the last
 * compiled filter, with its constants, stays alive until the next one is compiled).
 */
const anchors = new Map<unknown, ShapeAnchor>();

/**
 * One class's anchor. `keep` is a field store: the classes made once per updated document
 * (`ChangedDocument`, `TopLevelDiff`) take their anchor once at load and call `keep` per instance,
 * instead of a `Map` lookup by constructor per instance (about 6% of an `updateMany {$inc}`).
 */
export class ShapeAnchor {
  latest: object | undefined = undefined;
  keep(instance: object): void {
    this.latest = instance;
  }
}

/** The anchor of `constructor`'s instances (made on first use, then the same one). */
export function shapeAnchor(constructor: unknown): ShapeAnchor {
  let anchor = anchors.get(constructor);
  if (anchor === undefined) {
    anchor = new ShapeAnchor();
    anchors.set(constructor, anchor);
  }
  return anchor;
}

/** Keeps `instance` as its class's anchor (call at the end of a constructor). */
export function keepShape(instance: object): void {
  shapeAnchor(instance.constructor).keep(instance);
}

/** The anchored instance of `constructor` (tests). */
export function anchoredInstance(constructor: abstract new (...args: never[]) => object): object | undefined {
  return anchors.get(constructor)?.latest;
}
