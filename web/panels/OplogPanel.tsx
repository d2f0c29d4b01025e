/**
 * The oplog pane: each entry the run wrote, in words and as Extended JSON; hover links to the diff.
 * Entries come from the worker by range and long lists are windowed by scroll offset.
 */
import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { OplogEntryView } from '../../engine/worker/protocol.js';
import { rangesOf, useRunItems } from '../engine/run-ranges.js';
import { usePlayground } from '../state/store.js';
import { GoneNote } from './DiffPanel.js';
import { typicalHeight, useScrollPosition, windowOf } from './windowing.js';

/** Estimated heights (px): an entry not loaded yet, and one line of an entry's explanation. */
const UNKNOWN_ENTRY_HEIGHT = 110;
const ENTRY_BASE_HEIGHT = 72;
const LINE_HEIGHT = 20;

/** Windowing starts above this many entries. */
const WINDOW_THRESHOLD = 50;

function entryHeight(e: OplogEntryView | 'gone' | undefined, unknown = UNKNOWN_ENTRY_HEIGHT): number {
  return e === undefined || e === 'gone' ? unknown : ENTRY_BASE_HEIGHT + LINE_HEIGHT * e.explanation.length;
}

const OP_LABEL: Readonly<Record<string, string>> = { u: 'update', i: 'insert', d: 'delete', c: 'command', n: 'no-op' };

export function OplogPanel(): ReactNode {
  const shown = usePlayground((s) => s.shown);
  const setHoveredId = usePlayground((s) => s.setHoveredId);
  const setInspectTab = usePlayground((s) => s.setInspectTab);
  const run = shown?.run;
  const ranges = run === undefined ? undefined : rangesOf(run);
  useSyncExternalStore(ranges?.subscribe ?? noSubscribe, ranges?.snapshot ?? zero);
  const count = run?.counts.oplog ?? 0;
  const [scroll, onScroll] = useScrollPosition();
  const unknown = useMemo(
    () => typicalHeight(run?.first.oplog ?? [], (e) => entryHeight(e), UNKNOWN_ENTRY_HEIGHT),
    [run],
  );
  const win =
    count <= WINDOW_THRESHOLD
      ? { first: 0, last: count, top: 0, rest: 0 }
      : windowOf(count, (i) => entryHeight(ranges?.item('oplog', i), unknown), scroll.top, scroll.viewport);
  const entries = useRunItems(run, 'oplog', win.first, win.last);
  return (
    <div className="oplog-scroll" data-testid="oplog-pane" onScroll={onScroll}>
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
      ) : count === 0 ? (
        <p className="empty">
          {shown.kind === 'preview' ? 'This preview' : 'This run'} writes no oplog entry (nothing changed).
        </p>
      ) : (
        <ol
          className="oplog-list"
          start={win.first + 1}
          style={{ paddingTop: win.top, paddingBottom: win.rest }}
          onMouseLeave={() => setHoveredId(null)}
        >
          {entries.map((e, i) =>
            e === undefined ? (
              <li
                key={win.first + i}
                className="oplog-entry loading"
                style={{ height: unknown, flexShrink: 0 }}
                aria-busy="true"
              />
            ) : e === 'gone' ? (
              <li key={win.first + i}>
                <GoneNote />
              </li>
            ) : (
              <li
                key={win.first + i}
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
            ),
          )}
        </ol>
      )}
    </div>
  );
}

const noSubscribe = (): (() => void) => () => undefined;
const zero = (): number => 0;
