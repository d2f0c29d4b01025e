/**
 * Scrolls `box` so `target` sits at its top, moving the window only when `target` is still off
 * screen (a pane taller than the window, the stacked narrow layout): a plain scrollIntoView
 * would scroll the page every time.
 */
export function scrollWithin(box: HTMLElement, target: HTMLElement): void {
  const top = target.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop - 8;
  box.scrollTo({ top: Math.max(0, top) });
  const rect = target.getBoundingClientRect();
  if (rect.top < 0 || rect.top > window.innerHeight - 80) target.scrollIntoView({ block: 'start' });
}
