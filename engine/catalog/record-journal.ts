/**
 * The undo log of document writes while a catalog journal is open (catalog/journal.ts): what each
 * insert, replace, remove and truncate of a collection that existed when the journal began
 * overwrote, so a rollback costs the number of writes, not the size of the collection.
 */
import type { Doc } from '../bson/values.js';
import type { Collection } from './collection.js';
import type { IndexStore } from './index-store.js';

export type RecordUndo =
  | { readonly kind: 'insert'; readonly collection: Collection; readonly rid: number }
  | {
      readonly kind: 'replace';
      readonly collection: Collection;
      readonly rid: number;
      readonly doc: Doc;
      readonly size: number;
      /** The indexes the write re-keyed; the others still hold `doc`'s keys. */
      readonly rekeyed: readonly IndexStore[];
    }
  | {
      readonly kind: 'remove';
      readonly collection: Collection;
      readonly rid: number;
      readonly doc: Doc;
      readonly size: number;
    }
  | {
      readonly kind: 'truncate';
      readonly collection: Collection;
      readonly records: ReadonlyMap<number, Doc>;
      readonly sizes: ReadonlyMap<number, number>;
    };

/** Shared by every collection of a catalog while journals are open (nested journals share it). */
export class RecordJournal {
  readonly entries: RecordUndo[] = [];
  /** Set by collections whose index list changed (createIndex/dropIndex) while journaled. */
  readonly indexesChanged = new Set<Collection>();
}
