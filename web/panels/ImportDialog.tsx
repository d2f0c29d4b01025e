/**
 * Import documents into a collection: a JSON/EJSON array or mongoexport lines (one document per
 * line), pasted or read from a file. The engine parses them; errors name the offset.
 */
import { useState, type ReactNode } from 'react';
import { applyCollections } from '../engine/controller.js';
import { store, usePlayground } from '../state/store.js';
import type { CollectionState } from '../state/types.js';
import { Dialog } from './Dialog.js';

/** The pasted text as the inside of an array (the engine splits it into documents). */
export function asArrayBody(text: string): string {
  const t = text.trim();
  if (t.startsWith('[')) return t.slice(1, t.lastIndexOf(']')).trim();
  // mongoexport: one document per line.
  return t
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .join(',\n');
}

export function ImportDialog(): ReactNode {
  const openDialog = usePlayground((s) => s.openDialog);
  const selected = usePlayground((s) => s.selected);
  const [name, setName] = useState(selected ?? 'imported');
  const [text, setText] = useState('');
  const [replace, setReplace] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (): Promise<void> => {
    const body = asArrayBody(text);
    const collections = store.getState().collections;
    const existing = collections.find((c) => c.name === name);
    const docs = body === '' ? [] : [body];
    const next: CollectionState[] =
      existing === undefined
        ? [...collections, { name, docs }]
        : collections.map((c) => (c.name === name ? { ...c, docs: replace ? docs : [...c.docs, ...docs] } : c));
    const message = await applyCollections(next, `import into ${name}`);
    setError(message);
    if (message === null) {
      store.getState().selectCollection(name);
      openDialog(null);
    }
  };
  return (
    <Dialog title="Import documents" testId="import-dialog" onClose={() => openDialog(null)}>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label>
          Collection
          <input value={name} onChange={(e) => setName(e.target.value)} required />
        </label>
        <label>
          Documents — a JSON / Extended JSON array, or one document per line (mongoexport)
          <textarea
            data-testid="import-text"
            rows={10}
            value={text}
            onChange={(e) => setText(e.target.value)}
            spellCheck={false}
          />
        </label>
        <label>
          Or a file
          <input
            type="file"
            accept=".json,.jsonl,.ndjson,.txt,application/json"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file !== undefined) void file.text().then(setText);
            }}
          />
        </label>
        <label className="check">
          <input type="checkbox" checked={replace} onChange={(e) => setReplace(e.target.checked)} /> Replace the
          collection&apos;s documents
        </label>
        {error !== null ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="form-actions">
          <button type="submit" className="btn primary small" data-testid="import-submit">
            Import
          </button>
          <button type="button" className="btn small" onClick={() => openDialog(null)}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
