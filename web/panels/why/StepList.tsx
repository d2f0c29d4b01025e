/** The steps of one document in order (modifiers, or pipeline stages), the current one highlighted. */
import type { ReactNode } from 'react';
import type { PlayerStep } from './player-steps.js';

export function StepList({ steps, current }: { steps: readonly PlayerStep[]; current?: number }): ReactNode {
  if (steps.length === 0) return <p className="muted">No modifier ran on this document.</p>;
  return (
    <ol className="why-steps">
      {steps.map((s, i) => (
        <li
          key={i}
          className={`why-step ${s.changed ? 'changed' : 'noop'} ${current === i ? 'current' : ''}`}
          data-testid="why-step"
          data-changed={String(s.changed)}
        >
          <code>{s.title}</code>:{' '}
          {s.changed ? (
            s.pairs.map((p, j) => (
              <span key={p.path} className="step-pair-inline">
                {j > 0 ? '; ' : ''}
                {s.pairs.length > 1 || p.path !== s.path ? <code className="muted">{p.path}: </code> : null}
                <code className="before">{p.before}</code> → <code className="after">{p.after}</code>
              </span>
            ))
          ) : (
            <span className="why-reason" data-testid="why-reason">
              no change: {s.reason}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
