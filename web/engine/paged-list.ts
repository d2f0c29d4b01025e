/**
 * One list the page reads from the worker a page at a time (a run's statements, commands, oplog
 * entries and diff cards; a collection's documents): pages held, on their way, or gone (the worker
 * could not send them: it restarted, or no longer holds what they belong to).
 */

/** Undefined: on its way; 'gone': the worker could not send it. */
export type PagedItem<T> = T | undefined | 'gone';

type Page<T> = readonly T[] | 'loading' | 'gone';

export class PagedList<T> {
  private readonly pages = new Map<number, Page<T>>();

  constructor(
    private readonly pageSize: number,
    private readonly count: number,
    first: readonly T[],
    /** Items `from` to `to` (exclusive, past the end for the last page); undefined when refused. */
    private readonly fetch: (from: number, to: number) => Promise<readonly T[] | undefined>,
    /** Called whenever a page arrives (or is gone). */
    private readonly changed: () => void,
  ) {
    this.pages.set(0, first);
  }

  item(i: number): PagedItem<T> {
    const page = this.pages.get(Math.floor(i / this.pageSize));
    if (page === undefined || page === 'loading') return undefined;
    if (page === 'gone') return 'gone';
    return page[i % this.pageSize];
  }

  /** Asks for the pages covering `from` to `to` (exclusive) not held or on their way yet. */
  ensure(from: number, to: number): void {
    const size = this.pageSize;
    const end = Math.min(to, this.count);
    for (let page = Math.floor(Math.max(0, from) / size); page * size < end; page++) {
      if (this.pages.has(page)) continue;
      this.pages.set(page, 'loading');
      void this.load(page);
    }
  }

  private async load(page: number): Promise<void> {
    let loaded: Page<T> = 'gone';
    try {
      loaded = (await this.fetch(page * this.pageSize, (page + 1) * this.pageSize)) ?? 'gone';
    } catch {
      // A worker restart or a time limit: what the page belonged to is gone with the worker.
    }
    this.pages.set(page, loaded);
    this.changed();
  }
}

/** A version number for `useSyncExternalStore`, bumped on every change. */
export class Versioned {
  private readonly listeners = new Set<() => void>();
  private version = 0;

  protected bump(): void {
    this.version++;
    for (const l of this.listeners) l();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): number => this.version;
}
