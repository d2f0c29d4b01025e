/** The document an upsert inserted, each field marked with its origin (query, update, generated _id). */
import { useRef, type ReactNode } from 'react';
import type { StatementHead } from '../../../engine/worker/protocol.js';
import { ORIGIN_LABEL, TreeView } from '../TreeView.js';
import type { WhyTarget } from '../WhyPanel.js';
import { useStepFocus } from '../why/step-focus.js';
import { WhyToggle } from './WhyToggles.js';

export function UpsertCard({
  statement,
  colours,
  why,
}: {
  statement: StatementHead;
  colours: ReadonlyMap<string, number>;
  why?: WhyTarget | undefined;
}): ReactNode {
  const upsert = statement.upsert;
  const card = useRef<HTMLElement>(null);
  const stepped = useStepFocus(card, why, undefined);
  if (upsert === undefined) return null;
  const origins = new Map(upsert.origins.map(([p, o]) => [p, o]));
  const marks = new Map(
    [...origins.keys()].filter((p) => !p.includes('.')).map((p) => [p, { kind: 'added' as const }]),
  );
  return (
    <article ref={card} className={`change-card upsert ${stepped ? 'step-focus' : ''}`} data-testid="diff-upsert">
      <header>
        <span className="doc-id">new document (upsert)</span>
        <span className="pill upsert">inserted</span>
      </header>
      <div className="sides one">
        <TreeView
          node={upsert.doc}
          deco={{
            marks,
            origins,
            outlines: new Map(upsert.arrayTouches.map((t) => [t.path, t.operator])),
            colours,
          }}
        />
      </div>
      <p className="origin-legend muted">
        {Object.entries(ORIGIN_LABEL)
          .filter(([k]) => [...origins.values()].includes(k as never))
          .map(([k, label]) => (
            <span key={k} className={`origin origin-${k}`}>
              {label}
            </span>
          ))}
      </p>
      {why !== undefined ? <WhyToggle target={why} /> : null}
    </article>
  );
}
