/** The examples gallery: H2's scenarios grouped by seed section; choosing one loads it. */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { loadState } from '../engine/controller.js';
import {
  SCENARIO_GALLERY_PATH,
  gallerySections,
  loadScenarioGallery,
  type GallerySection,
  type Scenario,
} from '../scenarios/index.js';
import { scenarioToShareState } from '../share/from-scenario.js';
import { store, usePlayground } from '../state/store.js';
import { Dialog } from './Dialog.js';

let cache: Promise<GallerySection[]> | undefined;

function fetchGallery(): Promise<GallerySection[]> {
  cache ??= fetch(`${import.meta.env.BASE_URL}${SCENARIO_GALLERY_PATH}`)
    .then((r) => {
      if (!r.ok) throw new Error(`cannot load the gallery: HTTP ${r.status}`);
      return r.text();
    })
    .then((text) => gallerySections(loadScenarioGallery(text).scenarios))
    .catch((e: unknown) => {
      cache = undefined;
      throw e;
    });
  return cache;
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
        title: s.title,
        scenarios: s.scenarios.filter((x) =>
          `${x.title} ${x.description} ${x.seedRule} ${x.id}`.toLowerCase().includes(q),
        ),
      }))
      .filter((s) => s.scenarios.length > 0);
  }, [sections, query]);
  const choose = (s: Scenario): void => {
    openDialog(null);
    void loadState(scenarioToShareState(s), 'load example', {
      title: s.title,
      description: s.description,
      seedRule: s.seedRule,
    }).catch((e: unknown) =>
      store.getState().setNotice({ kind: 'error', text: e instanceof Error ? e.message : String(e) }),
    );
  };
  return (
    <Dialog title="Examples" testId="examples-dialog" onClose={() => openDialog(null)} wide>
      <p className="muted">
        One runnable scenario per rule of the update command. Choosing one replaces the collections and the command
        (Undo brings yours back).
      </p>
      <label className="search">
        <span className="sr-only">Filter examples</span>
        <input
          type="search"
          placeholder="Filter: upsert, arrayFilters, collation…"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          autoFocus
        />
      </label>
      {error !== null ? <p className="form-error">{error}</p> : null}
      {filtered === null ? <p className="muted">Loading…</p> : null}
      <div className="gallery">
        {filtered?.map((section) => (
          <section key={section.title} className="gallery-section">
            <h3>{section.title}</h3>
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
                    <span className="scenario-meta">
                      {s.seedRule}
                      {s.deployment !== 'standalone' ? ` · ${s.deployment}` : ''}
                    </span>
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
