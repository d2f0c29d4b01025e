/**
 * "Not matched": the documents the filter missed, each with its first failing clause; then the
 * documents the server never reached (after `updateOne`'s match, or after an error stopped the
 * update), and the document whose error stopped it, with its own Why.
 */
import { useState, type ReactNode } from 'react';
import { useWhyTrace, type WhyTarget } from './use-why-trace.js';
import { WhyPanel } from './WhyPanel.js';

function StoppedAt({ target, id, error }: { target: WhyTarget; id: string; error: string }): ReactNode {
  const [open, setOpen] = useState(false);
  return (
    <div className="why-stopped" data-testid="why-stopped" data-id={id}>
      The update stopped at <code className="doc-id">_id {id}</code>: <span className="why-refused">{error}</span>
      <button
        type="button"
        className="why-button"
        data-testid="why-stopped-button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        Why?
      </button>
      {open ? <WhyPanel target={{ ...target, documentId: id }} /> : null}
    </div>
  );
}

export function UnmatchedList({ target }: { target: WhyTarget }): ReactNode {
  const trace = useWhyTrace(target);
  if (trace === null) return <p className="muted">Looking…</p>;
  if (typeof trace === 'string') return <p className="muted">{trace}</p>;
  if (trace.notRun !== undefined) return <p className="muted">{trace.notRun}</p>;
  if (trace.error !== undefined) return <p className="muted">{trace.error}</p>;
  const missed = trace.documents.filter((d) => !d.matched && d.visited !== false);
  const never = trace.documents.filter((d) => d.visited === false);
  return (
    <>
      {trace.stoppedAt !== undefined ? (
        <StoppedAt target={target} id={trace.stoppedAt.id} error={trace.stoppedAt.error} />
      ) : null}
      {missed.length === 0 ? (
        <p className="muted">Every document {never.length > 0 ? 'the server reached ' : ''}matched the filter.</p>
      ) : (
        <ul className="why-unmatched">
          {missed.map((d) => (
            <li key={d.id} data-testid="doc-unmatched" data-id={d.id}>
              <code className="doc-id">_id {d.id}</code>{' '}
              <span className="why-reason">{d.firstFailing ?? 'did not match'}</span>
            </li>
          ))}
        </ul>
      )}
      {never.length > 0 ? (
        <>
          <p className="muted">{never[0]!.notVisited}</p>
          <ul className="why-unmatched">
            {never.map((d) => (
              <li key={d.id} data-testid="doc-not-visited" data-id={d.id}>
                <code className="doc-id">_id {d.id}</code>{' '}
                <span className="why-reason">
                  {d.matched ? 'the filter would match it' : 'the filter would not match it'}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
