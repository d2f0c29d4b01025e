/**
 * The diff pane: for every document a statement matched, before and after with field marks
 * (added / removed / changed, type changes), array elements reached by `$[id]`, `$[]` and `$`
 * outlined in the operator's colour (before: what the filter matched; after: what changed),
 * no-ops shown as "matched, unchanged", upserts as new documents with each field's origin.
 * Long lists are windowed by scroll offset.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode, type UIEvent } from 'react';
import type { ChangeView, ShellStatementReply, StatementView, TreeNode } from '../../engine/worker/protocol.js';
import { buildCards, type Card } from '../diff/cards.js';
import { showResultStatement } from './ResultPanel.js';
import { diffTrees } from '../diff/tree-diff.js';
import { usePlayground } from '../state/store.js';
import { ORIGIN_LABEL, TreeView, operatorLabel } from './TreeView.js';
import { UnmatchedList, WhyPanel, type WhyTarget } from './WhyPanel.js';

function lineCount(node: TreeNode): number {
  if (node.t === 'val') return 1;
  if (node.t === 'arr')
    return node.items.every((i) => i.t === 'val') && node.items.length <= 12
      ? 1
      : 2 + node.items.reduce((n, i) => n + lineCount(i), 0);
  if (node.fields.every(([, v]) => v.t === 'val') && node.fields.length <= 6) return 1;
  return 2 + node.fields.reduce((n, [, v]) => n + lineCount(v), 0);
}

/** Estimated pixel height of a card (for windowing). */
function estimate(card: Card): number {
  if (card.kind === 'header') return 64 + card.statement.arrayFilters.length * 22;
  if (card.kind === 'change' && card.change.noop && card.change.arrayTouches.length === 0) return 72;
  if (card.kind === 'upsert') return 80 + 21 * lineCount(card.statement.upsert?.doc ?? { t: 'doc', fields: [] });
  return 70 + 21 * Math.max(lineCount(card.change.before), lineCount(card.change.after));
}

function idText(node: TreeNode): string | undefined {
  if (node.t !== 'doc') return undefined;
  const id = node.fields.find(([k]) => k === '_id');
  return id !== undefined && id[1].t === 'val' ? id[1].text : undefined;
}

/** Windowing starts above this many cards. */
const WINDOW_THRESHOLD = 40;

export function DiffPanel(): ReactNode {
  const shown = usePlayground((s) => s.shown);
  const runCount = usePlayground((s) => s.runCount);
  const cards = useMemo(() => (shown === null ? [] : buildCards(shown.run)), [shown]);
  const heights = useMemo(() => cards.map(estimate), [cards]);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(800);
  const box = useRef<HTMLDivElement>(null);
  const focused = usePlayground((s) => s.focusedStatement);
  useEffect(() => {
    // "Show in Diff" from the result pane: scroll the statement's first card into view.
    const el = box.current;
    if (focused === null || el === null) return;
    const at = cards.findIndex((c) => c.kind === 'header' && c.source?.index === focused.index);
    if (at < 0) return;
    const target = el.querySelector<HTMLElement>(`[data-statement="${focused.index}"]`);
    if (target !== null) scrollWithin(el, target);
    else el.scrollTop = heights.slice(0, at).reduce((a, b) => a + b, 0);
    target?.focus({ preventScroll: true });
  }, [focused, cards, heights]);
  const onScroll = (e: UIEvent<HTMLDivElement>): void => {
    setScrollTop(e.currentTarget.scrollTop);
    setViewport(e.currentTarget.clientHeight || 800);
  };

  let body: ReactNode;
  if (shown === null) {
    body = (
      <p className="empty">
        The documents an update touches appear here: before and after, with every changed field marked. Type a command
        or pick an example.
      </p>
    );
  } else if (cards.length === 0) {
    body =
      shown.run.paused !== undefined ? (
        <p className="empty">Preview paused: this script changes the deployment. Press Run to see what it does.</p>
      ) : (
        <p className="empty">
          This run wrote nothing through update, findAndModify or bulkWrite. Inserts and deletes show in the Oplog tab.
        </p>
      );
  } else if (cards.length <= WINDOW_THRESHOLD) {
    body = cards.map((c, i) => <CardView key={`${runCount}:${i}`} card={c} />);
  } else {
    let top = 0;
    let first = 0;
    while (first < cards.length && top + heights[first]! < scrollTop - 400) top += heights[first++]!;
    let last = first;
    let bottom = top;
    while (last < cards.length && bottom < scrollTop + viewport + 400) bottom += heights[last++]!;
    const rest = heights.slice(last).reduce((a, b) => a + b, 0);
    body = (
      <>
        <div style={{ height: top }} aria-hidden="true" />
        {cards.slice(first, last).map((c, i) => (
          <CardView key={`${runCount}:${first + i}`} card={c} />
        ))}
        <div style={{ height: rest }} aria-hidden="true" />
      </>
    );
  }
  return (
    <div
      className="diff-scroll"
      ref={box}
      onScroll={onScroll}
      data-testid="diff-pane"
      data-kind={shown?.kind ?? 'none'}
    >
      {body}
    </div>
  );
}

function CardView({ card }: { card: Card }): ReactNode {
  // Why needs the statement's place in the run: its command's index and its index in `updates`.
  const shown = usePlayground((s) => s.shown);
  const commandIndex = shown?.run.commands.findIndex((c) => c.statements.includes(card.statement)) ?? -1;
  const why =
    commandIndex >= 0 && shown?.run.commands[commandIndex]?.name === 'update'
      ? { command: commandIndex, statement: card.statement.index }
      : undefined;
  if (card.kind === 'header')
    return (
      <>
        <StatementHeader statement={card.statement} title={card.title} source={card.source} colours={card.colours} />
        {why !== undefined ? <NotMatched target={why} /> : null}
      </>
    );
  if (card.kind === 'upsert') return <UpsertCard statement={card.statement} colours={card.colours} why={why} />;
  return <ChangeCard change={card.change} colours={card.colours} why={why} />;
}

/** The documents a statement's filter missed, on request. */
function NotMatched({ target }: { target: WhyTarget }): ReactNode {
  const [open, setOpen] = useState(false);
  return (
    <div className="why-not-matched">
      <button
        type="button"
        className="link"
        data-testid="unmatched-toggle"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Hide the documents that did not match' : 'Not matched: why the filter missed documents'}
      </button>
      {open ? <UnmatchedList target={target} /> : null}
    </div>
  );
}

/** The Why button of a card and the explanation it opens. */
function WhyToggle({ target }: { target: WhyTarget }): ReactNode {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="why-button"
        data-testid="why-button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        Why?
      </button>
      {open ? <WhyPanel target={target} /> : null}
    </>
  );
}

/**
 * Scrolls `box` so `target` sits at its top, moving the window only when `target` is still off
 * screen (a pane taller than the window, the stacked narrow layout): a plain scrollIntoView
 * would scroll the page every time.
 */
export function scrollWithin(box: HTMLElement, target: HTMLElement): void {
  const top = target.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop - 8;
  box.scrollTo({ top: Math.max(0, top) });
  const rect = target.getBoundingClientRect();
  if (rect.top < 0 || rect.top > window.innerHeight - 80) target.scrollIntoView({ block: 'start' });
}

/**
 * The statement on one line: comment lines dropped, line breaks and indentation collapsed (a
 * multi-line `updateMany(\n  {},\n  …)` reads `updateMany({}, …)`), cut after `max` characters.
 */
export function statementText(source: string, max = 160): string {
  const code = source
    .split('\n')
    .filter((l) => !l.trim().startsWith('//'))
    .map((l) => l.trim())
    .join(' ')
    .replace(/([([{])\s+/g, '$1')
    .replace(/\s+([)\]}])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  return code.length > max ? `${code.slice(0, max - 1)}…` : code;
}

function StatementHeader({
  statement,
  title,
  source,
  colours,
}: {
  statement: StatementView;
  title: string;
  source: ShellStatementReply | undefined;
  colours: ReadonlyMap<string, number>;
}): ReactNode {
  const operators = [...colours.keys()].filter((op) => !statement.arrayFilters.some((f) => f.identifier === op));
  // Embeds have no result pane to jump to.
  const embed = usePlayground((s) => s.embed);
  return (
    <div
      className="statement-summary"
      data-testid="diff-statement"
      {...(source === undefined ? {} : { 'data-statement': source.index, tabIndex: -1 })}
    >
      {source !== undefined ? (
        <div className="statement-title">
          {embed ? (
            <span className="line-ref">line {source.range.startLine}</span>
          ) : (
            <button
              type="button"
              className="line-ref link"
              title="Show this statement in the result pane"
              onClick={() => showResultStatement(source.index)}
            >
              line {source.range.startLine}
            </button>
          )}
          <code className="source" title={source.source}>
            {statementText(source.source)}
          </code>
          {title !== 'update' ? <span className="muted command-name">{title}</span> : null}
        </div>
      ) : null}
      <div className="counts">
        {source === undefined ? <strong>{title}</strong> : null}
        <span className="pill">matched {statement.nMatched}</span>
        <span className="pill">modified {statement.nModified}</span>
        {statement.upsert !== undefined ? <span className="pill upsert">upserted 1</span> : null}
        {statement.error !== undefined ? (
          <span className="pill bad">
            {statement.error.codeName} ({statement.error.code})
          </span>
        ) : null}
      </div>
      {statement.arrayFilters.length > 0 || operators.length > 0 ? (
        <ul className="legend" aria-label="Array operators" data-testid="array-filter-legend">
          {statement.arrayFilters.map((f) => (
            <li key={f.identifier}>
              <span className={`swatch af-c${(colours.get(f.identifier) ?? 0) % 6}`} aria-hidden="true" />
              <code>{operatorLabel(f.identifier)}</code> <span className="muted">filter</span> <code>{f.filter}</code>
            </li>
          ))}
          {operators.map((op) => (
            <li key={op}>
              <span className={`swatch af-c${(colours.get(op) ?? 0) % 6}`} aria-hidden="true" />
              <code>{operatorLabel(op)}</code>{' '}
              <span className="muted">{op === '[]' ? 'every element' : 'first element matched by the query'}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {statement.simulatedClient !== undefined ? (
        <p className="muted simulation-note" data-testid="diff-simulation">
          A simulation of two clients upserting at the same moment (upsertRace exists only in Upsert Lab; MongoDB has no
          such command). Exported scripts run the two operations as two real clients.
        </p>
      ) : null}
      {statement.error !== undefined ? <p className="statement-error">{statement.error.errmsg}</p> : null}
      {statement.errInfo !== undefined ? (
        <details className="err-info" data-testid="diff-errinfo" open>
          <summary>errInfo: why the server refused it</summary>
          <pre className="code" tabIndex={0}>
            {statement.errInfo}
          </pre>
        </details>
      ) : null}
      {statement.notRun !== undefined ? (
        <p className="statement-error" data-testid="diff-not-run">
          Did not run: the batch is ordered, so it stopped at statement #{statement.notRun.stoppedAt}’s error.
        </p>
      ) : null}
      {statement.writeConcernError !== undefined ? (
        <div className="wce-badge" data-testid="diff-write-concern-error">
          <span className="pill bad">
            writeConcernError {statement.writeConcernError.codeName} ({statement.writeConcernError.code})
          </span>{' '}
          {statement.notRun === undefined && statement.error === undefined
            ? 'The write was applied, but not confirmed as asked: '
            : ''}
          {statement.writeConcernError.errmsg}
          {statement.writeConcernError.errInfo !== undefined ? (
            <pre className="code" tabIndex={0}>
              {statement.writeConcernError.errInfo}
            </pre>
          ) : null}
        </div>
      ) : null}
      {statement.versionNote !== undefined ? (
        <p className="muted version-note" data-testid="diff-version-note">
          {statement.versionNote}
        </p>
      ) : null}
      {statement.transaction !== undefined ? (
        <p className="statement-error" data-testid="diff-not-committed">
          {statement.transaction === 'aborted'
            ? 'Not written: the transaction this ran in was aborted, so none of its writes were kept.'
            : 'Not written yet: the transaction this ran in was never committed, so its writes are not kept.'}
        </p>
      ) : null}
      {statement.nMatched === 0 &&
      statement.upsert === undefined &&
      statement.error === undefined &&
      statement.notRun === undefined &&
      statement.transaction === undefined ? (
        <p className="muted">No document matched the query.</p>
      ) : null}
    </div>
  );
}

function ChangeCard({
  change,
  colours,
  why,
}: {
  change: ChangeView;
  colours: ReadonlyMap<string, number>;
  why?: WhyTarget | undefined;
}): ReactNode {
  const hoveredId = usePlayground((s) => s.hoveredId);
  const card = useRef<HTMLElement>(null);
  const marks = useMemo(() => diffTrees(change.before, change.after), [change]);
  const beforeOutlines = new Map(change.arrayTouches.map((t) => [t.path, t.operator]));
  const afterOutlines = new Map(change.arrayTouches.filter((t) => t.changed).map((t) => [t.path, t.operator]));
  const id = idText(change.before);
  const linked = hoveredId !== null && hoveredId === id;
  useEffect(() => {
    // Linked from the oplog pane: bring the card into view.
    if (linked) card.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [linked]);
  return (
    <article
      ref={card}
      className={`change-card ${change.noop ? 'noop' : 'changed'} ${linked ? 'linked' : ''}`}
      data-testid="diff-document"
      data-id={id}
    >
      <header>
        <span className="doc-id">_id {id ?? '?'}</span>
        {change.noop ? (
          <span className="pill" data-testid="diff-unchanged">
            matched, unchanged
          </span>
        ) : (
          <span className="pill changed">
            modified {change.modifiedPaths.length > 0 ? change.modifiedPaths.join(', ') : ''}
          </span>
        )}
      </header>
      {change.noop && change.arrayTouches.length === 0 ? (
        <details className="sides one collapsed">
          <summary>Show the document</summary>
          <TreeView node={change.after} />
        </details>
      ) : change.noop ? (
        <div className="sides one">
          <TreeView node={change.after} deco={{ outlines: beforeOutlines, colours }} />
        </div>
      ) : (
        <div className="sides">
          <div className="side before">
            <h4>Before</h4>
            <TreeView node={change.before} deco={{ marks: marks.before, outlines: beforeOutlines, colours }} />
          </div>
          <div className="side after">
            <h4>After</h4>
            <TreeView node={change.after} deco={{ marks: marks.after, outlines: afterOutlines, colours }} />
          </div>
        </div>
      )}
      {why !== undefined && id !== undefined ? <WhyToggle target={{ ...why, documentId: id }} /> : null}
      {change.oplog !== undefined ? (
        <details className="card-oplog">
          <summary>What the oplog records for this change</summary>
          <pre className="code" tabIndex={0}>
            {change.oplog}
          </pre>
        </details>
      ) : null}
    </article>
  );
}

function UpsertCard({
  statement,
  colours,
  why,
}: {
  statement: StatementView;
  colours: ReadonlyMap<string, number>;
  why?: WhyTarget | undefined;
}): ReactNode {
  const upsert = statement.upsert;
  if (upsert === undefined) return null;
  const origins = new Map(upsert.origins.map(([p, o]) => [p, o]));
  const marks = new Map(
    [...origins.keys()].filter((p) => !p.includes('.')).map((p) => [p, { kind: 'added' as const }]),
  );
  return (
    <article className="change-card upsert" data-testid="diff-upsert">
      <header>
        <span className="doc-id">new document (upsert)</span>
        <span className="pill upsert">inserted</span>
      </header>
      <div className="sides one">
        <TreeView
          node={upsert.doc}
          deco={{
            marks,
            origins,
            outlines: new Map(upsert.arrayTouches.map((t) => [t.path, t.operator])),
            colours,
          }}
        />
      </div>
      <p className="origin-legend muted">
        {Object.entries(ORIGIN_LABEL)
          .filter(([k]) => [...origins.values()].includes(k as never))
          .map(([k, label]) => (
            <span key={k} className={`origin origin-${k}`}>
              {label}
            </span>
          ))}
      </p>
      {why !== undefined ? <WhyToggle target={why} /> : null}
    </article>
  );
}
