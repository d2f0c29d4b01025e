/**
 * The explanation of one document as the engine wrote it: outcome, filter tree, the positional
 * element, array-filter verdicts per element and level, the steps (modifiers or pipeline stages,
 * with a player) and the validator's verdict.
 */
import type { ReactNode } from 'react';
import type { WhyArrayFilterVerdict, WhyDocument, WhyValidation } from '../../../engine/worker/protocol.js';
import { Clause } from './Clause.js';
import { documentSteps } from './player-steps.js';
import { StepPlayer } from './StepPlayer.js';

function ArrayFilters({ verdicts }: { verdicts: readonly WhyArrayFilterVerdict[] }): ReactNode {
  return (
    <>
      <h5>Array filters, per element</h5>
      <ul className="why-array-filters">
        {verdicts.map((a) => (
          <li
            key={`${a.identifier}:${a.path}`}
            data-testid="why-array-filter"
            data-verdict={String(a.verdict)}
            data-level={a.level ?? 0}
            style={{ paddingLeft: `${(a.level ?? 0) * 1.2}rem` }}
          >
            <span className="verdict">{a.verdict ? '✓' : '✗'}</span> <code>$[{a.identifier}]</code>{' '}
            <code>{a.path}</code> = <code>{a.value}</code>
            {a.failing !== undefined ? <span className="clause-note">{a.failing}</span> : null}
          </li>
        ))}
      </ul>
    </>
  );
}

export function Validation({ validation }: { validation: WhyValidation }): ReactNode {
  return (
    <div className="why-validation" data-testid="why-validation" data-passed={String(validation.passed)}>
      <h5>
        Validator (level {validation.level}, action {validation.action})
      </h5>
      <p className={validation.passed ? '' : 'why-refused'}>{validation.outcome}</p>
      {validation.failing !== undefined ? (
        <ul className="why-tree">
          <Clause clause={validation.failing} />
        </ul>
      ) : null}
      {validation.details !== undefined ? (
        <details>
          <summary>errInfo.details</summary>
          <pre className="code">{validation.details}</pre>
        </details>
      ) : null}
    </div>
  );
}

export function DocumentWhy({ doc }: { doc: WhyDocument }): ReactNode {
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
      {doc.arrayFilters.length > 0 ? <ArrayFilters verdicts={doc.arrayFilters} /> : null}
      <h5>
        {doc.stages !== undefined
          ? 'Pipeline stages, the document after each'
          : 'Modifiers, in the order the server applies them'}
      </h5>
      <StepPlayer steps={documentSteps(doc)} />
      {doc.validation !== undefined ? <Validation validation={doc.validation} /> : null}
    </>
  );
}
