/**
 * One matched document: before and after with field marks and array outlines, or a collapsed
 * "matched, unchanged" card for a no-op.
 */
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import type { ChangeView } from '../../../engine/worker/protocol.js';
import { diffTrees } from '../../diff/tree-diff.js';
import { usePlayground } from '../../state/store.js';
import { TreeView } from '../TreeView.js';
import type { WhyTarget } from '../WhyPanel.js';
import { useStepFocus } from '../why/step-focus.js';
import { idText } from './id-text.js';
import { UnchangedReason, unchangedPill } from './UnchangedReason.js';
import { WhyToggle } from './WhyToggles.js';

export function ChangeCard({
  change,
  colours,
  why,
}: {
  change: ChangeView;
  colours: ReadonlyMap<string, number>;
  why?: WhyTarget | undefined;
}): ReactNode {
  const hoveredId = usePlayground((s) => s.hoveredId);
  const card = useRef<HTMLElement>(null);
  const marks = useMemo(() => diffTrees(change.before, change.after), [change]);
  const beforeOutlines = new Map(change.arrayTouches.map((t) => [t.path, t.operator]));
  const afterOutlines = new Map(change.arrayTouches.filter((t) => t.changed).map((t) => [t.path, t.operator]));
  const id = idText(change.before);
  const linked = hoveredId !== null && hoveredId === id;
  const pill = unchangedPill(change.unchanged);
  const stepped = useStepFocus(card, why, id);
  useEffect(() => {
    // Linked from the oplog pane: bring the card into view.
    if (linked) card.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [linked]);
  return (
    <article
      ref={card}
      className={`change-card ${change.noop ? 'noop' : 'changed'} ${change.unchanged?.kind ?? ''} ${linked ? 'linked' : ''} ${stepped ? 'step-focus' : ''}`}
      data-testid="diff-document"
      data-id={id}
    >
      <header>
        <span className="doc-id">_id {id ?? '?'}</span>
        {change.noop ? (
          <span className={`pill ${pill.bad ? 'bad' : ''}`} data-testid="diff-unchanged">
            {pill.text}
          </span>
        ) : (
          <span className="pill changed">
            modified {change.modifiedPaths.length > 0 ? change.modifiedPaths.join(', ') : ''}
          </span>
        )}
      </header>
      <UnchangedReason unchanged={change.unchanged} />
      {change.noop && change.arrayTouches.length === 0 && change.unchanged?.kind !== 'refused' ? (
        <details className="sides one collapsed">
          <summary>Show the document</summary>
          <TreeView node={change.after} />
        </details>
      ) : change.noop ? (
        <div className="sides one">
          <TreeView node={change.after} deco={{ outlines: beforeOutlines, colours }} />
        </div>
      ) : (
        <div className="sides">
          <div className="side before">
            <h4>Before</h4>
            <TreeView node={change.before} deco={{ marks: marks.before, outlines: beforeOutlines, colours }} />
          </div>
          <div className="side after">
            <h4>After</h4>
            <TreeView node={change.after} deco={{ marks: marks.after, outlines: afterOutlines, colours }} />
          </div>
        </div>
      )}
      {why !== undefined && id !== undefined ? <WhyToggle target={{ ...why, documentId: id }} /> : null}
      {change.oplog !== undefined ? (
        <details className="card-oplog">
          <summary>What the oplog records for this change</summary>
          <pre className="code" tabIndex={0}>
            {change.oplog}
          </pre>
        </details>
      ) : null}
    </article>
  );
}
