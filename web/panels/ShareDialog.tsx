/** Share link (state in the URL fragment), embed snippet and mongosh export. */
import { useEffect, useState, type ReactNode } from 'react';
import { toShareState } from '../engine/convert.js';
import { exportMongoshScript } from '../export/index.js';
import { embedSnippet, shareUrl } from '../share/index.js';
import { store, usePlayground } from '../state/store.js';
import { LONG_LINK_CHARACTERS, linkLength } from '../share/link-length.js';
import { Dialog } from './Dialog.js';
import { WorkFileBlock } from './WorkFileBlock.js';

function currentState() {
  const s = store.getState();
  return toShareState(s.database, s.collections, s.command, s.scenarioId, s.deployment);
}

function baseAddress(): string {
  const url = new URL(window.location.href);
  url.hash = '';
  url.searchParams.delete('embed');
  url.searchParams.delete('readonly');
  return url.href;
}

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function ShareDialog(): ReactNode {
  const openDialog = usePlayground((s) => s.openDialog);
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [readOnly, setReadOnly] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => {
    shareUrl(baseAddress(), currentState()).then(setUrl, (e: unknown) =>
      setError(e instanceof Error ? e.message : String(e)),
    );
  }, []);
  const snippet = url === null ? '' : embedSnippet(url, { readOnly });
  let script = '';
  let exportError: string | null = null;
  try {
    script = exportMongoshScript(currentState());
  } catch (e) {
    // Shown as text, never put into the script: the message may quote a user's names.
    exportError = e instanceof Error ? e.message : String(e);
  }
  const copyButton = (what: string, text: string, testId: string): ReactNode => (
    <button
      type="button"
      className="btn small"
      data-testid={testId}
      onClick={() => void copy(text).then((ok) => setCopied(ok ? what : `${what} (select and copy by hand)`))}
    >
      Copy
    </button>
  );
  return (
    <Dialog title="Share & export" testId="share-dialog" onClose={() => openDialog(null)} wide>
      {error !== null ? <p className="form-error">{error}</p> : null}
      <section className="share-block">
        <h3>Link</h3>
        <p className="muted">
          The collections and the command travel in the link itself (compressed, after #). Nothing is uploaded.
        </p>
        <div className="copy-row">
          <input
            readOnly
            aria-label="Share link"
            data-testid="share-url"
            value={url ?? 'Encoding…'}
            onFocus={(e) => e.currentTarget.select()}
          />
          {url !== null ? copyButton('link', url, 'copy-share-url') : null}
        </div>
        {url !== null ? <LinkLengthNote url={url} /> : null}
      </section>
      <section className="share-block">
        <h3>Embed</h3>
        <label className="check">
          <input type="checkbox" checked={readOnly} onChange={(e) => setReadOnly(e.target.checked)} /> Read-only (no
          editing or running)
        </label>
        <div className="copy-row">
          <textarea readOnly aria-label="Embed snippet" data-testid="embed-snippet" rows={3} value={snippet} />
          {copyButton('embed snippet', snippet, 'copy-embed')}
        </div>
      </section>
      <section className="share-block">
        <h3>Export as a mongosh script</h3>
        <p className="muted">
          Recreates the collections and runs the command against a real MongoDB (use a test deployment).
        </p>
        {exportError !== null ? (
          <p className="notice notice-error" role="alert">
            The script cannot be written: {exportError}
          </p>
        ) : null}
        <pre className="code export" data-testid="export-script" tabIndex={0}>
          {script}
        </pre>
        <div className="form-actions">
          {copyButton('script', script, 'copy-export')}
          <a
            className="btn small"
            download="upsert-lab.mongosh.js"
            href={`data:text/javascript;charset=utf-8,${encodeURIComponent(script)}`}
          >
            Download .js
          </a>
        </div>
      </section>
      <WorkFileBlock />
      <p className="muted" aria-live="polite">
        {copied !== null ? `Copied the ${copied}.` : ''}
      </p>
    </Dialog>
  );
}

function LinkLengthNote({ url }: { url: string }): ReactNode {
  const { characters, tooLong } = linkLength(url);
  const limit = LONG_LINK_CHARACTERS.toLocaleString('en');
  return tooLong ? (
    <p className="notice notice-info" data-testid="share-too-long" role="status">
      This link is {characters.toLocaleString('en')} characters long, too long for some chat tools: Discord refuses
      messages over {limit} characters, and some mail clients and link previews cut links past about {limit}. Check that
      it opens, or share the mongosh script or your work as a file below.
    </p>
  ) : (
    <p className="muted" data-testid="share-length">
      {characters.toLocaleString('en')} characters: short enough for chat tools (the strictest, Discord, takes {limit}).
    </p>
  );
}
