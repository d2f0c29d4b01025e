/**
 * Above the diff pane while the command differs from the run the panes show (typing, text that
 * does not parse yet, a call not finished): the panes keep that run, greyed, and this says why.
 */
import type { ReactNode } from 'react';
import { firstErrorOf } from '../engine/preview.js';
import { usePlayground } from '../state/store.js';

/** Whether the panes show a run of another text than the editor's. */
export function useStale(): boolean {
  return usePlayground((s) => s.shown !== null && s.shown.script !== s.command);
}

export function StaleNote(): ReactNode {
  const stale = useStale();
  const empty = usePlayground((s) => s.command.trim() === '');
  const problem = usePlayground((s) => (s.problem !== null && s.problem.script === s.command ? s.problem : null));
  if (!stale) return null;
  const error = problem === null ? undefined : firstErrorOf(problem.run);
  const reason = empty ? 'empty' : problem === null ? 'typing' : error !== undefined ? 'error' : 'nothing-sent';
  return (
    <p className="stale-note" data-testid="stale-preview" data-reason={reason} role="status">
      {reason === 'empty' ? (
        'The editor is empty: showing the last command that ran.'
      ) : reason === 'typing' ? (
        'Updating…'
      ) : error !== undefined ? (
        <>
          {error.line !== undefined ? (
            <strong>
              Line {error.line}, column {error.column ?? '?'}:{' '}
            </strong>
          ) : null}
          {error.message} — showing the last command that ran.
        </>
      ) : (
        'This command sends nothing yet: showing the last command that ran.'
      )}
    </p>
  );
}
