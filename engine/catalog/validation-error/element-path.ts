/**
 * The values the server's `BSONElementIterator` yields for a path, as the validation error
 * generator enumerates them (`ElementPath` with a `LeafArrayBehavior` and a
 * `NonLeafArrayBehavior`):
 * - leaf `traverse`: an array at the end of the path gives its elements, then itself;
 * - leaf `omitArray` (`kTraverseOmitArray`): its elements only;
 * - leaf `none` (`kNoTraversal`): the array itself, as one value;
 * - non-leaf `traverse`: an array in the middle of the path is entered element by element
 *   (documents only), and a numeric component also picks that element;
 * - non-leaf `none`: an array in the middle of the path ends it.
 * `undefined` stands for EOO: the place where the path stops.
 */
import { isDoc, type Doc, type Value } from '../../bson/values.js';

export type LeafArrayBehavior = 'traverse' | 'omitArray' | 'none';
export type NonLeafArrayBehavior = 'traverse' | 'none';

function indexOf(part: string): number {
  return /^(0|[1-9][0-9]*)$/.test(part) ? Number(part) : -1;
}

function* walk(
  value: Value | undefined,
  parts: readonly string[],
  i: number,
  leaf: LeafArrayBehavior,
  nonLeaf: NonLeafArrayBehavior,
): Generator<Value | undefined> {
  if (i === parts.length) {
    if (Array.isArray(value) && leaf !== 'none') {
      yield* value;
      if (leaf === 'traverse') yield value;
    } else {
      yield value;
    }
    return;
  }
  if (isDoc(value)) {
    yield* walk(value.get(parts[i]!), parts, i + 1, leaf, nonLeaf);
    return;
  }
  if (Array.isArray(value) && nonLeaf === 'traverse') {
    for (const e of value) if (isDoc(e)) yield* walk(e.get(parts[i]!), parts, i + 1, leaf, nonLeaf);
    const k = indexOf(parts[i]!);
    if (k >= 0 && k < value.length) {
      const at = value[k];
      // An element reached by an explicit index is not traversed when it ends the path.
      if (i + 1 === parts.length) yield at;
      else yield* walk(at, parts, i + 1, leaf, nonLeaf);
    }
    return;
  }
  yield undefined;
}

/** Every value the iterator yields (EOO included, as `undefined`). */
export function elementsAt(
  doc: Doc,
  path: string,
  leaf: LeafArrayBehavior,
  nonLeaf: NonLeafArrayBehavior = 'traverse',
): Generator<Value | undefined> {
  return walk(doc, path.split('.'), 0, leaf, nonLeaf);
}

/** `pathExists`: the first value a traversing iterator yields is not EOO. */
export function pathExists(doc: Doc, path: string): boolean {
  const first = elementsAt(doc, path, 'traverse').next();
  return first.done !== true && first.value !== undefined;
}

/** `getValueAt` with no traversal at all: the one value at `path`, or undefined. */
export function valueAt(doc: Doc, path: string): Value | undefined {
  const first = elementsAt(doc, path, 'none', 'none').next();
  return first.done === true ? undefined : first.value;
}

/**
 * `createValuesArray`: the values up to the first EOO, at most `max` of them (`truncated` when a
 * further value exists), or undefined when the path does not exist at all.
 */
export function valuesArray(
  doc: Doc,
  path: string,
  leaf: LeafArrayBehavior,
  max: number,
): { values: Value[]; truncated: boolean } | undefined {
  const values: Value[] = [];
  let truncated = false;
  const it = elementsAt(doc, path, leaf);
  for (;;) {
    const next = it.next();
    if (next.done === true || next.value === undefined) break;
    if (values.length === max) {
      truncated = true;
      break;
    }
    values.push(next.value);
  }
  if (values.length === 0 && !pathExists(doc, path)) return undefined;
  return { values, truncated };
}
