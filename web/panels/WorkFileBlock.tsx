/**
 * The saved work as a file: download it (Extended JSON, the share-link state format) and open such
 * a file again. Opening keeps the current work as the previous work (toolbar "Previous work").
 */
import { useState, type ReactNode } from 'react';
import { openWorkspaceFile, workToDownload } from '../engine/saved-work.js';
import { downloadWorkspace } from '../saved/file.js';

export function WorkFileBlock(): ReactNode {
  const [error, setError] = useState<string | null>(null);
  return (
    <section className="share-block">
      <h3>Your work as a file</h3>
      <p className="muted">
        Your work is saved in this browser (IndexedDB). Download it as Extended JSON to keep a copy or move it to
        another browser; open such a file to bring it back.
      </p>
      <div className="form-actions">
        <button
          type="button"
          className="btn small"
          data-testid="download-workspace"
          onClick={() => void workToDownload().then(downloadWorkspace)}
        >
          Download (.json)
        </button>
        <label className="btn small">
          Open a file…
          <input
            type="file"
            accept="application/json,.json"
            data-testid="open-workspace"
            className="sr-only"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file !== undefined) {
                void file
                  .text()
                  .then(openWorkspaceFile)
                  .then(setError, (err: unknown) => setError(err instanceof Error ? err.message : String(err)));
              }
            }}
          />
        </label>
      </div>
      {error !== null ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
