/**
 * The items of a shown run, read by range: the `RunHead` brings the first page of each list; the
 * panes ask for the items they are about to show and the worker sends those (`runRange`), a page
 * at a time. Items are cached per run and per list; nothing of one run is ever shown for another
 * (the cache hangs off the head object). A run the worker no longer holds reads as `gone`.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { RUN_PAGE, type RunHead, type RunList, type RunListItems } from '../../engine/worker/protocol.js';
import type { Send } from './bridge.js';

export type RangeItem<L extends RunList> = RunListItems[L] | undefined | 'gone';

type Chunk<L extends RunList> = readonly RunListItems[L][] | 'loading' | 'gone';

export class RunRanges {
  private readonly chunks: { [L in RunList]: Map<number, Chunk<L>> } = {
    statements: new Map(),
    commands: new Map(),
    oplog: new Map(),
    cards: new Map(),
  };
  private readonly listeners = new Set<() => void>();
  private version = 0;

  constructor(
    readonly head: RunHead,
    private readonly send: () => Send,
  ) {
    this.chunks.statements.set(0, head.first.statements);
    this.chunks.commands.set(0, head.first.commands);
    this.chunks.oplog.set(0, head.first.oplog);
    this.chunks.cards.set(0, head.first.cards);
  }

  /** Item `i` of `list`: undefined while it is on its way. */
  item<L extends RunList>(list: L, i: number): RangeItem<L> {
    const chunk = this.chunks[list].get(Math.floor(i / RUN_PAGE[list])) as Chunk<L> | undefined;
    if (chunk === undefined || chunk === 'loading') return undefined;
    if (chunk === 'gone') return 'gone';
    return chunk[i % RUN_PAGE[list]];
  }

  /** Asks the worker for the pages of `list` covering `from` to `to` (exclusive) not held yet. */
  ensure(list: RunList, from: number, to: number): void {
    const size = RUN_PAGE[list];
    const end = Math.min(to, this.head.counts[list]);
    for (let page = Math.floor(Math.max(0, from) / size); page * size < end; page++) {
      if (this.chunks[list].has(page)) continue;
      this.chunks[list].set(page, 'loading');
      void this.load(list, page);
    }
  }

  private async load(list: RunList, page: number): Promise<void> {
    const size = RUN_PAGE[list];
    let chunk: Chunk<typeof list> = 'gone';
    try {
      const r = await this.send()({
        type: 'runRange',
        runId: this.head.runId,
        list,
        from: page * size,
        to: (page + 1) * size,
      });
      if (r.ok) chunk = r.result as readonly RunListItems[typeof list][];
    } catch {
      // A worker restart or a time limit: the run is gone with the worker.
    }
    (this.chunks[list] as Map<number, Chunk<typeof list>>).set(page, chunk);
    this.version++;
    for (const l of this.listeners) l();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): number => this.version;
}

const cache = new WeakMap<RunHead, RunRanges>();
let sender: (() => Send) | undefined;

/** The transport the ranges use (the controller's request; tests may pass their own). */
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
