/**
 * The BSON size of a document derived from another whose size is known, without walking it.
 *
 * Writers never mutate a stored document: a new version shares every value it did not change with
 * the old one (copy-on-write), so a top-level field holding the very same value under the same
 * name has the same bytes. Only fields whose value is a different object (or primitive), and
 * added or removed fields, are measured. Field order does not change a size.
 */
import { extendsNames, fieldNames, fieldValues } from './shaped-doc.js';
import { elementSize } from './size.js';
import type { Doc, Value } from './values.js';

export function sizeFromPrevious(prev: Doc, prevSize: number, next: Doc): number {
  if (extendsNames(prev, next)) {
    const before = fieldValues(prev);
    const after = fieldValues(next);
    return before === after ? prevSize : pairedSize(fieldNames(next), before, prevSize, after);
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

/**
 * `next` keeps every name of `prev` first, in order (maybe appending some): values compared
 * position by position, appended fields added.
 */
function pairedSize(
  names: readonly string[],
  before: readonly Value[],
  prevSize: number,
  after: readonly Value[],
): number {
  let size = prevSize;
  for (let i = 0; i < names.length; i++) {
    const v = after[i]!;
    if (i >= before.length) size += elementSize(names[i]!, v);
    else if (before[i] !== v) size += elementSize(names[i]!, v) - elementSize(names[i]!, before[i]!);
  }
  return size;
}
