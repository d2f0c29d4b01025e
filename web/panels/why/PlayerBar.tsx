/** Previous / "step k of n" / Next, shared by the document player and the statement player. */
import type { KeyboardEvent, ReactNode } from 'react';

/** Arrow keys move by one step; other keys pass through. */
export function playerKeys(go: (d: number) => void): (e: KeyboardEvent) => void {
  return (e) => {
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') go(1);
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') go(-1);
    else return;
    e.preventDefault();
  };
}

export function PlayerBar({ at, total, go }: { at: number; total: number; go: (d: number) => void }): ReactNode {
  return (
    <div className="why-player-bar">
      <button type="button" className="why-button" data-testid="step-prev" disabled={at === 0} onClick={() => go(-1)}>
        ← Previous
      </button>
      <span data-testid="step-position" aria-live="polite">
        step {at + 1} of {total}
      </span>
      <button
        type="button"
        className="why-button"
        data-testid="step-next"
        disabled={at >= total - 1}
        onClick={() => go(1)}
      >
        Next →
      </button>
    </div>
  );
}
