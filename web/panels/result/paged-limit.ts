/** A list shown a page at a time: the limit grows as its last item scrolls into view. */
import { useEffect, useState } from 'react';

/** Items per page of a paged list in the result pane. */
export const RESULT_PAGE = 50;

/** A page limit that grows by RESULT_PAGE when `sentinel` scrolls into view (and resets with `key`). */
export function usePagedLimit(key: unknown): [number, (n: number) => void, (el: HTMLElement | null) => void] {
  const [limit, setLimit] = useState(RESULT_PAGE);
  const [sentinel, setSentinel] = useState<HTMLElement | null>(null);
  useEffect(() => setLimit(RESULT_PAGE), [key]);
  useEffect(() => {
    if (sentinel === null || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setLimit((l) => l + RESULT_PAGE);
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel]);
  return [limit, setLimit, setSentinel];
}
