/** The page layout: header, then collections | command + result | diff/oplog. Panels do the work. */
import { Suspense, lazy, useEffect, type ReactNode } from 'react';
import { performKey } from './actions/actions.js';
import { CollectionsPanel } from './panels/CollectionsPanel.js';
import { EditorPanel } from './panels/EditorPanel.js';
import { EmbedApp } from './panels/Embed.js';
import { Header } from './panels/Header.js';
import { InspectPanel } from './panels/InspectPanel.js';
import { ResultPanel } from './panels/ResultPanel.js';
import { SavedWorkBanner } from './panels/SavedWorkBanner.js';
import { useResolvedTheme } from './panels/theme.js';
import { usePlayground } from './state/store.js';

// Dialogs load on first use: the gallery loader and the exporter stay out of the first chunk.
const ExamplesDialog = lazy(() => import('./panels/ExamplesDialog.js').then((m) => ({ default: m.ExamplesDialog })));
const ShareDialog = lazy(() => import('./panels/ShareDialog.js').then((m) => ({ default: m.ShareDialog })));
const ImportDialog = lazy(() => import('./panels/ImportDialog.js').then((m) => ({ default: m.ImportDialog })));
const CollectionSettingsDialog = lazy(() =>
  import('./panels/CollectionSettingsDialog.js').then((m) => ({ default: m.CollectionSettingsDialog })),
);
const CreateCollectionDialog = lazy(() =>
  import('./panels/CreateCollectionDialog.js').then((m) => ({ default: m.CreateCollectionDialog })),
);

export function App(): ReactNode {
  const theme = useResolvedTheme();
  const embed = usePlayground((s) => s.embed);
  const dialog = usePlayground((s) => s.dialog);
  const presentation = usePlayground((s) => s.presentation);
  useEffect(() => {
    document.documentElement.dataset['theme'] = theme;
    document.documentElement.style.colorScheme = theme;
  }, [theme]);
  useEffect(() => {
    // The root font size scales every rem-sized text: panes, documents, diff and result alike.
    if (presentation) document.documentElement.dataset['presentation'] = 'true';
    else delete document.documentElement.dataset['presentation'];
  }, [presentation]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      // Ctrl/Cmd+Enter inside Monaco is handled by the editor's own command.
      if (e.defaultPrevented) return;
      if (performKey(e)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  if (embed) return <EmbedApp dark={theme === 'dark'} />;
  return (
    <div className="app" data-testid="app">
      <a className="skip-link" href="#editor-title">
        Skip to the command editor
      </a>
      <Header />
      <SavedWorkBanner />
      <main className="layout">
        <CollectionsPanel />
        <div className="center">
          <EditorPanel dark={theme === 'dark'} />
          <ResultPanel />
        </div>
        <InspectPanel />
      </main>
      <Suspense fallback={null}>
        {dialog === 'examples' ? <ExamplesDialog /> : null}
        {dialog === 'share' ? <ShareDialog /> : null}
        {dialog === 'import' ? <ImportDialog /> : null}
        {dialog === 'create-collection' ? <CreateCollectionDialog /> : null}
        {dialog === 'collection-settings' ? <CollectionSettingsDialog /> : null}
      </Suspense>
    </div>
  );
}
