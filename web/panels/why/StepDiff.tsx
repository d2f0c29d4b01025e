/**
 * The current step's value changing: the old value moves and fades into the new one (a CSS
 * animation, replayed on every step through the `key`); with prefers-reduced-motion the two
 * values simply stand side by side.
 */
import type { ReactNode } from 'react';
import type { PlayerStep } from './player-steps.js';

export function StepDiff({ step, stepKey }: { step: PlayerStep; stepKey: string }): ReactNode {
  return (
    <div className="why-current" data-testid="step-current" key={stepKey}>
      <code className="step-title">{step.title}</code>:{' '}
      {step.changed && step.pairs.length > 0 ? (
        <ul className="step-pairs">
          {step.pairs.map((p) => (
            <li key={p.path} className="step-pair" data-path={p.path}>
              {step.pairs.length > 1 || p.path !== step.path ? <code className="muted">{p.path}: </code> : null}
              <span className="step-morph">
                <code className="before" data-testid="step-before">
                  {p.before}
                </code>
                <span className="arrow" aria-hidden="true">
                  {' → '}
                </span>
                <code className="after" data-testid="step-after">
                  {p.after}
                </code>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <span className="why-reason">no change: {step.reason}</span>
      )}
    </div>
  );
}
