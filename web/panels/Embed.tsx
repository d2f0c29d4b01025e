/**
 * The iframe layout (`?embed=1`): the scenario's title and description, the panes the link asks
 * for (`&panes=editor,diff,oplog,result`), Reset back to the link's state, and the page's height
 * posted to the host (`{type: 'upsert-lab:height', height}`) so it can size the iframe.
 */
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { loadStarter, loadState } from '../engine/load-state.js';
import { fetchScenarioGallery } from '../scenarios/fetch.js';
import { getInitialState } from '../share/url.js';
import { store, usePlayground } from '../state/store.js';
import { EditorPanel } from './EditorPanel.js';
import { EngineStatus } from './Header.js';
import { InspectPanel } from './InspectPanel.js';
import { ResultPanel } from './ResultPanel.js';

/** Posts the embed's height to the host page whenever it changes. */
function usePostHeight(root: RefObject<HTMLDivElement | null>): void {
  useEffect(() => {
    const el = root.current;
    if (el === null || window.parent === window) return;
    let last = -1;
    const post = (): void => {
      const height = Math.ceil(el.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      // The height is not a secret: any host may read it.
      window.parent.postMessage({ type: 'upsert-lab:height', height }, '*');
    };
    const observer = new ResizeObserver(post);
    observer.observe(el);
    post();
    return () => observer.disconnect();
  }, [root]);
}

function useScenarioTitle(): { title: string; description: string } | null {
  const scenarioId = usePlayground((s) => s.scenarioId);
  const info = usePlayground((s) => s.scenarioInfo);
  const [found, setFound] = useState<{ title: string; description: string } | null>(null);
  useEffect(() => {
    if (scenarioId === null || info !== null) return;
    let live = true;
    fetchScenarioGallery()
      .then((g) => {
        const s = g.scenarios.find((x) => x.id === scenarioId);
        if (live && s !== undefined) setFound({ title: s.title, description: s.description });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [scenarioId, info]);
  return info ?? found;
}

async function resetToLink(): Promise<void> {
  try {
    const state = await getInitialState(window.location);
    if (state === undefined) await loadStarter(null);
    else await loadState(state, null);
  } catch (e) {
    store.getState().setNotice({ kind: 'error', text: e instanceof Error ? e.message : String(e) });
  }
}

export function EmbedApp({ dark }: { dark: boolean }): ReactNode {
  const panes = usePlayground((s) => s.embedPanes);
  const root = useRef<HTMLDivElement>(null);
  const heading = useScenarioTitle();
  usePostHeight(root);
  return (
    <div className="app embed" data-testid="app" data-embed="true" ref={root}>
      {heading !== null ? (
        <header className="embed-head" data-testid="embed-title">
          <h1>{heading.title}</h1>
          <p className="muted">{heading.description}</p>
        </header>
      ) : null}
      <main className={`embed-layout panes-${Math.min(panes.length, 2)}`}>
        {panes.map((p) =>
          p === 'editor' ? (
            <EditorPanel key={p} dark={dark} />
          ) : p === 'result' ? (
            <ResultPanel key={p} />
          ) : (
            <InspectPanel key={p} only={p} />
          ),
        )}
      </main>
      <div className="embed-foot">
        <EngineStatus />
        <button type="button" className="btn small" data-testid="embed-reset" onClick={() => void resetToLink()}>
          Reset
        </button>
        <a
          className="embed-credit"
          href={window.location.href.replace(/[?&]embed=1(&readonly=1)?/, '')}
          target="_blank"
          rel="noreferrer"
        >
          Open in Upsert Lab ↗
        </a>
      </div>
    </div>
  );
}
