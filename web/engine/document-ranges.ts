/**
 * The documents of a shown collection, read by range: the `CollectionView` brings the first page
 * with display trees; the collections pane asks for the pages it is about to show (`documents`)
 * and keeps them per view, so a page of a collection that changed meanwhile is never shown for it
 * (the cache hangs off the view object, which every change replaces).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { COLLECTION_PAGE, type CollectionView, type DocumentView } from '../../engine/worker/protocol.js';
import type { Send } from './bridge.js';

/** Undefined: on its way; 'gone': the worker could not send it (restarted, or the view is old). */
export type DocumentItem = DocumentView | undefined | 'gone';

type Page = readonly DocumentView[] | 'loading' | 'gone';

export class DocumentRanges {
  private readonly pages = new Map<number, Page>();
  private readonly listeners = new Set<() => void>();
  private version = 0;

  constructor(
    readonly view: CollectionView,
    private readonly db: () => string,
    private readonly send: () => Send,
  ) {
    this.pages.set(0, view.documents);
  }

  item(i: number): DocumentItem {
    const page = this.pages.get(Math.floor(i / COLLECTION_PAGE));
    if (page === undefined || page === 'loading') return undefined;
    if (page === 'gone') return 'gone';
    return page[i % COLLECTION_PAGE];
  }

  /** Asks the worker for the pages covering `from` to `to` (exclusive) not held yet. */
  ensure(from: number, to: number): void {
    const end = Math.min(to, this.view.count);
    for (let page = Math.floor(Math.max(0, from) / COLLECTION_PAGE); page * COLLECTION_PAGE < end; page++) {
      if (this.pages.has(page)) continue;
      this.pages.set(page, 'loading');
      void this.load(page);
    }
  }

  private async load(page: number): Promise<void> {
    let loaded: Page = 'gone';
    try {
      const r = await this.send()({
        type: 'documents',
        db: this.db(),
        collection: this.view.name,
        from: page * COLLECTION_PAGE,
        to: Math.min(this.view.count, (page + 1) * COLLECTION_PAGE),
      });
      if (r.ok) loaded = r.result;
    } catch {
      // A worker restart or a time limit.
    }
    this.pages.set(page, loaded);
    this.version++;
    for (const l of this.listeners) l();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): number => this.version;
}

const cache = new WeakMap<CollectionView, DocumentRanges>();

/** The ranges of `view` (one cache per view object). */
export function documentRangesOf(view: CollectionView, db: () => string, send: () => Send): DocumentRanges {
  let r = cache.get(view);
  if (r === undefined) {
    r = new DocumentRanges(view, db, send);
    cache.set(view, r);
  }
  return r;
}

/** Documents `from` to `to` (exclusive) of the view, re-rendering as pages arrive. */
export function useDocuments(ranges: DocumentRanges, from: number, to: number): DocumentItem[] {
  useSyncExternalStore(ranges.subscribe, ranges.snapshot);
  useEffect(() => ranges.ensure(from, to), [ranges, from, to]);
  const end = Math.min(to, ranges.view.count);
  const out: DocumentItem[] = [];
  for (let i = Math.max(0, from); i < end; i++) out.push(ranges.item(i));
  return out;
}
