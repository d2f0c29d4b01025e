/**
 * Why a matched document is unchanged, on its card: the no-op of each modifier, the rules it broke
 * (the statement failed on it), or that the statement stopped before reaching it. The worker
 * words it all; this only lays it out.
 */
import type { ReactNode } from 'react';
import type { UnchangedView } from '../../../engine/worker/protocol.js';

export function unchangedPill(unchanged: UnchangedView | undefined): { readonly text: string; readonly bad: boolean } {
  if (unchanged?.kind === 'refused') return { text: 'refused: not written', bad: true };
  if (unchanged?.kind === 'not-reached') return { text: 'not reached: never updated', bad: false };
  return { text: 'matched, unchanged', bad: false };
}

export function UnchangedReason({ unchanged }: { unchanged: UnchangedView | undefined }): ReactNode {
  if (unchanged === undefined) return null;
  if (unchanged.kind === 'equal')
    return (
      <div className="unchanged-reason" data-testid="unchanged-reason" data-kind="equal">
        <span className="muted">Unchanged because</span>{' '}
        {unchanged.reasons.length === 1 ? (
          <code>{unchanged.reasons[0]}</code>
        ) : (
          <ul>
            {unchanged.reasons.map((r, i) => (
              <li key={i}>
                <code>{r}</code>
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  if (unchanged.kind === 'refused')
    return (
      <div className="unchanged-reason refused" data-testid="unchanged-reason" data-kind="refused">
        <p>Not written: the statement failed on this document. What its result broke:</p>
        <ul aria-label="Validation rules not satisfied">
          {unchanged.lines.map((l, i) => (
            <li key={i}>
              <code>{l}</code>
            </li>
          ))}
        </ul>
      </div>
    );
  return (
    <div className="unchanged-reason" data-testid="unchanged-reason" data-kind="not-reached">
      <span className="muted">
        Matched, but never reached: the statement stopped at the document with _id {unchanged.stoppedAt}, before getting
        here. Not equal, just not visited.
      </span>
    </div>
  );
}
