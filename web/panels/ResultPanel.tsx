/**
 * The result pane: per statement what the shell printed (WriteResult, documents …), errors with
 * code, codeName, message and a plain-language explanation, and the command documents actually
 * sent with their replies. Statements come from the worker by range and are windowed by scroll
 * offset, so a script of 100,001 statements shows every one of them by scrolling without building
 * 100,001 elements.
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { StatementEntry } from '../../engine/worker/protocol.js';
import { NARROW_QUERY, useMediaQuery } from '../editor/CommandEditor.js';
import { rangesOf, useRunItems } from '../engine/run-ranges.js';
import { usePlayground } from '../state/store.js';
import { GoneNote } from './DiffPanel.js';
import { statementText } from './diff/statement-text.js';
import { OptionNotices } from './OptionNotices.js';
import { ErrorBox } from './result/ErrorBox.js';
import { SentCommands } from './result/SentCommands.js';
import { scrollWithin } from './scroll-within.js';
import { useStale } from './StaleNote.js';
import { offsetOf, typicalHeight, useScrollPosition, windowOf } from './windowing.js';

const SHOW_STATEMENT = 'upsert-lab:show-statement';

/** Windowing starts above this many statements. */
const WINDOW_THRESHOLD = 60;

/** Estimated heights (px): a statement not loaded yet; a statement's head; a printed line; an error. */
const UNKNOWN_STATEMENT_HEIGHT = 64;
const HEAD_HEIGHT = 40;
const LINE_HEIGHT = 18;
const ERROR_HEIGHT = 150;
const NOTICE_HEIGHT = 48;

function statementHeight(s: StatementEntry | 'gone' | undefined, unknown = UNKNOWN_STATEMENT_HEIGHT): number {
  if (s === undefined || s === 'gone') return unknown;
  const notices = NOTICE_HEIGHT * (s.notices?.length ?? 0);
  if (s.error !== undefined) return HEAD_HEIGHT + ERROR_HEIGHT + notices;
  if (s.printed === '') return HEAD_HEIGHT + notices;
  let lines = 1;
  for (let i = s.printed.indexOf('\n'); i >= 0; i = s.printed.indexOf('\n', i + 1)) lines++;
  return HEAD_HEIGHT + 16 + LINE_HEIGHT * lines + notices;
}

/** Scrolls the result pane to a statement (by its index in the script). */
export function showResultStatement(index: number): void {
  window.dispatchEvent(new CustomEvent<number>(SHOW_STATEMENT, { detail: index }));
}

export function ResultPanel(): ReactNode {
  const shown = usePlayground((s) => s.shown);
  const run = shown?.run;
  const ranges = run === undefined ? undefined : rangesOf(run);
  useSyncExternalStore(ranges?.subscribe ?? noSubscribe, ranges?.snapshot ?? zero);
  const paused = run?.paused;
  const stale = useStale();
  const narrow = useMediaQuery(NARROW_QUERY);
  const count = run?.counts.statements ?? 0;
  // Statements not loaded yet are estimated like the first page (long lists are mostly alike), so
  // the list keeps its length as pages arrive.
  const unknown = useMemo(
    () => typicalHeight(run?.first.statements ?? [], (s) => statementHeight(s), UNKNOWN_STATEMENT_HEIGHT),
    [run],
  );
  const height = (i: number): number => statementHeight(ranges?.item('statements', i), unknown);
  const [scroll, onScroll] = useScrollPosition();
  const win =
    count <= WINDOW_THRESHOLD
      ? { first: 0, last: count, top: 0, rest: 0 }
      : windowOf(count, height, scroll.top, scroll.viewport);
  const statements = useRunItems(run, 'statements', win.first, win.last);
  const body = useRef<HTMLDivElement>(null);
  const [scrollTo, setScrollTo] = useState<number | null>(null);
  useEffect(() => {
    const onShow = (e: Event): void => {
      const index = (e as CustomEvent<number>).detail;
      // Statements are numbered in script order: bring the estimated place into the window first.
      const el = body.current;
      if (el !== null && count > WINDOW_THRESHOLD) el.scrollTop = offsetOf(Math.min(index, count - 1), height);
      setScrollTo(index);
    };
    window.addEventListener(SHOW_STATEMENT, onShow);
    return () => window.removeEventListener(SHOW_STATEMENT, onShow);
  }, [run, count]);
  useEffect(() => {
    if (scrollTo === null) return;
    const target = document.getElementById(`result-statement-${scrollTo}`);
    if (target === null) return; // not rendered yet: try again when its page arrives
    if (body.current !== null) scrollWithin(body.current, target);
    setScrollTo(null);
  });
  return (
    <section className="panel result-panel" data-testid="result-pane" aria-labelledby="result-title">
      <div className="panel-head">
        <h2 id="result-title">Result</h2>
        {shown != null && run !== undefined ? (
          <span className={`badge ${shown.kind}`} data-testid="result-kind">
            {shown.kind === 'preview' ? 'preview (dry run)' : 'committed'} · {run.elapsedMs} ms
          </span>
        ) : null}
        {count > WINDOW_THRESHOLD ? (
          <span className="muted" data-testid="result-count">
            {count.toLocaleString('en')} statements
          </span>
        ) : null}
      </div>
      {shown === null || run === undefined ? (
        <p className="empty">
          Press <kbd>Run</kbd>
          {narrow ? null : (
            <>
              {' '}
              (or <kbd>Ctrl</kbd>+<kbd>Enter</kbd>)
            </>
          )}{' '}
          to apply the command. While you type, a dry run previews the effect here without changing anything.
        </p>
      ) : (
        <div className={`result-body ${stale ? 'stale' : ''}`} ref={body} onScroll={onScroll}>
          {win.top > 0 ? <div style={{ height: win.top, flexShrink: 0 }} aria-hidden="true" /> : null}
          {statements.map((s, i) =>
            s === undefined ? (
              <div
                key={`loading-${win.first + i}`}
                className="statement loading"
                style={{ height: unknown, flexShrink: 0 }}
                aria-busy="true"
              />
            ) : s === 'gone' ? (
              <GoneNote key={`gone-${win.first + i}`} />
            ) : (
              <Statement key={s.index} s={s} />
            ),
          )}
          {win.rest > 0 ? <div style={{ height: win.rest, flexShrink: 0 }} aria-hidden="true" /> : null}
          {paused !== undefined ? (
            <div className="paused-box" role="status" data-testid="preview-paused">
              <strong>Preview paused</strong> before <code>{paused.command}</code>
              {paused.line !== undefined ? ` on line ${paused.line}` : ''}: {paused.reason}. Press <kbd>Run</kbd> to
              apply the script and see its effect.
            </div>
          ) : null}
          <SentCommands run={run} />
        </div>
      )}
    </section>
  );
}

const noSubscribe = (): (() => void) => () => undefined;
const zero = (): number => 0;

function Statement({ s }: { s: StatementEntry }): ReactNode {
  const focusStatement = usePlayground((st) => st.focusStatement);
  const cards = s.diffDocuments;
  return (
    <div className={`statement ${s.kind}`} id={`result-statement-${s.index}`} data-testid="result-statement">
      <div className="statement-head">
        <span className="line-ref">line {s.range.startLine}</span>
        <code className="source" title={s.source}>
          {statementText(s.source)}
        </code>
        {cards !== undefined ? (
          <button
            type="button"
            className="link show-diff"
            data-testid="show-diff"
            onClick={() => focusStatement(s.index, s.firstCard ?? 0)}
          >
            {cards === 0 ? 'see Diff →' : cards === 1 ? '1 document in Diff →' : `${cards} documents in Diff →`}
          </button>
        ) : null}
      </div>
      {s.error !== undefined ? (
        <ErrorBox error={s.error} diagnosis={s.diagnosis} />
      ) : s.printed !== '' ? (
        <pre className="code printed" tabIndex={0}>
          {s.printed}
        </pre>
      ) : null}
      <OptionNotices notices={s.notices} />
    </div>
  );
}
