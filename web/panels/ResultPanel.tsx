/**
 * The result pane: per statement what the shell printed (WriteResult, documents …), errors with
 * code, codeName, message and a plain-language explanation, and the
 * command documents actually sent with their replies.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ScriptRun, ShellStatementReply } from '../../engine/worker/protocol.js';
import { usePlayground } from '../state/store.js';
import { NARROW_QUERY, useMediaQuery } from '../editor/CommandEditor.js';
import { statementText } from './diff/statement-text.js';
import { OptionNotices } from './OptionNotices.js';
import { scrollWithin } from './scroll-within.js';
import { useStale } from './StaleNote.js';

/**
 * Statements and sent commands rendered per page: a script of 100,001 statements must not build
 * 100,001 elements in one task. More pages come as the list is scrolled (or on "Show more").
 */
export const RESULT_PAGE = 200;

/** The script line of each statement, by index. */
function linesOf(run: ScriptRun): Map<number, number> {
  return new Map(run.statements.map((s) => [s.index, s.range.startLine]));
}

const SHOW_STATEMENT = 'upsert-lab:show-statement';

/** Scrolls the result pane to a statement, rendering up to it first if it is further down. */
export function showResultStatement(index: number): void {
  window.dispatchEvent(new CustomEvent<number>(SHOW_STATEMENT, { detail: index }));
}

/** A page limit that grows by RESULT_PAGE when `sentinel` scrolls into view (and resets with `key`). */
function usePagedLimit(key: unknown): [number, (n: number) => void, (el: HTMLElement | null) => void] {
  const [limit, setLimit] = useState(RESULT_PAGE);
  const [sentinel, setSentinel] = useState<HTMLElement | null>(null);
  useEffect(() => setLimit(RESULT_PAGE), [key]);
  useEffect(() => {
    if (sentinel === null || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setLimit((l) => l + RESULT_PAGE);
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel]);
  return [limit, setLimit, setSentinel];
}

/** How many diff cards (matched or upserted documents) each statement's commands produced. */
function diffCounts(run: ScriptRun): Map<number, number> {
  const counts = new Map<number, number>();
  for (const c of run.commands) {
    if (c.statement === undefined || c.statements.length === 0) continue;
    const n = c.statements.reduce((m, s) => m + s.documents.length + (s.upsert ? 1 : 0), 0);
    counts.set(c.statement, (counts.get(c.statement) ?? 0) + n);
  }
  return counts;
}

export function ResultPanel(): ReactNode {
  const shown = usePlayground((s) => s.shown);
  const counts = useMemo(() => (shown === null ? new Map<number, number>() : diffCounts(shown.run)), [shown]);
  const lines = useMemo(() => (shown === null ? new Map<number, number>() : linesOf(shown.run)), [shown]);
  const paused = shown?.run.paused;
  const stale = useStale();
  const narrow = useMediaQuery(NARROW_QUERY);
  const [limit, setLimit, statementSentinel] = usePagedLimit(shown);
  const [commandLimit, setCommandLimit, commandSentinel] = usePagedLimit(shown);
  const body = useRef<HTMLDivElement>(null);
  const [scrollTo, setScrollTo] = useState<number | null>(null);
  useEffect(() => {
    const onShow = (e: Event): void => {
      const index = (e as CustomEvent<number>).detail;
      const position = shown?.run.statements.findIndex((st) => st.index === index) ?? -1;
      if (position >= limit) setLimit(position + RESULT_PAGE);
      setScrollTo(index);
    };
    window.addEventListener(SHOW_STATEMENT, onShow);
    return () => window.removeEventListener(SHOW_STATEMENT, onShow);
  }, [shown, limit, setLimit]);
  useEffect(() => {
    if (scrollTo === null) return;
    const target = document.getElementById(`result-statement-${scrollTo}`);
    if (target !== null && body.current !== null) scrollWithin(body.current, target);
    setScrollTo(null);
  }, [scrollTo, limit]);
  return (
    <section className="panel result-panel" data-testid="result-pane" aria-labelledby="result-title">
      <div className="panel-head">
        <h2 id="result-title">Result</h2>
        {shown !== null ? (
          <span className={`badge ${shown.kind}`} data-testid="result-kind">
            {shown.kind === 'preview' ? 'preview (dry run)' : 'committed'} · {shown.run.elapsedMs} ms
          </span>
        ) : null}
      </div>
      {shown === null ? (
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
        <div className={`result-body ${stale ? 'stale' : ''}`} ref={body}>
          {shown.run.statements.slice(0, limit).map((s) => (
            <Statement key={s.index} s={s} cards={counts.get(s.index)} />
          ))}
          {shown.run.statements.length > limit ? (
            <button
              type="button"
              className="btn small show-more"
              data-testid="result-more"
              ref={statementSentinel}
              onClick={() => setLimit(limit + RESULT_PAGE)}
            >
              Show more ({limit.toLocaleString('en')} of {shown.run.statements.length.toLocaleString('en')} statements
              shown)
            </button>
          ) : null}
          {paused !== undefined ? (
            <div className="paused-box" role="status" data-testid="preview-paused">
              <strong>Preview paused</strong> before <code>{paused.command}</code>
              {paused.line !== undefined ? ` on line ${paused.line}` : ''}: {paused.reason}. Press <kbd>Run</kbd> to
              apply the script and see its effect.
            </div>
          ) : null}
          {shown.run.commands.length > 0 ? (
            <div className="sent">
              <h3>Commands sent to the server</h3>
              {shown.run.commands.slice(0, commandLimit).map((c, i) => (
                <details
                  key={i}
                  className="sent-command"
                  open={i === 0 && shown.run.commands.length <= 2}
                  data-testid="sent-command"
                >
                  <summary>
                    {c.statement !== undefined ? (
                      <span className="line-ref">line {lines.get(c.statement) ?? '?'} · </span>
                    ) : null}
                    <code>{c.name}</code> on <code>{c.db}</code>{' '}
                    {c.ok ? <span className="ok">ok: 1</span> : <span className="bad">ok: 0</span>}
                    {c.statements.some((st) => st.simulatedClient !== undefined) ? (
                      <span className="pill" data-testid="sent-simulation">
                        {' '}
                        simulation of two clients, not a MongoDB command
                      </span>
                    ) : null}
                  </summary>
                  <div className="two-col">
                    <div>
                      <h4>Command</h4>
                      <pre className="code" tabIndex={0}>
                        {c.command}
                      </pre>
                    </div>
                    <div>
                      <h4>Reply</h4>
                      <pre className="code" tabIndex={0}>
                        {c.reply}
                      </pre>
                    </div>
                  </div>
                </details>
              ))}
              {shown.run.commands.length > commandLimit ? (
                <button
                  type="button"
                  className="btn small show-more"
                  ref={commandSentinel}
                  onClick={() => setCommandLimit(commandLimit + RESULT_PAGE)}
                >
                  Show more ({commandLimit.toLocaleString('en')} of {shown.run.commands.length.toLocaleString('en')}{' '}
                  commands shown)
                </button>
              ) : null}
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
}

function Statement({ s, cards }: { s: ShellStatementReply; cards: number | undefined }): ReactNode {
  const focusStatement = usePlayground((st) => st.focusStatement);
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
            onClick={() => focusStatement(s.index)}
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

function ErrorBox({
  error,
  diagnosis,
}: {
  error: NonNullable<ShellStatementReply['error']>;
  diagnosis: ShellStatementReply['diagnosis'];
}): ReactNode {
  return (
    <div className="error-box" data-testid="error-pane" role="alert">
      <div className="error-title">
        <span className="error-name">{error.name}</span>
        {error.code !== undefined ? (
          <span className="error-code" data-testid="error-code">
            code {error.code}
          </span>
        ) : null}
        {error.codeName !== undefined ? <span className="error-codename">{error.codeName}</span> : null}
        {error.line !== undefined ? (
          <span className="error-pos">
            line {error.line}, column {error.column ?? '?'}
          </span>
        ) : null}
      </div>
      <p className="error-message">{error.message}</p>
      {diagnosis?.suggestion !== undefined ? (
        <p className="error-suggestion" data-testid="error-suggestion">
          {diagnosis.suggestion}
        </p>
      ) : null}
      {diagnosis?.help !== undefined ? (
        <p className="error-explanation" data-testid="error-help">
          {diagnosis.help}
        </p>
      ) : error.name === 'SyntaxError' ? (
        <p className="error-explanation">The script is not valid mongosh syntax at the marked position.</p>
      ) : null}
    </div>
  );
}
