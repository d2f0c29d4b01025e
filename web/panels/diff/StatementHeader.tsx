/** The header card of a statement: its source line, counts, array-operator legend, then its notes. */
import type { ReactNode } from 'react';
import type { CardView, StatementHead } from '../../../engine/worker/protocol.js';
import { usePlayground } from '../../state/store.js';
import { showResultStatement } from '../ResultPanel.js';
import { operatorLabel } from '../TreeView.js';
import { StatementNotes } from './StatementNotes.js';
import { statementText } from './statement-text.js';

export function StatementHeader({
  statement,
  title,
  source,
  colours,
}: {
  statement: StatementHead;
  title: string;
  source: Extract<CardView, { kind: 'header' }>['source'];
  colours: ReadonlyMap<string, number>;
}): ReactNode {
  const operators = [...colours.keys()].filter((op) => !statement.arrayFilters.some((f) => f.identifier === op));
  // Embeds have no result pane to jump to.
  const embed = usePlayground((s) => s.embed);
  return (
    <div
      className="statement-summary"
      data-testid="diff-statement"
      {...(source === undefined ? {} : { 'data-statement': source.index, tabIndex: -1 })}
    >
      {source !== undefined ? (
        <div className="statement-title">
          {embed ? (
            <span className="line-ref">line {source.startLine}</span>
          ) : (
            <button
              type="button"
              className="line-ref link"
              title="Show this statement in the result pane"
              onClick={() => showResultStatement(source.index)}
            >
              line {source.startLine}
            </button>
          )}
          <code className="source" title={source.text}>
            {statementText(source.text)}
          </code>
          {title !== 'update' ? <span className="muted command-name">{title}</span> : null}
        </div>
      ) : null}
      <div className="counts">
        {source === undefined ? <strong>{title}</strong> : null}
        <span className="pill">matched {statement.nMatched}</span>
        <span className="pill">modified {statement.nModified}</span>
        {statement.upsert !== undefined ? <span className="pill upsert">upserted 1</span> : null}
        {statement.error !== undefined ? (
          <span className="pill bad">
            {statement.error.codeName} ({statement.error.code})
          </span>
        ) : null}
      </div>
      {statement.arrayFilters.length > 0 || operators.length > 0 ? (
        <ul className="legend" aria-label="Array operators" data-testid="array-filter-legend">
          {statement.arrayFilters.map((f) => (
            <li key={f.identifier}>
              <span className={`swatch af-c${(colours.get(f.identifier) ?? 0) % 6}`} aria-hidden="true" />
              <code>{operatorLabel(f.identifier)}</code> <span className="muted">filter</span> <code>{f.filter}</code>
            </li>
          ))}
          {operators.map((op) => (
            <li key={op}>
              <span className={`swatch af-c${(colours.get(op) ?? 0) % 6}`} aria-hidden="true" />
              <code>{operatorLabel(op)}</code>{' '}
              <span className="muted">{op === '[]' ? 'every element' : 'first element matched by the query'}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <StatementNotes statement={statement} />
    </div>
  );
}
