/**
 * Why: the engine's explanation of one document (engine/why/, `why` request), rendered as given.
 * No MongoDB rule lives here.
 */
import type { ReactNode } from 'react';
import { DocumentWhy, Validation } from './DocumentWhy.js';
import { traceSteps } from './player-steps.js';
import { StepPlayer } from './StepPlayer.js';
import { useWhyTrace, type WhyTarget } from './use-why-trace.js';

export function WhyPanel({ target }: { target: WhyTarget }): ReactNode {
  const trace = useWhyTrace(target);
  let body: ReactNode;
  if (trace === null) body = <p className="muted">Explaining…</p>;
  else if (typeof trace === 'string') body = <p className="muted">{trace}</p>;
  else if (trace.notRun !== undefined) body = <p className="why-outcome">{trace.notRun}</p>;
  else if (trace.error !== undefined) body = <p className="muted">{trace.error}</p>;
  else if (trace.document !== undefined) body = <DocumentWhy doc={trace.document} />;
  else if (trace.upsert !== undefined)
    body = (
      <>
        <p className="why-outcome" data-testid="why-outcome">
          {trace.upsert.reason}
        </p>
        <h5>
          {trace.upsert.stages !== undefined
            ? 'Pipeline stages that built the new document'
            : 'Modifiers that built the new document'}
        </h5>
        <StepPlayer steps={traceSteps(trace)} />
        {trace.upsert.validation !== undefined ? <Validation validation={trace.upsert.validation} /> : null}
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
