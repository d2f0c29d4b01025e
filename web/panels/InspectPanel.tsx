/** The right column: Diff and Oplog as tabs. */
import type { ReactNode } from 'react';
import { onTabListKeyDown } from './tab-keys.js';
import { usePlayground } from '../state/store.js';
import type { InspectTab } from '../state/types.js';
import { DiffPanel } from './DiffPanel.js';
import { OplogPanel } from './OplogPanel.js';
import { StaleNote, useStale } from './StaleNote.js';

const TABS: readonly { id: InspectTab; label: string }[] = [
  { id: 'diff', label: 'Diff' },
  { id: 'oplog', label: 'Oplog' },
];

export function InspectPanel({ only }: { only?: InspectTab }): ReactNode {
  const tab = usePlayground((s) => s.inspectTab);
  const setTab = usePlayground((s) => s.setInspectTab);
  const shown = usePlayground((s) => s.shown);
  const stale = useStale();
  const appeared = usePlayground((s) => s.appeared);
  const active = only ?? tab;
  const counts: Record<InspectTab, number> = {
    diff: shown?.run.documentCount ?? 0,
    oplog: shown?.run.counts.oplog ?? 0,
  };
  return (
    <section className="panel inspect" aria-label="What changed">
      <div className="panel-head">
        {only === undefined ? (
          <div className="tabs" role="tablist" aria-label="What changed" onKeyDown={onTabListKeyDown}>
            {TABS.map((t) => (
              <button
                key={t.id}
                type="button"
                role="tab"
                id={`inspect-tab-${t.id}`}
                aria-selected={active === t.id}
                tabIndex={active === t.id ? 0 : -1}
                aria-controls={`inspect-${t.id}`}
                className="tab"
                data-testid={`tab.${t.id}`}
                onClick={() => setTab(t.id)}
              >
                {t.label}
                {shown !== null ? <span className="count">{counts[t.id]}</span> : null}
              </button>
            ))}
          </div>
        ) : (
          <h2>{TABS.find((t) => t.id === only)?.label ?? 'Diff'}</h2>
        )}
        {shown !== null ? (
          <span className={`badge ${shown.kind}`}>{shown.kind === 'preview' ? 'preview' : 'after Run'}</span>
        ) : null}
      </div>
      <StaleNote />
      <div
        id={`inspect-${active}`}
        role="tabpanel"
        aria-labelledby={`inspect-tab-${active}`}
        className={`inspect-body ${stale ? 'stale' : ''} ${appeared ? 'appeared' : ''}`}
      >
        {active === 'diff' ? <DiffPanel /> : <OplogPanel />}
      </div>
    </section>
  );
}
