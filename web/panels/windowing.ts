/**
 * Windowing of long lists by scroll offset: only the items near the viewport are rendered, the
 * rest is empty space of their estimated height. Item heights are estimates (a list of 100,000
 * items is never measured), so positions are approximate far from the viewport.
 */
import { useCallback, useState, type UIEvent } from 'react';

export interface WindowRange {
  /** First rendered item, and one past the last. */
  readonly first: number;
  readonly last: number;
  /** Space above the first rendered item and below the last (px). */
  readonly top: number;
  readonly rest: number;
}

/** Pixels rendered beyond the viewport on either side. */
const MARGIN = 400;

export function windowOf(
  count: number,
  height: (i: number) => number,
  scrollTop: number,
  viewport: number,
): WindowRange {
  let top = 0;
  let first = 0;
  while (first < count && top + height(first) < scrollTop - MARGIN) top += height(first++);
  let last = first;
  let bottom = top;
  while (last < count && bottom < scrollTop + viewport + MARGIN) bottom += height(last++);
  let rest = 0;
  for (let i = last; i < count; i++) rest += height(i);
  return { first, last, top, rest };
}

/** The estimated offset of item `index` from the top of the list. */
export function offsetOf(index: number, height: (i: number) => number): number {
  let top = 0;
  for (let i = 0; i < index; i++) top += height(i);
  return top;
}

/** The mean estimated height of `items` (a list's first page), for the items not loaded yet. */
export function typicalHeight<T>(items: readonly T[], height: (item: T) => number, fallback: number): number {
  if (items.length === 0) return fallback;
  return items.reduce((sum, item) => sum + height(item), 0) / items.length;
}

/** A scroll container's offset and height, kept up to date by its onScroll. */
export function useScrollPosition(): [
  { readonly top: number; readonly viewport: number },
  (e: UIEvent<HTMLElement>) => void,
] {
  const [position, setPosition] = useState({ top: 0, viewport: 800 });
  const onScroll = useCallback((e: UIEvent<HTMLElement>) => {
    const el = e.currentTarget;
    setPosition({ top: el.scrollTop, viewport: el.clientHeight || 800 });
  }, []);
  return [position, onScroll];
}
