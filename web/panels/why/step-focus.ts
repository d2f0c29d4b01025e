/**
 * The diff card side of the step-through: the card of the current step's document is marked and
 * scrolled into view, and the step's field animates (its before value fades out, its after value
 * fades in; CSS turns the movement off under prefers-reduced-motion).
 */
import { useEffect, type RefObject } from 'react';
import { usePlayground } from '../../state/store.js';
import type { WhyTarget } from './use-why-trace.js';

/** The field element of `path` on one side, or of its nearest marked ancestor. */
function fieldElement(card: HTMLElement, sides: readonly string[], path: string): HTMLElement | null {
  const parts = path.split('.');
  for (let n = parts.length; n > 0; n--) {
    const at = CSS.escape(parts.slice(0, n).join('.'));
    const el = card.querySelector<HTMLElement>(sides.map((side) => `${side} [data-path="${at}"]`).join(', '));
    if (el !== null) return el;
  }
  return null;
}

function replay(el: HTMLElement | null, cls: string): void {
  if (el === null) return;
  el.classList.remove(cls);
  void el.offsetWidth; // restart the animation
  el.classList.add(cls);
}

/** Whether the step-through is on this card; brings it into view and animates the step's field. */
export function useStepFocus(
  card: RefObject<HTMLElement | null>,
  why: WhyTarget | undefined,
  id: string | undefined,
): boolean {
  const focus = usePlayground((s) => s.stepFocus);
  const on =
    focus !== null &&
    why !== undefined &&
    focus.command === why.command &&
    focus.statement === why.statement &&
    focus.documentId === id;
  useEffect(() => {
    const el = card.current;
    if (!on || el === null || focus === null) return;
    el.scrollIntoView({ block: 'nearest' });
    // Only the current step's field is marked.
    for (const old of el.ownerDocument.querySelectorAll('.step-from, .step-to'))
      old.classList.remove('step-from', 'step-to');
    if (focus.path === undefined) return;
    replay(fieldElement(el, ['.side.before'], focus.path), 'step-from');
    replay(fieldElement(el, ['.side.after', '.sides.one'], focus.path), 'step-to');
  }, [on, focus, card]);
  return on;
}
