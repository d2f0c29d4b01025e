/**
 * The selected collection's settings, changed with the engine's own commands: rename
 * (renameCollection), delete (drop), validator and validation (collMod), indexes (createIndexes /
 * dropIndexes). A collation cannot be changed by collMod on a real server, so the dialog says so
 * and offers to re-create the collection with the new collation (documents and indexes kept).
 */
import { useState, type ReactNode } from 'react';
import { parseEJSON } from '../../engine/bson/ejson.js';
import { isDoc, type Doc, type Value } from '../../engine/bson/values.js';
import { defaultIndexName } from '../../engine/catalog/index-definition.js';
import { typedEJSON } from '../../engine/worker/views.js';
import { applyCollections, collectionCommands } from '../engine/collection-actions.js';
import { describeTextError, documentTexts } from '../import/documents.js';
import { store, usePlayground } from '../state/store.js';
import { Dialog } from './Dialog.js';

function parsed(text: string | undefined): Value | undefined {
  if (text === undefined) return undefined;
  try {
    return parseEJSON(text);
  } catch {
    return undefined;
  }
}

/** One document typed in mongosh syntax or EJSON ('' = none), as EJSON text, or an error. */
function oneDocument(text: string, what: string): { ejson: string | null } | { error: string } {
  if (text.trim() === '') return { ejson: null };
  const r = documentTexts(text);
  if (!r.ok) return { error: `${what}: ${describeTextError(r)}` };
  if (r.docs.length !== 1) return { error: `${what}: write one document` };
  return { ejson: r.docs[0] as string };
}

export function CollectionSettingsDialog(): ReactNode {
  const openDialog = usePlayground((s) => s.openDialog);
  const name = usePlayground((s) => s.selected);
  const views = usePlayground((s) => s.views);
  const database = usePlayground((s) => s.database);
  const view = views.find((v) => v.name === name);
  const close = (): void => openDialog(null);
  if (view === undefined) {
    return (
      <Dialog title="Collection" testId="collection-settings" onClose={close}>
        <p className="muted">No collection is selected.</p>
      </Dialog>
    );
  }
  const options = parsed(view.options);
  const optionsDoc: Doc = isDoc(options) ? options : new Map();
  const indexList = parsed(view.indexes);
  return (
    <Dialog title={`Collection ${view.name}`} testId="collection-settings" onClose={close} wide>
      <RenameSection key={`r-${view.name}`} name={view.name} database={database} />
      <ValidationSection key={`v-${view.name}`} name={view.name} database={database} options={optionsDoc} />
      <IndexesSection
        key={`i-${view.name}`}
        name={view.name}
        database={database}
        indexes={Array.isArray(indexList) ? indexList.filter(isDoc) : []}
      />
      <CollationSection key={`c-${view.name}`} name={view.name} options={optionsDoc} />
      <DropSection key={`d-${view.name}`} name={view.name} database={database} />
    </Dialog>
  );
}

function useAction(): [string | null, boolean, (f: () => Promise<string | null>) => Promise<string | null>] {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const act = async (f: () => Promise<string | null>): Promise<string | null> => {
    setBusy(true);
    const message = await f();
    setBusy(false);
    setError(message);
    return message;
  };
  return [error, busy, act];
}

function FormError({ error }: { error: string | null }): ReactNode {
  return error === null ? null : (
    <p className="form-error" role="alert" data-testid="collection-settings-error">
      {error}
    </p>
  );
}

function RenameSection({ name, database }: { name: string; database: string }): ReactNode {
  const [to, setTo] = useState(name);
  const [error, busy, act] = useAction();
  return (
    <form
      className="form settings-section"
      onSubmit={(e) => {
        e.preventDefault();
        void act(async () => {
          const message = await collectionCommands(
            [
              {
                db: 'admin',
                command: JSON.stringify({ renameCollection: `${database}.${name}`, to: `${database}.${to}` }),
              },
            ],
            `rename ${name} to ${to}`,
          );
          if (message === null) store.getState().selectCollection(to);
          return message;
        });
      }}
    >
      <h3>Name</h3>
      <div className="inline-fields">
        <label>
          New name
          <input data-testid="rename-collection-input" value={to} onChange={(e) => setTo(e.target.value)} required />
        </label>
        <button type="submit" className="btn small" data-testid="rename-collection" disabled={busy || to === name}>
          Rename
        </button>
      </div>
      <FormError error={error} />
    </form>
  );
}

function ValidationSection({ name, database, options }: { name: string; database: string; options: Doc }): ReactNode {
  const validator = options.get('validator');
  const [text, setText] = useState(isDoc(validator) ? typedEJSON(validator) : '');
  const [level, setLevel] = useState(String(options.get('validationLevel') ?? 'strict'));
  const [action, setAction] = useState(String(options.get('validationAction') ?? 'error'));
  const [error, busy, act] = useAction();
  return (
    <form
      className="form settings-section"
      onSubmit={(e) => {
        e.preventDefault();
        void act(async () => {
          const v = oneDocument(text, 'Validator');
          if ('error' in v) return v.error;
          const command = `{"collMod": ${JSON.stringify(name)}, "validator": ${v.ejson ?? '{}'}, "validationLevel": ${JSON.stringify(level)}, "validationAction": ${JSON.stringify(action)}}`;
          return collectionCommands([{ db: database, command }], `change the validator of ${name}`);
        });
      }}
    >
      <h3>Validator</h3>
      <label>
        Validator (a query document, e.g. {'{qty: {$lte: 100}}'} or {'{$jsonSchema: {…}}'}; empty for none)
        <textarea
          data-testid="validator-text"
          rows={4}
          value={text}
          spellCheck={false}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <div className="inline-fields">
        <label>
          Level
          <select value={level} onChange={(e) => setLevel(e.target.value)}>
            <option value="strict">strict</option>
            <option value="moderate">moderate</option>
            <option value="off">off</option>
          </select>
        </label>
        <label>
          Action
          <select value={action} onChange={(e) => setAction(e.target.value)}>
            <option value="error">error</option>
            <option value="warn">warn</option>
          </select>
        </label>
        <button type="submit" className="btn small" data-testid="save-validator" disabled={busy}>
          Apply (collMod)
        </button>
      </div>
      <FormError error={error} />
    </form>
  );
}

function IndexesSection({ name, database, indexes }: { name: string; database: string; indexes: Doc[] }): ReactNode {
  const [key, setKey] = useState('');
  const [unique, setUnique] = useState(false);
  const [error, busy, act] = useAction();
  const drop = (index: string): void => {
    void act(() =>
      collectionCommands(
        [{ db: database, command: JSON.stringify({ dropIndexes: name, index }) }],
        `drop index ${index}`,
      ),
    );
  };
  return (
    <form
      className="form settings-section"
      onSubmit={(e) => {
        e.preventDefault();
        void act(async () => {
          const k = oneDocument(key, 'Index key');
          if ('error' in k) return k.error;
          if (k.ejson === null) return 'Index key: write the key pattern, e.g. {qty: 1}';
          const parsedKey = parseEJSON(k.ejson);
          if (!isDoc(parsedKey)) return 'Index key: write a document';
          const indexName = defaultIndexName(parsedKey);
          const command = `{"createIndexes": ${JSON.stringify(name)}, "indexes": [{"key": ${k.ejson}, "name": ${JSON.stringify(indexName)}${unique ? ', "unique": true' : ''}}]}`;
          const message = await collectionCommands([{ db: database, command }], `create index on ${name}`);
          if (message === null) setKey('');
          return message;
        });
      }}
    >
      <h3>Indexes</h3>
      <ul className="index-list" data-testid="index-list">
        <li>
          <code>_id_</code> <span className="muted">{'{ _id: 1 }'} (always there)</span>
        </li>
        {indexes.map((ix) => {
          const indexName = String(ix.get('name') ?? '');
          return (
            <li key={indexName}>
              <code>{indexName}</code> <span className="muted">{typedEJSON(ix.get('key') ?? null, 0)}</span>
              {ix.get('unique') === true ? <span className="badge">unique</span> : null}
              <button
                type="button"
                className="btn tiny danger"
                data-testid={`drop-index.${indexName}`}
                aria-label={`Drop index ${indexName}`}
                onClick={() => drop(indexName)}
                disabled={busy}
              >
                Drop
              </button>
            </li>
          );
        })}
      </ul>
      <div className="inline-fields">
        <label>
          New index key
          <input
            data-testid="index-key"
            placeholder="{qty: 1, item: -1}"
            value={key}
            spellCheck={false}
            onChange={(e) => setKey(e.target.value)}
          />
        </label>
        <label className="check">
          <input type="checkbox" checked={unique} onChange={(e) => setUnique(e.target.checked)} /> unique
        </label>
        <button type="submit" className="btn small" data-testid="create-index" disabled={busy}>
          Create index
        </button>
      </div>
      <FormError error={error} />
    </form>
  );
}

function CollationSection({ name, options }: { name: string; options: Doc }): ReactNode {
  const current = options.get('collation');
  const [text, setText] = useState(isDoc(current) ? typedEJSON(current, 0) : '');
  const [error, busy, act] = useAction();
  return (
    <form
      className="form settings-section"
      onSubmit={(e) => {
        e.preventDefault();
        void act(async () => {
          const c = oneDocument(text, 'Collation');
          if ('error' in c) return c.error;
          const collections = store.getState().collections;
          const next = collections.map((col) => {
            if (col.name !== name) return col;
            const opts = parsed(col.options);
            const doc: Doc = isDoc(opts) ? new Map(opts) : new Map();
            if (c.ejson === null) doc.delete('collation');
            else doc.set('collation', parseEJSON(c.ejson));
            const { options: _old, ...rest } = col;
            return doc.size === 0 ? rest : { ...rest, options: typedEJSON(doc) };
          });
          return applyCollections(next, `re-create ${name} with a new collation`);
        });
      }}
    >
      <h3>Collation</h3>
      <p className="muted">
        A collection&apos;s default collation is fixed when it is created: MongoDB&apos;s collMod cannot change it.
        Re-create the collection with another one here — its documents and indexes are copied into the new collection
        (indexes without their own collation take the new default).
      </p>
      <div className="inline-fields">
        <label>
          Collation (empty: simple binary comparison)
          <input
            data-testid="collation-text"
            placeholder='{locale: "fr", strength: 1}'
            value={text}
            spellCheck={false}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        <button type="submit" className="btn small" data-testid="recreate-collection" disabled={busy}>
          Re-create with this collation
        </button>
      </div>
      <FormError error={error} />
    </form>
  );
}

function DropSection({ name, database }: { name: string; database: string }): ReactNode {
  const [confirming, setConfirming] = useState(false);
  const [error, busy, act] = useAction();
  const drop = (): void => {
    void act(async () => {
      const message = await collectionCommands(
        [{ db: database, command: JSON.stringify({ drop: name }) }],
        `delete collection ${name}`,
      );
      if (message === null) {
        store.getState().selectCollection(store.getState().views[0]?.name ?? '');
        store.getState().openDialog(null);
      }
      return message;
    });
  };
  return (
    <div className="form settings-section">
      <h3>Delete</h3>
      {confirming ? (
        <div className="inline-fields">
          <span>Delete {name} and its documents? Undo brings it back.</span>
          <button
            type="button"
            className="btn small danger"
            data-testid="confirm-drop-collection"
            onClick={drop}
            disabled={busy}
          >
            Delete {name}
          </button>
          <button type="button" className="btn small" onClick={() => setConfirming(false)}>
            Keep it
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="btn small danger"
          data-testid="drop-collection"
          onClick={() => setConfirming(true)}
        >
          Delete collection…
        </button>
      )}
      <FormError error={error} />
    </div>
  );
}
