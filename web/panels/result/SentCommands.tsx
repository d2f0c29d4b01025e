/**
 * The command documents a script actually sent, with their replies: a page at a time (more as the
 * list is scrolled, or on "Show more"), each page asked of the worker by range.
 */
import type { ReactNode } from 'react';
import type { RunHead } from '../../../engine/worker/protocol.js';
import { useRunItems } from '../../engine/run-ranges.js';
import { GoneNote } from '../DiffPanel.js';
import { RESULT_PAGE, usePagedLimit } from './paged-limit.js';

export function SentCommands({ run }: { run: RunHead }): ReactNode {
  const [limit, setLimit, sentinel] = usePagedLimit(run);
  const count = run.counts.commands;
  const commands = useRunItems(run, 'commands', 0, limit);
  if (count === 0) return null;
  return (
    <div className="sent">
      <h3>Commands sent to the server</h3>
      {commands.map((c, i) =>
        c === undefined ? (
          <div key={i} className="sent-command loading" aria-busy="true" />
        ) : c === 'gone' ? (
          <GoneNote key={i} />
        ) : (
          <details key={i} className="sent-command" open={i === 0 && count <= 2} data-testid="sent-command">
            <summary>
              {c.statement !== undefined ? <span className="line-ref">line {c.line ?? '?'} · </span> : null}
              <code>{c.name}</code> on <code>{c.db}</code>{' '}
              {c.ok ? <span className="ok">ok: 1</span> : <span className="bad">ok: 0</span>}
              {c.simulation ? (
                <span className="pill" data-testid="sent-simulation">
                  {' '}
                  simulation of two clients, not a MongoDB command
                </span>
              ) : null}
            </summary>
            <div className="two-col">
              <div>
                <h4>Command</h4>
                <pre className="code" tabIndex={0}>
                  {c.command}
                </pre>
              </div>
              <div>
                <h4>Reply</h4>
                <pre className="code" tabIndex={0}>
                  {c.reply}
                </pre>
              </div>
            </div>
          </details>
        ),
      )}
      {count > limit ? (
        <button
          type="button"
          className="btn small show-more"
          ref={sentinel}
          onClick={() => setLimit(limit + RESULT_PAGE)}
        >
          Show more ({limit.toLocaleString('en')} of {count.toLocaleString('en')} commands shown)
        </button>
      ) : null}
    </div>
  );
}
