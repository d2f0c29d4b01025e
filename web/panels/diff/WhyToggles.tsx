/** The Why buttons of the diff: per card, and "not matched" per statement. */
import { useState, type ReactNode } from 'react';
import { UnmatchedList, WhyPanel, type WhyTarget } from '../WhyPanel.js';

export /** The documents a statement's filter missed, on request. */
function NotMatched({ target }: { target: WhyTarget }): ReactNode {
  const [open, setOpen] = useState(false);
  return (
    <div className="why-not-matched">
      <button
        type="button"
        className="link"
        data-testid="unmatched-toggle"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Hide the documents not matched or not reached' : 'Not matched or not reached: why'}
      </button>
      {open ? <UnmatchedList target={target} /> : null}
    </div>
  );
}

/** The Why button of a card and the explanation it opens. */
export function WhyToggle({ target }: { target: WhyTarget }): ReactNode {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="why-button"
        data-testid="why-button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        Why?
      </button>
      {open ? <WhyPanel target={target} /> : null}
    </>
  );
}
