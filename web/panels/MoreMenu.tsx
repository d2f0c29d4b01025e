/**
 * "More": a disclosure button whose panel holds the toolbar controls that do not fit (phones,
 * presentation). Not an ARIA `menu`: the panel holds a select, a switch and checkboxes, which a
 * menu may not contain; it is a labelled group reached with Tab or the arrow keys. Opening moves
 * focus into it; Escape closes it and returns focus to the button; a click or focus outside
 * closes it; a control marked `data-closes-menu` closes it after its action.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE = 'button:not([disabled]), select:not([disabled]), input:not([disabled]), summary, [tabindex="0"]';

function focusables(panel: HTMLElement | null): HTMLElement[] {
  return panel === null ? [] : [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
}

export function MoreMenu({ children }: { children: ReactNode }): ReactNode {
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (open) focusables(panel.current)[0]?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return undefined;
    const outside = (e: PointerEvent): void => {
      if (!(e.target instanceof Node) || wrapper.current?.contains(e.target) !== true) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const close = (returnFocus: boolean): void => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>): void => {
    if (!open) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close(true);
      return;
    }
    // Arrow keys move between the controls, except inside a select (its own arrows pick an option).
    if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && !(e.target instanceof HTMLSelectElement)) {
      const items = focusables(panel.current);
      if (items.length === 0) return;
      e.preventDefault();
      const at = items.indexOf(document.activeElement as HTMLElement);
      const next = e.key === 'ArrowDown' ? (at + 1) % items.length : (at - 1 + items.length) % items.length;
      items[at < 0 ? 0 : next]?.focus();
    }
  };

  return (
    <div
      className="more"
      ref={wrapper}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        // Focus moved elsewhere on the page (Tab out, a dialog opening): close without taking it back.
        if (e.relatedTarget instanceof Node && wrapper.current?.contains(e.relatedTarget) !== true) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={`btn ${open ? 'pressed' : ''}`}
        data-testid="more-button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">⋯</span> More
      </button>
      <div
        id={id}
        hidden={!open}
        ref={panel}
        className="more-menu"
        role="group"
        aria-label="More controls"
        data-testid="more-menu"
        onClick={(e) => {
          if (!(e.target instanceof Element) || e.target.closest('[data-closes-menu]') === null) return;
          setOpen(false);
          // The action may have opened a dialog (it takes focus); otherwise focus comes back here.
          requestAnimationFrame(() => {
            if (document.activeElement === null || document.activeElement === document.body) button.current?.focus();
          });
        }}
      >
        {children}
      </div>
    </div>
  );
}
