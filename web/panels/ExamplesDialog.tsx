/** The examples gallery as a course: sections by concept; choosing an example loads it. */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { focusCommandEditor } from '../editor/CommandEditor.js';
import { loadState } from '../engine/load-state.js';
import { fetchScenarioGallery } from '../scenarios/fetch.js';
import { gallerySections, type GallerySection, type Scenario } from '../scenarios/index.js';
import { scenarioToShareState } from '../share/from-scenario.js';
import { store, usePlayground } from '../state/store.js';
import { Dialog } from './Dialog.js';

const DEPLOYMENT_LABELS = { standalone: 'standalone', replicaset: 'replica set', sharded: 'sharded cluster' } as const;

function fetchGallery(): Promise<GallerySection[]> {
  return fetchScenarioGallery().then((g) => gallerySections(g.scenarios));
}

export function ExamplesDialog(): ReactNode {
  const openDialog = usePlayground((s) => s.openDialog);
  const current = usePlayground((s) => s.scenarioId);
  const [sections, setSections] = useState<GallerySection[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  useEffect(() => {
    fetchGallery().then(setSections, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, []);
  const filtered = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (sections === null || q === '') return sections;
    return sections
      .map((s) => ({
        ...s,
        scenarios: s.scenarios.filter((x) =>
          `${x.title} ${x.description} ${s.title} ${x.id}`.toLowerCase().includes(q),
        ),
      }))
      .filter((s) => s.scenarios.length > 0);
  }, [sections, query]);
  const choose = (s: Scenario): void => {
    openDialog(null);
    // The <dialog> gives focus back to the Examples button as it closes; the learner's next step is the editor.
    requestAnimationFrame(() => focusCommandEditor());
    void loadState(scenarioToShareState(s), 'load example', {
      title: s.title,
      description: s.description,
      section: s.section,
    }).catch((e: unknown) =>
      store.getState().setNotice({ kind: 'error', text: e instanceof Error ? e.message : String(e) }),
    );
  };
  return (
    <Dialog title="Examples" testId="examples-dialog" onClose={() => openDialog(null)} wide>
      <p className="muted">
        A course through the update command, section by section. Each example loads its own collections and command; run
        it, change it, and see what MongoDB does. Choosing one replaces your collections and command (Undo brings yours
        back).
      </p>
      <label className="search">
        <span className="sr-only">Filter examples</span>
        <input
          type="search"
          placeholder="Filter: upsert, arrayFilters, collation…"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          data-autofocus
        />
      </label>
      {error !== null ? <p className="form-error">{error}</p> : null}
      {filtered === null ? <p className="muted">Loading…</p> : null}
      <div className="gallery">
        {filtered?.map((section) => (
          <section
            key={section.title}
            className="gallery-section"
            data-testid="gallery-section"
            aria-labelledby={`gallery-${section.title.replace(/\W+/g, '-')}`}
          >
            <h3 id={`gallery-${section.title.replace(/\W+/g, '-')}`}>{section.title}</h3>
            <p className="gallery-intro">{section.intro}</p>
            <ul>
              {section.scenarios.map((s) => (
                <li key={s.id}>
                  <button
                    type="button"
                    className={`scenario ${s.id === current ? 'current' : ''}`}
                    data-testid={`example.${s.id}`}
                    onClick={() => choose(s)}
                  >
                    <span className="scenario-title">{s.title}</span>
                    <span className="scenario-desc">{s.description}</span>
                    {s.deployment !== 'standalone' ? (
                      <span className="scenario-meta">{DEPLOYMENT_LABELS[s.deployment]}</span>
                    ) : null}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
