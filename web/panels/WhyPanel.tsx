/**
 * Why: the engine's explanation of one document (engine/why/, `why` request), rendered as given:
 * the filter tree with each clause's verdict and values, the array-filter verdicts per element,
 * and the modifier steps in the order the server applied them. No MongoDB rule lives here.
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { WhyClause, WhyDocument, WhyStep, WhyTrace } from '../../engine/worker/protocol.js';
import { explainWhy } from '../engine/controller.js';

export interface WhyTarget {
  readonly command: number;
  readonly statement: number;
  readonly documentId?: string;
}

/** Loads the trace for `target` once (the panel is mounted only while open). */
export function useWhyTrace(target: WhyTarget): WhyTrace | string | null {
  const [trace, setTrace] = useState<WhyTrace | string | null>(null);
  const { command, statement, documentId } = target;
  useEffect(() => {
    let live = true;
    void explainWhy(documentId === undefined ? { command, statement } : { command, statement, documentId }).then(
      (t) => {
        if (live) setTrace(t);
      },
    );
    return () => {
      live = false;
    };
  }, [command, statement, documentId]);
  return trace;
}

function Clause({ clause }: { clause: WhyClause }): ReactNode {
  return (
    <li
      className={`why-clause ${clause.verdict ? 'yes' : 'no'}`}
      data-testid="why-clause"
      data-verdict={String(clause.verdict)}
    >
      <span className="verdict" aria-label={clause.verdict ? 'holds' : 'fails'}>
        {clause.verdict ? '✓' : '✗'}
      </span>
      <code className="clause-text">{clause.text}</code>
      {clause.values.length > 0 ? <span className="clause-values">{clause.values.join(', ')}</span> : null}
      {clause.notes.map((n) => (
        <span key={n} className="clause-note">
          {n}
        </span>
      ))}
      {clause.children.length > 0 ? (
        <ul>
          {clause.children.map((c, i) => (
            <Clause key={i} clause={c} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function StepList({ steps, current }: { steps: readonly WhyStep[]; current?: number }): ReactNode {
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
          <code>{s.operator}</code> <code>{s.field}</code>
          {s.path !== s.field ? <span className="muted"> → {s.path}</span> : null}:{' '}
          {s.changed ? (
            <span>
              <code className="before">{s.before}</code> → <code className="after">{s.after}</code>
            </span>
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

function DocumentWhy({ doc }: { doc: WhyDocument }): ReactNode {
  return (
    <>
      <p className="why-outcome" data-testid="why-outcome">
        {doc.outcome}
      </p>
      <h5>Filter, in the order the server evaluates it</h5>
      <ul className="why-tree">
        <Clause clause={doc.filter} />
      </ul>
      {doc.positional !== undefined ? <p className="clause-note">{doc.positional}</p> : null}
      {doc.arrayFilters.length > 0 ? (
        <>
          <h5>Array filters, per element</h5>
          <ul className="why-array-filters">
            {doc.arrayFilters.map((a) => (
              <li key={`${a.identifier}:${a.path}`} data-testid="why-array-filter" data-verdict={String(a.verdict)}>
                <span className="verdict">{a.verdict ? '✓' : '✗'}</span> <code>$[{a.identifier}]</code>{' '}
                <code>{a.path}</code> = <code>{a.value}</code>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h5>Modifiers, in the order the server applies them</h5>
      <StepPlayer steps={doc.steps} />
    </>
  );
}

/** Steps through the modifiers one at a time (buttons or arrow keys), the current one highlighted. */
function StepPlayer({ steps }: { steps: readonly WhyStep[] }): ReactNode {
  const [k, setK] = useState(0);
  if (steps.length === 0) return <StepList steps={steps} />;
  const go = (d: number): void => setK((x) => Math.min(steps.length - 1, Math.max(0, x + d)));
  const step = steps[k]!;
  return (
    <div
      className="why-player"
      tabIndex={0}
      aria-label="Step through the modifiers with the arrow keys"
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight' || e.key === 'ArrowDown') go(1);
        else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') go(-1);
        else return;
        e.preventDefault();
      }}
    >
      <div className="why-player-bar">
        <button type="button" className="why-button" data-testid="step-prev" disabled={k === 0} onClick={() => go(-1)}>
          ← Previous
        </button>
        <span data-testid="step-position" aria-live="polite">
          step {k + 1} of {steps.length}
        </span>
        <button
          type="button"
          className="why-button"
          data-testid="step-next"
          disabled={k === steps.length - 1}
          onClick={() => go(1)}
        >
          Next →
        </button>
      </div>
      <p className="why-current" data-testid="step-current" key={k}>
        <code>{step.operator}</code> <code>{step.path}</code>:{' '}
        {step.changed ? (
          <>
            <code className="before">{step.before}</code> → <code className="after">{step.after}</code>
          </>
        ) : (
          <span className="why-reason">no change: {step.reason}</span>
        )}
      </p>
      <StepList steps={steps} current={k} />
    </div>
  );
}

/** The explanation of one document of a statement. */
export function WhyPanel({ target }: { target: WhyTarget }): ReactNode {
  const trace = useWhyTrace(target);
  let body: ReactNode;
  if (trace === null) body = <p className="muted">Explaining…</p>;
  else if (typeof trace === 'string') body = <p className="muted">{trace}</p>;
  else if (trace.error !== undefined) body = <p className="muted">{trace.error}</p>;
  else if (trace.document !== undefined) body = <DocumentWhy doc={trace.document} />;
  else if (trace.upsert !== undefined)
    body = (
      <>
        <p className="why-outcome" data-testid="why-outcome">
          {trace.upsert.reason}
        </p>
        <h5>Modifiers that built the new document</h5>
        <StepList steps={trace.upsert.steps} />
      </>
    );
  else body = <p className="muted">This document is not in the collection the statement saw.</p>;
  return (
    <section className="why-panel" data-testid="why-panel" aria-label="Why">
      {trace !== null && typeof trace !== 'string' && trace.collation !== undefined ? (
        <p className="muted">String comparisons use the collation {trace.collation}.</p>
      ) : null}
      {body}
    </section>
  );
}

/** "Not matched": the documents the filter missed, each with its first failing clause. */
export function UnmatchedList({ target }: { target: WhyTarget }): ReactNode {
  const trace = useWhyTrace(target);
  if (trace === null) return <p className="muted">Looking…</p>;
  if (typeof trace === 'string') return <p className="muted">{trace}</p>;
  if (trace.error !== undefined) return <p className="muted">{trace.error}</p>;
  const missed = trace.documents.filter((d) => !d.matched);
  if (missed.length === 0) return <p className="muted">Every document matched the filter.</p>;
  return (
    <ul className="why-unmatched">
      {missed.map((d) => (
        <li key={d.id} data-testid="doc-unmatched" data-id={d.id}>
          <code className="doc-id">_id {d.id}</code>{' '}
          <span className="why-reason">{d.firstFailing ?? 'did not match'}</span>
        </li>
      ))}
    </ul>
  );
}
