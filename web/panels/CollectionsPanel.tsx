/**
 * The collections pane: one tab per collection, each document shown as the shell prints it
 * (BSON types visible), with edit / duplicate / delete, add, import, reset and "new collection".
 * Every change goes through `applyCollections`, which validates with the engine's EJSON parser
 * and records an undo step.
 */
import { useMemo, useRef, useState, type ReactNode, type UIEvent } from 'react';
import type { CollectionView } from '../../engine/worker/protocol.js';
import { PACK_THRESHOLD } from '../../engine/worker/work-requests.js';
import { perform } from '../actions/actions.js';
import { applyCollections } from '../engine/collection-actions.js';
import { errorText, request } from '../engine/worker-request.js';
import { documentRangesOf, useDocuments, type DocumentItem } from '../engine/document-ranges.js';
import { onTabListKeyDown } from './tab-keys.js';
import { usePlayground, store } from '../state/store.js';
import type { CollectionState } from '../state/types.js';
import { documentHeight, UNKNOWN_DOCUMENT_HEIGHT } from './collection/document-height.js';
import { DocumentEditor } from './DocumentEditor.js';
import { TreeView } from './TreeView.js';
import { typicalHeight, windowOf } from './windowing.js';

/** Windowing starts above this many documents (smaller collections render every card). */
const WINDOW_THRESHOLD = 40;

function replaceCollection(name: string, f: (c: CollectionState) => CollectionState): CollectionState[] {
  return store.getState().collections.map((c) => (c.name === name ? f(c) : c));
}

/** A change of a collection's documents by position. */
type Edit = (docs: readonly string[]) => readonly string[];

/**
 * The collections with one collection's documents changed by position: a large collection is
 * kept as one text (`PACK_THRESHOLD`), so its documents one by one come from the worker first.
 */
async function editDocuments(name: string, count: number, f: Edit): Promise<CollectionState[]> {
  const c = store.getState().collections.find((x) => x.name === name);
  let docs = c?.docs ?? [];
  if (docs.length !== count || count > PACK_THRESHOLD) {
    const r = await request({ type: 'documentTexts', db: store.getState().database, collection: name }, 15_000);
    if (!r.ok) throw new Error(errorText(r.error));
    docs = r.result;
  }
  return replaceCollection(name, (x) => ({ ...x, docs: [...f(docs)] }));
}

export function CollectionsPanel(): ReactNode {
  const views = usePlayground((s) => s.views);
  const selected = usePlayground((s) => s.selected);
  const selectCollection = usePlayground((s) => s.selectCollection);
  const openDialog = usePlayground((s) => s.openDialog);
  const readOnly = usePlayground((s) => s.readOnly);
  const view = views.find((v) => v.name === selected) ?? views[0];
  return (
    <section className="panel collections" data-testid="collection-pane" aria-labelledby="collections-title">
      <div className="panel-head">
        <h2 id="collections-title">Collections</h2>
        {readOnly ? null : (
          <button
            type="button"
            className="btn small"
            data-testid="new-collection"
            onClick={() => openDialog('create-collection')}
          >
            + New
          </button>
        )}
      </div>
      <div className="tabs" role="tablist" aria-label="Collections" onKeyDown={onTabListKeyDown}>
        {views.map((v) => (
          <button
            key={v.name}
            type="button"
            role="tab"
            id={`coll-tab-${v.name}`}
            aria-selected={v.name === view?.name}
            tabIndex={v.name === view?.name ? 0 : -1}
            aria-controls="collection-docs"
            data-testid={`collection-tab.${v.name}`}
            className="tab"
            onClick={() => selectCollection(v.name)}
          >
            {v.name}
            <span className="count">{v.count}</span>
          </button>
        ))}
      </div>
      {view === undefined ? (
        <p className="empty">No collections yet. Load an example or create one.</p>
      ) : (
        <CollectionBody key={view.name} view={view} readOnly={readOnly} />
      )}
    </section>
  );
}

function CollectionBody({ view, readOnly }: { view: CollectionView; readOnly: boolean }): ReactNode {
  const openDialog = usePlayground((s) => s.openDialog);
  const { win, documents, box, list, onScroll, unknown } = useDocumentWindow(view);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const edit = async (f: Edit, label: string): Promise<string | null> => {
    try {
      return await applyCollections(await editDocuments(view.name, view.count, f), label);
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  };
  const act = async (f: Edit, label: string): Promise<void> => {
    setError(await edit(f, label));
  };
  return (
    <div
      id="collection-docs"
      role="tabpanel"
      aria-labelledby={`coll-tab-${view.name}`}
      className="docs"
      ref={box}
      onScroll={onScroll}
    >
      {readOnly ? null : (
        <div className="row-actions">
          <button type="button" className="btn small" data-testid="add-document" onClick={() => setAdding(true)}>
            + Document
          </button>
          <button
            type="button"
            className="btn small"
            data-testid="import-documents"
            onClick={() => openDialog('import')}
          >
            Import…
          </button>
          <button
            type="button"
            className="btn small"
            data-testid="collection-settings-button"
            onClick={() => openDialog('collection-settings')}
          >
            Settings…
          </button>
          <button
            type="button"
            className="btn small subtle"
            data-testid="reset-collection"
            onClick={() => void perform('resetCollection')}
          >
            Reset to example
          </button>
        </div>
      )}
      {view.shardKey !== undefined ? (
        <p className="coll-shard-key" data-testid="collection-shard-key">
          Sharded, shard key <code>{view.shardKey}</code>
        </p>
      ) : null}
      {view.options !== undefined || view.indexes !== undefined ? (
        <details className="coll-meta">
          <summary>Options &amp; indexes</summary>
          {view.options !== undefined ? <pre>{view.options}</pre> : null}
          {view.indexes !== undefined ? <pre>{view.indexes}</pre> : null}
        </details>
      ) : null}
      {error !== null ? (
        <p className="form-error" role="alert" data-testid="collection-error">
          {error}
        </p>
      ) : null}
      {adding ? (
        <DocumentEditor
          initial={'{\n  "_id": ' + String(view.count + 1) + '\n}'}
          onCancel={() => setAdding(false)}
          onSave={async (text) => {
            const message = await applyCollections(
              replaceCollection(view.name, (c) => ({ ...c, docs: [...c.docs, text] })),
              'add document',
            );
            if (message === null) setAdding(false);
            return message;
          }}
        />
      ) : null}
      {view.count === 0 ? <p className="empty">This collection is empty.</p> : null}
      <ol className="doc-list" ref={list} start={win.first + 1}>
        {win.top > 0 ? <li className="doc-space" style={{ height: win.top }} aria-hidden="true" /> : null}
        {documents.map((d, i) => (
          <DocumentSlot
            key={`${win.first + i}:${d === undefined || d === 'gone' ? d : d.ejson}`}
            index={win.first + i}
            doc={d}
            loadingHeight={unknown}
            readOnly={readOnly}
            onAct={act}
            onEdit={edit}
          />
        ))}
        {win.rest > 0 ? <li className="doc-space" style={{ height: win.rest }} aria-hidden="true" /> : null}
      </ol>
    </div>
  );
}

/**
 * The documents near the scroll position: a long collection is windowed by the pane's scroll
 * offset (estimated card heights), and its documents come from the worker a page at a time.
 */
function useDocumentWindow(view: CollectionView) {
  const ranges = documentRangesOf(
    view,
    () => store.getState().database,
    () => request,
  );
  const unknown = useMemo(
    () => typicalHeight(view.documents, (d) => documentHeight(d.tree), UNKNOWN_DOCUMENT_HEIGHT),
    [view],
  );
  const box = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const [scroll, setScroll] = useState({ top: 0, viewport: 800 });
  const onScroll = (e: UIEvent<HTMLDivElement>): void => {
    const el = e.currentTarget;
    // The list starts below the pane's buttons and notes: its own offset counts from there.
    const at = list.current === null ? 0 : list.current.getBoundingClientRect().top - el.getBoundingClientRect().top;
    setScroll({ top: Math.max(0, -at), viewport: el.clientHeight || 800 });
  };
  const height = (i: number): number => {
    const d = ranges.item(i);
    return d === undefined || d === 'gone' ? unknown : documentHeight(d.tree);
  };
  const win =
    view.count <= WINDOW_THRESHOLD
      ? { first: 0, last: view.count, top: 0, rest: 0 }
      : windowOf(view.count, height, scroll.top, scroll.viewport);
  const documents = useDocuments(ranges, win.first, win.last);
  return { win, documents, box, list, onScroll, unknown };
}

/** A document card, or its place while it is on its way. */
function DocumentSlot(props: {
  index: number;
  doc: DocumentItem;
  loadingHeight: number;
  readOnly: boolean;
  onAct: (f: Edit, label: string) => Promise<void>;
  onEdit: (f: Edit, label: string) => Promise<string | null>;
}): ReactNode {
  const { doc, loadingHeight, ...rest } = props;
  if (doc === undefined)
    return <li className="doc-card loading" aria-busy="true" style={{ height: loadingHeight - 8 }} />;
  if (doc === 'gone')
    return (
      <li className="doc-card loading" data-testid="document-gone">
        This document could not be loaded from the engine.
      </li>
    );
  return <DocumentCard {...rest} doc={doc} />;
}

function DocumentCard({
  index,
  doc,
  readOnly,
  onAct,
  onEdit,
}: {
  index: number;
  doc: CollectionView['documents'][number];
  readOnly: boolean;
  onAct: (f: Edit, label: string) => Promise<void>;
  onEdit: (f: Edit, label: string) => Promise<string | null>;
}): ReactNode {
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <li className="doc-card editing">
        <DocumentEditor
          initial={doc.ejson}
          onCancel={() => setEditing(false)}
          onSave={async (text) => {
            const message = await onEdit((docs) => docs.map((x, i) => (i === index ? text : x)), 'edit document');
            if (message === null) setEditing(false);
            return message;
          }}
        />
      </li>
    );
  }
  return (
    <li className="doc-card" data-testid="document">
      <TreeView node={doc.tree} />
      {readOnly ? null : (
        <div className="doc-actions">
          <button
            type="button"
            className="btn tiny"
            data-testid="edit-document"
            aria-label={`Edit document ${index + 1}`}
            onClick={() => setEditing(true)}
          >
            Edit
          </button>
          <button
            type="button"
            className="btn tiny"
            aria-label={`Duplicate document ${index + 1}`}
            data-testid="duplicate-document"
            onClick={() =>
              void onAct(
                (docs) => [...docs.slice(0, index + 1), withoutId(doc.ejson), ...docs.slice(index + 1)],
                'duplicate document',
              )
            }
          >
            Duplicate
          </button>
          <button
            type="button"
            className="btn tiny danger"
            aria-label={`Delete document ${index + 1}`}
            data-testid="delete-document"
            onClick={() => void onAct((docs) => docs.filter((_, i) => i !== index), 'delete document')}
          >
            Delete
          </button>
        </div>
      )}
    </li>
  );
}

/** A duplicate gets a fresh `_id` from the engine: the copy simply leaves `_id` out. */
function withoutId(ejson: string): string {
  return ejson.replace(/^\{\s*"_id":\s*(\{[^{}]*\}|[^,\n{}]+),?/, '{');
}
