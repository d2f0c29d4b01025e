/**
 * Array helpers that never spread their input into call arguments: `a.push(...b)`,
 * `a.splice(i, 0, ...b)` and `Math.max(...b)` pass every element on the stack and throw a
 * RangeError past roughly 120,000 elements, while a user's array may hold far more.
 */

/** Appends every element of `source` to `target` (in place); returns `target`. */
export function appendAll<T>(target: T[], source: Iterable<T>): T[] {
  for (const x of source) target.push(x);
  return target;
}

/** Inserts `items` into `target` at `index` (in place), as `splice(index, 0, ...items)` would. */
export function insertAll<T>(target: T[], index: number, items: readonly T[]): void {
  if (items.length === 0) return;
  const tail = target.splice(index);
  appendAll(target, items);
  appendAll(target, tail);
}

/** The largest number (`-Infinity` for none), as `Math.max(...values)` without the spread. */
export function maxOf(values: Iterable<number>): number {
  let max = -Infinity;
  for (const v of values) if (v > max || Number.isNaN(v)) max = v;
  return max;
}

/** The smallest number (`Infinity` for none), as `Math.min(...values)` without the spread. */
export function minOf(values: Iterable<number>): number {
  let min = Infinity;
  for (const v of values) if (v < min || Number.isNaN(v)) min = v;
  return min;
}
