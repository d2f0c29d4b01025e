/**
 * `db.coll.find()`'s cursor: chainable options until the first read, then the drained result.
 */
import type { Doc, Value } from '../bson/values.js';
import { ShellClientError } from './client-errors.js';
import type { ShellCollection } from './api.js';
import { int } from './api-support.js';

export class ShellCursor {
  private readonly collection: ShellCollection;
  private readonly filter: Doc;
  private readonly options: Doc;
  private buffer: Doc[] | undefined;
  private position = 0;

  constructor(collection: ShellCollection, filter: Doc, options: Doc) {
    this.collection = collection;
    this.filter = filter;
    this.options = options;
  }

  private set(name: string, value: Value): this {
    if (this.buffer !== undefined) throw new ShellClientError('Cursor is already initialized', 'MongoCursorInUseError');
    this.options.set(name, value);
    return this;
  }

  sort(spec: Doc): this {
    return this.set('sort', spec);
  }
  limit(n: number | Value): this {
    return this.set('limit', typeof n === 'number' ? int(n) : n);
  }
  skip(n: number | Value): this {
    return this.set('skip', typeof n === 'number' ? int(n) : n);
  }
  project(spec: Doc): this {
    return this.set('projection', spec);
  }
  projection(spec: Doc): this {
    return this.project(spec);
  }
  batchSize(n: number | Value): this {
    return this.set('batchSize', typeof n === 'number' ? int(n) : n);
  }
  hint(h: Value): this {
    return this.set('hint', h);
  }
  collation(c: Doc): this {
    return this.set('collation', c);
  }
  comment(c: Value): this {
    return this.set('comment', c);
  }

  /** The find command this cursor sends (for display), without running it. */
  get command(): Doc {
    return this.collection.buildFind(this.filter, this.options).command;
  }

  private load(): Doc[] {
    this.buffer ??= this.collection.runFind(this.filter, this.options);
    return this.buffer;
  }

  toArray(): Doc[] {
    const all = this.load();
    const rest = all.slice(this.position);
    this.position = all.length;
    return rest;
  }

  hasNext(): boolean {
    return this.position < this.load().length;
  }

  next(): Doc | null {
    const all = this.load();
    return all[this.position++] ?? null;
  }

  /** mongosh's `cursor.count()` (a `count` command with the cursor's filter). */
  count(): number {
    return this.collection.count(
      this.filter,
      new Map([...this.options].filter(([k]) => k === 'collation' || k === 'hint')),
    );
  }
}
