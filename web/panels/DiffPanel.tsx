/**
 * The diff pane: for every document a statement matched, before and after with field marks
 * (added / removed / changed, type changes), array elements reached by `$[id]`, `$[]` and `$`
 * outlined in the operator's colour (before: what the filter matched; after: what changed),
 * no-ops shown as "matched, unchanged", upserts as new documents with each field's origin.
 * Long lists are windowed by scroll offset. The cards themselves are in `diff/`.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode, type UIEvent } from 'react';
import { buildCards, type Card } from '../diff/cards.js';
import { usePlayground } from '../state/store.js';
import { estimate } from './diff/card-height.js';
import { ChangeCard } from './diff/ChangeCard.js';
import { StatementHeader } from './diff/StatementHeader.js';
import { UpsertCard } from './diff/UpsertCard.js';
import { NotMatched } from './diff/WhyToggles.js';
import { scrollWithin } from './scroll-within.js';
import { StepThrough } from './why/StepThrough.js';

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
      <StepThrough />
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
