/**
 * One document's text, edited in mongosh syntax or Extended JSON. The engine's shell parser reads
 * it (web/import/documents.ts); an error names the line and column in this text and puts the caret
 * there.
 */
import { useRef, useState, type ReactNode } from 'react';
import { describeTextError, documentTexts, offsetOf } from '../import/documents.js';

export function DocumentEditor({
  initial,
  onSave,
  onCancel,
}: {
  initial: string;
  /** Receives the document as typed Extended JSON; resolves to an error message or null. */
  onSave: (ejson: string) => Promise<string | null>;
  onCancel: () => void;
}): ReactNode {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const submit = (): void => {
    const parsed = documentTexts(text);
    if (!parsed.ok) {
      setError(describeTextError(parsed));
      const at = offsetOf(text, parsed.line, parsed.column);
      area.current?.focus();
      area.current?.setSelectionRange(at, at);
      return;
    }
    if (parsed.docs.length !== 1) {
      setError(`Write exactly one document here (found ${parsed.docs.length}); Import takes several.`);
      return;
    }
    setBusy(true);
    void onSave(parsed.docs[0] as string).then((message) => {
      setBusy(false);
      setError(message);
    });
  };
  return (
    <form
      className="doc-editor"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label className="sr-only" htmlFor="doc-editor-text">
        Document (mongosh syntax or Extended JSON)
      </label>
      <textarea
        id="doc-editor-text"
        ref={area}
        data-testid="document-editor"
        value={text}
        spellCheck={false}
        rows={Math.min(18, Math.max(4, text.split('\n').length + 1))}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onCancel();
          if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') {
            e.preventDefault();
            submit();
          }
        }}
        autoFocus
      />
      <p className="hint">
        mongosh syntax ({'{qty: 5, at: ISODate("2024-01-01"), n: NumberLong(7)}'}) or Extended JSON (5 is an int, 5.0 a
        double).
      </p>
      {error !== null ? (
        <p className="form-error" role="alert" data-testid="document-error">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="btn primary small" data-testid="save-document" disabled={busy}>
          Save
        </button>
        <button type="button" className="btn small" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
