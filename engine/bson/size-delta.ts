/**
 * The BSON size of a document derived from another whose size is known, without walking it.
 *
 * Writers never mutate a stored document: a new version shares every value it did not change with
 * the old one (copy-on-write), so a top-level field holding the very same value under the same
 * name has the same bytes. Only fields whose value is a different object (or primitive), and
 * added or removed fields, are measured. Field order does not change a size.
 */
import { ShapedDoc } from './shaped-doc.js';
import { elementSize } from './size.js';
import type { Doc } from './values.js';

export function sizeFromPrevious(prev: Doc, prevSize: number, next: Doc): number {
  if (prev instanceof ShapedDoc && next instanceof ShapedDoc) {
    const shape = next.shapeOf();
    if (shape !== undefined && prev.shapeOf() === shape) return sameNamesSize(shape.names, prev, prevSize, next);
  }
  let size = prevSize;
  let kept = 0;
  for (const [k, v] of next) {
    const old = prev.get(k);
    if (old !== undefined) {
      kept++;
      if (old === v) continue;
      size -= elementSize(k, old);
    }
    size += elementSize(k, v);
  }
  if (kept !== prev.size) for (const [k, v] of prev) if (!next.has(k)) size -= elementSize(k, v);
  return size;
}

/** Two versions with the same names in the same order: compare values position by position. */
function sameNamesSize(names: readonly string[], prev: ShapedDoc, prevSize: number, next: ShapedDoc): number {
  const before = prev.valuesArray()!;
  const after = next.valuesArray()!;
  if (before === after) return prevSize;
  let size = prevSize;
  for (let i = 0; i < names.length; i++) {
    const old = before[i]!;
    const v = after[i]!;
    if (old !== v) size += elementSize(names[i]!, v) - elementSize(names[i]!, old);
  }
  return size;
}
