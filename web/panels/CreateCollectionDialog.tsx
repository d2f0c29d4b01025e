/** Create a collection with a validator, a default collation and indexes (all optional). */
import { useState, type ReactNode } from 'react';
import { applyCollections } from '../engine/collection-actions.js';
import { store, usePlayground } from '../state/store.js';
import { Dialog } from './Dialog.js';

export function CreateCollectionDialog(): ReactNode {
  const openDialog = usePlayground((s) => s.openDialog);
  const [name, setName] = useState('');
  const [validator, setValidator] = useState('');
  const [locale, setLocale] = useState('');
  const [strength, setStrength] = useState('3');
  const [indexes, setIndexes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (): Promise<void> => {
    const parts: string[] = [];
    if (validator.trim() !== '') parts.push(`"validator": ${validator.trim()}`);
    if (locale.trim() !== '')
      parts.push(`"collation": {"locale": ${JSON.stringify(locale.trim())}, "strength": ${Number(strength) || 3}}`);
    const collections = store.getState().collections;
    if (collections.some((c) => c.name === name)) {
      setError(`A collection named '${name}' already exists.`);
      return;
    }
    const message = await applyCollections(
      [
        ...collections,
        {
          name,
          docs: [],
          ...(parts.length > 0 ? { options: `{${parts.join(', ')}}` } : {}),
          ...(indexes.trim() !== '' ? { indexes: indexes.trim() } : {}),
        },
      ],
      `create ${name}`,
    );
    setError(message);
    if (message === null) {
      store.getState().selectCollection(name);
      openDialog(null);
    }
  };
  return (
    <Dialog title="New collection" testId="create-collection-dialog" onClose={() => openDialog(null)}>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label>
          Name
          <input
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            pattern="[^$\0]+"
            data-testid="new-collection-name"
          />
        </label>
        <label>
          Validator (optional, Extended JSON query or {'{"$jsonSchema": …}'})
          <textarea
            rows={3}
            value={validator}
            placeholder='{"qty": {"$gte": 0}}'
            onChange={(e) => setValidator(e.target.value)}
            spellCheck={false}
          />
        </label>
        <div className="inline-fields">
          <label>
            Default collation locale (optional)
            <input value={locale} placeholder="fr" onChange={(e) => setLocale(e.target.value)} />
          </label>
          <label>
            Strength
            <select value={strength} onChange={(e) => setStrength(e.target.value)}>
              {['1', '2', '3', '4', '5'].map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </label>
        </div>
        <label>
          Indexes (optional, array of specs)
          <textarea
            rows={2}
            value={indexes}
            placeholder='[{"key": {"sku": 1}, "unique": true}]'
            onChange={(e) => setIndexes(e.target.value)}
            spellCheck={false}
          />
        </label>
        {error !== null ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="form-actions">
          <button type="submit" className="btn primary small">
            Create
          </button>
          <button type="button" className="btn small" onClick={() => openDialog(null)}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
