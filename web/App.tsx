/** The first page: which collection, and its documents as the worker's engine holds them. */
import { engineClient } from './engine-bridge.js';
import { showCollection } from './session.js';
import { usePlayground } from './store.js';

export function App() {
  return (
    <main className="app">
      <header className="app-header">
        <h1>Upsert Lab</h1>
        <EngineStatusBadge />
      </header>
      <CollectionTabs />
      <CollectionPane />
    </main>
  );
}

function EngineStatusBadge() {
  const status = usePlayground((s) => s.status);
  return (
    <span className={`status status-${status}`} data-testid="engine-status" data-state={status}>
      {status === 'starting' ? 'starting engine…' : status === 'ready' ? 'engine ready' : 'engine error'}
    </span>
  );
}

function CollectionTabs() {
  const collections = usePlayground((s) => s.collections);
  const selected = usePlayground((s) => s.selected);
  const database = usePlayground((s) => s.database);
  return (
    <nav className="tabs" aria-label="collections">
      {collections.map((c) => (
        <button
          key={c.name}
          type="button"
          title={c.description}
          aria-pressed={c.name === selected}
          data-testid={`collection-tab.${c.name}`}
          onClick={() => void showCollection(engineClient(), c.name)}
        >
          {database}.{c.name}
        </button>
      ))}
    </nav>
  );
}

function CollectionPane() {
  const documents = usePlayground((s) => s.documents);
  const error = usePlayground((s) => s.error);
  return (
    <section className="collection-pane" data-testid="collection-pane" aria-live="polite">
      {error !== null ? (
        <p className="error" data-testid="error" role="alert">
          {error}
        </p>
      ) : (
        documents.map((text, i) => (
          <pre key={i} className="document" data-testid="document">
            {text}
          </pre>
        ))
      )}
    </section>
  );
}
