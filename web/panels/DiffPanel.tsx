/**
 * The diff pane: for every document a statement matched, before and after with field marks
 * (added / removed / changed, type changes), array elements reached by `$[id]`, `$[]` and `$`
 * outlined in the operator's colour (before: what the filter matched; after: what changed),
 * no-ops shown as "matched, unchanged", upserts as new documents with each field's origin.
 * The cards come from the worker by range (web/engine/run-ranges.ts): long lists are windowed by
 * scroll offset and only the cards near the viewport are asked for. The cards are in `diff/`.
 */
import { useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import type { CardView as Card } from '../../engine/worker/protocol.js';
import { rangesOf, useRunItems, type RangeItem } from '../engine/run-ranges.js';
import { usePlayground } from '../state/store.js';
import { estimate, UNKNOWN_CARD_HEIGHT } from './diff/card-height.js';
import { ChangeCard } from './diff/ChangeCard.js';
import { StatementHeader } from './diff/StatementHeader.js';
import { UpsertCard } from './diff/UpsertCard.js';
import { NotMatched } from './diff/WhyToggles.js';
import { scrollWithin } from './scroll-within.js';
import { StepThrough } from './why/StepThrough.js';
import { offsetOf, typicalHeight, useScrollPosition, windowOf } from './windowing.js';

/** Windowing starts above this many cards. */
const WINDOW_THRESHOLD = 40;

export function DiffPanel(): ReactNode {
  const shown = usePlayground((s) => s.shown);
  const runCount = usePlayground((s) => s.runCount);
  const run = shown?.run;
  const ranges = run === undefined ? undefined : rangesOf(run);
  useSyncExternalStore(ranges?.subscribe ?? noSubscribe, ranges?.snapshot ?? zero);
  const count = run?.counts.cards ?? 0;
  // Cards not loaded yet are estimated like the first page's (the documents of one collection
  // are mostly alike), so the list keeps its length as pages arrive.
  const unknown = useMemo(
    () => (run === undefined ? UNKNOWN_CARD_HEIGHT : typicalHeight(run.first.cards, estimate, UNKNOWN_CARD_HEIGHT)),
    [run],
  );
  const height = (i: number): number => {
    const card = ranges?.item('cards', i);
    return card === undefined || card === 'gone' ? unknown : estimate(card);
  };
  const [scroll, onScroll] = useScrollPosition();
  const win =
    count <= WINDOW_THRESHOLD
      ? { first: 0, last: count, top: 0, rest: 0 }
      : windowOf(count, height, scroll.top, scroll.viewport);
  const cards = useRunItems(run, 'cards', win.first, win.last);
  const box = useRef<HTMLDivElement>(null);
  const focused = usePlayground((s) => s.focusedStatement);
  useEffect(() => {
    // "Show in Diff" from the result pane: scroll the statement's first card into view.
    const el = box.current;
    if (focused === null || el === null || focused.card >= count) return;
    const target = el.querySelector<HTMLElement>(`[data-statement="${focused.index}"]`);
    if (target !== null) scrollWithin(el, target);
    else el.scrollTop = offsetOf(focused.card, height);
    target?.focus({ preventScroll: true });
    // Once per request (seq); the card is rendered on the next pass if it was off screen.
  }, [focused, count]);

  let body: ReactNode;
  if (shown === null || run === undefined) {
    body = (
      <p className="empty">
        The documents an update touches appear here: before and after, with every changed field marked. Type a command
        or pick an example.
      </p>
    );
  } else if (count === 0) {
    body =
      run.paused !== undefined ? (
        <p className="empty">Preview paused: this script changes the deployment. Press Run to see what it does.</p>
      ) : (
        <p className="empty">
          This run wrote nothing through update, findAndModify or bulkWrite. Inserts and deletes show in the Oplog tab.
        </p>
      );
  } else {
    body = (
      <>
        {win.top > 0 ? <div style={{ height: win.top, flexShrink: 0 }} aria-hidden="true" /> : null}
        {cards.map((c, i) => (
          <CardView key={`${runCount}:${win.first + i}`} card={c} loadingHeight={unknown} />
        ))}
        {win.rest > 0 ? <div style={{ height: win.rest, flexShrink: 0 }} aria-hidden="true" /> : null}
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

const noSubscribe = (): (() => void) => () => undefined;
const zero = (): number => 0;

function CardView({ card, loadingHeight }: { card: RangeItem<'cards'>; loadingHeight: number }): ReactNode {
  if (card === undefined)
    return <div className="card-loading" style={{ height: loadingHeight, flexShrink: 0 }} aria-busy="true" />;
  if (card === 'gone') return <GoneNote />;
  return <LoadedCard card={card} />;
}

/** A page of a run the worker no longer holds (it was restarted): never another run's cards. */
export function GoneNote(): ReactNode {
  return (
    <p className="empty" data-testid="run-gone">
      This part of the result is no longer available (the engine was restarted). Edit the command or Run again to see
      it.
    </p>
  );
}

function LoadedCard({ card }: { card: Card }): ReactNode {
  // Why needs the statement's place in the run: its command's index and its index in `updates`.
  const statementIndex = card.kind === 'change' ? card.statementIndex : card.statement.index;
  const why = card.commandName === 'update' ? { command: card.command, statement: statementIndex } : undefined;
  const colours = new Map(card.colours);
  if (card.kind === 'header')
    return (
      <>
        <StatementHeader statement={card.statement} title={card.title} source={card.source} colours={colours} />
        {why !== undefined ? <NotMatched target={why} /> : null}
      </>
    );
  if (card.kind === 'upsert') return <UpsertCard statement={card.statement} colours={colours} why={why} />;
  return <ChangeCard change={card.change} colours={colours} why={why} />;
}
