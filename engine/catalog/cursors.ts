/**
 * Open cursors: the rest of a result that did not fit the first batch (`batchSize`), served by
 * `getMore` and closed by `killCursors` or exhaustion. Ids count up from 1 (0 means "no cursor").
 * A cursor holds its documents as they were when the command ran (a snapshot, which the server
 * does not promise but which is a valid outcome of its read isolation).
 */
import { Long } from 'bson';
import type { Doc } from '../bson/values.js';

export interface OpenCursor {
  readonly id: Long;
  readonly ns: string;
  readonly docs: readonly Doc[];
  position: number;
}

export class CursorStore {
  private readonly open = new Map<string, OpenCursor>();
  private next = 1n;

  /** Opens a cursor over `docs` starting at `position`. */
  create(ns: string, docs: readonly Doc[], position: number): OpenCursor {
    const id = Long.fromBigInt(this.next++);
    const cursor: OpenCursor = { id, ns, docs, position };
    this.open.set(id.toString(), cursor);
    return cursor;
  }

  get(id: Long): OpenCursor | undefined {
    return this.open.get(id.toString());
  }

  /** Closes a cursor; false when there was none with that id. */
  kill(id: Long): boolean {
    return this.open.delete(id.toString());
  }

  clear(): void {
    this.open.clear();
  }

  get size(): number {
    return this.open.size;
  }
}
