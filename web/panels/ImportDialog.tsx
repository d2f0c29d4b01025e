/**
 * Import documents into a collection, pasted or read from a file: documents in mongosh syntax or
 * Extended JSON (an array, mongosh's printed output, or mongoexport's one document per line), or a
 * CSV / TSV table with a header row whose column types are shown and can be changed.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { applyCollections } from '../engine/collection-actions.js';
import { errorText, request, RUN_TIMEOUT_MS } from '../engine/worker-request.js';
import {
  COLUMN_TYPES,
  COLUMN_TYPE_LABELS,
  inferTypes,
  looksLikeTable,
  parseTable,
  type ColumnType,
} from '../import/csv.js';
import { describeTextError } from '../import/documents.js';
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

/**
 * Text longer than this is not put in the text box (laying out megabytes of text blocks the page
 * for seconds): the dialog says how much there is, and the columns of a table are read from its
 * first rows only.
 */
const LARGE_TEXT = 256 * 1024;
const SAMPLE_ROWS = 200;

/** The first `SAMPLE_ROWS` lines of a large table (its header and enough rows to show the columns). */
function sampleOf(text: string): string {
  if (text.length <= LARGE_TEXT) return text;
  let end = 0;
  for (let i = 0; i <= SAMPLE_ROWS && end >= 0; i++) end = text.indexOf('\n', end + 1);
  return end < 0 ? text : text.slice(0, end);
}

function sizeText(chars: number): string {
  return chars >= 1024 * 1024 ? `${(chars / 1024 / 1024).toFixed(1)} MB` : `${Math.round(chars / 1024)} KB`;
}

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
  const large = text.length > LARGE_TEXT;
  const table = useMemo(
    () => (effective === 'documents' ? null : parseTable(sampleOf(text), effective === 'tsv' ? '\t' : ',')),
    [text, effective],
  );
  const inferred = useMemo(() => (table?.ok ? inferTypes(table.table) : []), [table]);
  const types = table?.ok ? table.table.header.map((h, i) => chosen[h] ?? inferred[i] ?? 'string') : [];

  const [busy, setBusy] = useState(false);
  const submit = async (): Promise<void> => {
    if (table !== null && !table.ok) return setError(table.message);
    setBusy(true);
    try {
      await importText();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  // The worker reads the text (documents or the table with the types shown here), off the page's thread.
  const importText = async (): Promise<void> => {
    const shownTypes = table?.ok === true ? Object.fromEntries(table.table.header.map((h, i) => [h, types[i]!])) : {};
    const r = await request({ type: 'parseImport', text, format: effective, types: shownTypes }, RUN_TIMEOUT_MS);
    if (!r.ok) return setError(errorText(r.error));
    if (!r.result.ok) {
      const e = r.result;
      return setError(
        e.line !== undefined && e.column !== undefined
          ? describeTextError({ ...e, line: e.line, column: e.column })
          : e.message,
      );
    }
    const docs = r.result.texts;
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
          {large ? (
            <span className="import-large" data-testid="import-large">
              {sizeText(text.length)} of text ({text.slice(0, 80).split('\n', 1)[0]}…), too long to show here.{' '}
              <button type="button" className="btn tiny" onClick={() => setText('')}>
                Clear
              </button>
            </span>
          ) : (
            <textarea
              data-testid="import-text"
              rows={10}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onPaste={(e) => {
                // A large paste never enters the text box: the browser would lay it all out first.
                const pasted = e.clipboardData.getData('text/plain');
                if (pasted.length <= LARGE_TEXT) return;
                e.preventDefault();
                const box = e.currentTarget;
                setText(box.value.slice(0, box.selectionStart) + pasted + box.value.slice(box.selectionEnd));
              }}
              spellCheck={false}
            />
          )}
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
              {large
                ? `Columns — types inferred from the first ${table.table.rows.length} rows; change any. Empty cells are left out.`
                : `Columns (${table.table.rows.length} rows) — types inferred from the cells; change any. Empty cells are left out.`}
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
          <button type="submit" className="btn primary small" data-testid="import-submit" disabled={busy}>
            {busy ? 'Importing…' : 'Import'}
          </button>
          <button type="button" className="btn small" onClick={() => openDialog(null)}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
