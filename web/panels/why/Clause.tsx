/** One clause of a filter tree (or a validator's), with its verdict, values and notes, and its children. */
import type { ReactNode } from 'react';
import type { WhyClause } from '../../../engine/worker/protocol.js';

export function Clause({ clause }: { clause: WhyClause }): ReactNode {
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
