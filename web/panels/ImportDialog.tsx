/**
 * Import documents into a collection, pasted or read from a file: documents in mongosh syntax or
 * Extended JSON (an array, mongosh's printed output, or mongoexport's one document per line), or a
 * CSV / TSV table with a header row whose column types are shown and can be changed.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { applyCollections } from '../engine/controller.js';
import {
  COLUMN_TYPES,
  COLUMN_TYPE_LABELS,
  inferTypes,
  looksLikeTable,
  parseTable,
  tableDocuments,
  type ColumnType,
} from '../import/csv.js';
import { describeTextError, documentTexts } from '../import/documents.js';
import { store, usePlayground } from '../state/store.js';
import type { CollectionState } from '../state/types.js';
import { Dialog } from './Dialog.js';

type Format = 'detect' | 'documents' | 'csv' | 'tsv';

const FORMAT_LABELS: Readonly<Record<Format, string>> = {
  detect: 'Detect',
  documents: 'Documents (mongosh, Extended JSON, mongoexport)',
  csv: 'CSV with a header row',
  tsv: 'TSV with a header row',
};

/** The format a file's name announces, if any. */
function formatOfFile(name: string): Format {
  if (/\.csv$/i.test(name)) return 'csv';
  if (/\.(tsv|tab)$/i.test(name)) return 'tsv';
  return 'detect';
}

export function ImportDialog(): ReactNode {
  const openDialog = usePlayground((s) => s.openDialog);
  const selected = usePlayground((s) => s.selected);
  const [name, setName] = useState(selected ?? 'imported');
  const [text, setText] = useState('');
  const [format, setFormat] = useState<Format>('detect');
  const [replace, setReplace] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Types the user chose, by column name (the rest are inferred). */
  const [chosen, setChosen] = useState<Readonly<Record<string, ColumnType>>>({});
  const effective: Exclude<Format, 'detect'> =
    format !== 'detect'
      ? format
      : looksLikeTable(text)
        ? text.split('\n', 1)[0]?.includes('\t')
          ? 'tsv'
          : 'csv'
        : 'documents';
  const table = useMemo(
    () => (effective === 'documents' ? null : parseTable(text, effective === 'tsv' ? '\t' : ',')),
    [text, effective],
  );
  const inferred = useMemo(() => (table?.ok ? inferTypes(table.table) : []), [table]);
  const types = table?.ok ? table.table.header.map((h, i) => chosen[h] ?? inferred[i] ?? 'string') : [];

  const submit = async (): Promise<void> => {
    let docs: readonly string[];
    if (table === null) {
      const parsed = documentTexts(text);
      if (!parsed.ok) return setError(describeTextError(parsed));
      docs = parsed.docs;
    } else {
      if (!table.ok) return setError(table.message);
      const rows = tableDocuments(table.table, types);
      if (!rows.ok) return setError(rows.message);
      docs = rows.docs;
    }
    const collections = store.getState().collections;
    const existing = collections.find((c) => c.name === name);
    const next: CollectionState[] =
      existing === undefined
        ? [...collections, { name, docs: [...docs] }]
        : collections.map((c) => (c.name === name ? { ...c, docs: replace ? [...docs] : [...c.docs, ...docs] } : c));
    const message = await applyCollections(next, `import into ${name}`);
    setError(message);
    if (message === null) {
      store.getState().selectCollection(name);
      openDialog(null);
    }
  };
  return (
    <Dialog title="Import documents" testId="import-dialog" onClose={() => openDialog(null)} wide>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label>
          Collection
          <input value={name} onChange={(e) => setName(e.target.value)} required data-autofocus />
        </label>
        <label>
          Format
          <select data-testid="import-format" value={format} onChange={(e) => setFormat(e.target.value as Format)}>
            {(Object.keys(FORMAT_LABELS) as Format[]).map((f) => (
              <option key={f} value={f}>
                {f === 'detect' && text.trim() !== '' ? `Detect (${FORMAT_LABELS[effective]})` : FORMAT_LABELS[f]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Data — paste mongosh output ({'{ _id: ObjectId("…"), qty: 5 }'}), Extended JSON, one document per line, or a
          table
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
            accept=".json,.jsonl,.ndjson,.txt,.js,.csv,.tsv,application/json,text/csv"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file === undefined) return;
              setFormat(formatOfFile(file.name));
              void file.text().then(setText);
            }}
          />
        </label>
        {table?.ok === true ? (
          <fieldset className="import-columns" data-testid="import-columns">
            <legend>
              Columns ({table.table.rows.length} rows) — types inferred from the cells; change any. Empty cells are left
              out.
            </legend>
            <table>
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">Type</th>
                  <th scope="col">First value</th>
                </tr>
              </thead>
              <tbody>
                {table.table.header.map((h, i) => (
                  <tr key={h}>
                    <th scope="row">{h}</th>
                    <td>
                      <select
                        aria-label={`Type of ${h}`}
                        data-testid={`import-type.${h}`}
                        value={types[i]}
                        onChange={(e) => setChosen({ ...chosen, [h]: e.target.value as ColumnType })}
                      >
                        {COLUMN_TYPES.map((t) => (
                          <option key={t} value={t}>
                            {COLUMN_TYPE_LABELS[t]}
                            {t === inferred[i] ? ' (inferred)' : ''}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td className="mono">{table.table.rows.find((r) => (r[i] ?? '').trim() !== '')?.[i] ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </fieldset>
        ) : null}
        <label className="check">
          <input type="checkbox" checked={replace} onChange={(e) => setReplace(e.target.checked)} /> Replace the
          collection&apos;s documents
        </label>
        {error !== null ? (
          <p className="form-error" role="alert" data-testid="import-error">
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
