/** The oplog pane: each entry the run wrote, in words and as Extended JSON; hover links to the diff. */
import type { ReactNode } from 'react';
import { usePlayground } from '../state/store.js';

const OP_LABEL: Readonly<Record<string, string>> = { u: 'update', i: 'insert', d: 'delete', c: 'command', n: 'no-op' };

export function OplogPanel(): ReactNode {
  const shown = usePlayground((s) => s.shown);
  const setHoveredId = usePlayground((s) => s.setHoveredId);
  const setInspectTab = usePlayground((s) => s.setInspectTab);
  const entries = shown?.run.oplog ?? [];
  return (
    <div className="oplog-scroll" data-testid="oplog-pane">
      {shown === null ? (
        <p className="empty">
          The oplog entries a run writes appear here ($v:2 deltas for updates, whole documents for inserts).
        </p>
      ) : shown.run.noOplog === 'standalone' ? (
        <p className="empty" data-testid="oplog-standalone">
          A standalone server keeps no oplog: only replica set members (and the shards of a cluster) record their writes
          in <code>local.oplog.rs</code>, which is what replication and change streams read. Choose Replica set in the
          deployment menu to see the entries this script writes.
        </p>
      ) : entries.length === 0 ? (
        <p className="empty">
          {shown.kind === 'preview' ? 'This preview' : 'This run'} writes no oplog entry (nothing changed).
        </p>
      ) : (
        <ol className="oplog-list" onMouseLeave={() => setHoveredId(null)}>
          {entries.map((e, i) => (
            <li
              key={i}
              className="oplog-entry"
              data-testid="oplog-entry"
              data-op={e.op}
              onMouseEnter={() => setHoveredId(e.id ?? null)}

              onFocus={() => setHoveredId(e.id ?? null)}
              tabIndex={0}
            >
              <div className="oplog-head">
                <span className={`op op-${e.op}`}>{e.op}</span>
                <span>{OP_LABEL[e.op] ?? e.op}</span>
                <code>{e.ns}</code>
                {e.id !== undefined ? <code className="muted">_id {e.id}</code> : null}
                {e.id !== undefined && e.op === 'u' ? (
                  <button
                    type="button"
                    className="btn tiny"
                    data-testid="oplog-show-diff"
                    onClick={() => {
                      setHoveredId(e.id ?? null);
                      setInspectTab('diff');
                    }}
                  >
                    Show in diff
                  </button>
                ) : null}
              </div>
              <ul className="explain">
                {e.explanation.map((line, j) => (
                  <li key={j}>{line}</li>
                ))}
              </ul>
              <details>
                <summary>Extended JSON</summary>
                <pre className="code" tabIndex={0}>
                  {e.text}
                </pre>
              </details>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
