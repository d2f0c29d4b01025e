/**
 * The items of a shown run, read by range: the `RunHead` brings the first page of each list; the
 * panes ask for the items they are about to show and the worker sends those (`runRange`), a page
 * at a time. Items are cached per run and per list; nothing of one run is ever shown for another
 * (the cache hangs off the head object). A run the worker no longer holds reads as `gone`.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { RUN_PAGE, type RunHead, type RunList, type RunListItems } from '../../engine/worker/protocol.js';
import type { Send } from './bridge.js';
import { PagedList, Versioned, type PagedItem } from './paged-list.js';

export type RangeItem<L extends RunList> = PagedItem<RunListItems[L]>;

export class RunRanges extends Versioned {
  private readonly lists: { [L in RunList]: PagedList<RunListItems[L]> };

  constructor(
    readonly head: RunHead,
    send: () => Send,
  ) {
    super();
    const list = <L extends RunList>(name: L): PagedList<RunListItems[L]> =>
      new PagedList(
        RUN_PAGE[name],
        head.counts[name],
        head.first[name] as readonly RunListItems[L][],
        async (from, to) => {
          const r = await send()({ type: 'runRange', runId: head.runId, list: name, from, to });
          return r.ok ? (r.result as readonly RunListItems[L][]) : undefined;
        },
        () => this.bump(),
      );
    this.lists = {
      statements: list('statements'),
      commands: list('commands'),
      oplog: list('oplog'),
      cards: list('cards'),
    };
  }

  /** Item `i` of `list`: undefined while it is on its way. */
  item<L extends RunList>(list: L, i: number): RangeItem<L> {
    return (this.lists[list] as PagedList<RunListItems[L]>).item(i);
  }

  /** Asks the worker for the pages of `list` covering `from` to `to` (exclusive) not held yet. */
  ensure(list: RunList, from: number, to: number): void {
    this.lists[list].ensure(from, to);
  }
}

const cache = new WeakMap<RunHead, RunRanges>();
let sender: (() => Send) | undefined;

/** The transport the ranges use (worker-request.ts's `request`; tests may pass their own). */
export function useRangeTransport(send: () => Send): void {
  sender = send;
}

export function rangesOf(head: RunHead): RunRanges {
  let r = cache.get(head);
  if (r === undefined) {
    if (sender === undefined) throw new Error('run ranges: no transport');
    r = new RunRanges(head, sender);
    cache.set(head, r);
  }
  return r;
}

/** Items `from` to `to` (exclusive) of a run's list, re-rendering as pages arrive. */
export function useRunItems<L extends RunList>(
  head: RunHead | null | undefined,
  list: L,
  from: number,
  to: number,
): RangeItem<L>[] {
  const ranges = head == null ? undefined : rangesOf(head);
  useSyncExternalStore(ranges?.subscribe ?? noSubscribe, ranges?.snapshot ?? zero);
  useEffect(() => {
    ranges?.ensure(list, from, to);
  }, [ranges, list, from, to]);
  if (ranges === undefined || head == null) return [];
  const end = Math.min(to, head.counts[list]);
  const out: RangeItem<L>[] = [];
  for (let i = Math.max(0, from); i < end; i++) out.push(ranges.item(list, i));
  return out;
}

const noSubscribe = (): (() => void) => () => undefined;
const zero = (): number => 0;
