/**
 * The documents of a shown collection, read by range: the `CollectionView` brings the first page
 * with display trees; the collections pane asks for the pages it is about to show (`documents`)
 * and keeps them per view, so a page of a collection that changed meanwhile is never shown for it
 * (the cache hangs off the view object, which every change replaces).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { COLLECTION_PAGE, type CollectionView, type DocumentView } from '../../engine/worker/protocol.js';
import type { Send } from './bridge.js';
import { PagedList, Versioned, type PagedItem } from './paged-list.js';

/** Undefined: on its way; 'gone': the worker could not send it (restarted, or the view is old). */
export type DocumentItem = PagedItem<DocumentView>;

export class DocumentRanges extends Versioned {
  private readonly list: PagedList<DocumentView>;

  constructor(
    readonly view: CollectionView,
    db: () => string,
    send: () => Send,
  ) {
    super();
    this.list = new PagedList(
      COLLECTION_PAGE,
      view.count,
      view.documents,
      async (from, to) => {
        const r = await send()({
          type: 'documents',
          db: db(),
          collection: view.name,
          from,
          to: Math.min(view.count, to),
        });
        return r.ok ? r.result : undefined;
      },
      () => this.bump(),
    );
  }

  item(i: number): DocumentItem {
    return this.list.item(i);
  }

  /** Asks the worker for the pages covering `from` to `to` (exclusive) not held yet. */
  ensure(from: number, to: number): void {
    this.list.ensure(from, to);
  }
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
