/**
 * A collection's indexes in creation order, `_id_` first: the rules for adding one (identical,
 * conflicting name or key), dropping one, and putting back the list a journal saw.
 *
 * The stores hold record ids, not documents; building an index reads the collection's records,
 * which the caller passes in.
 */
import { renderDoc } from '../bson/render.js';
import type { Doc } from '../bson/values.js';
import { fail } from '../errors.js';
import { compareIndexOptions, sameKeyPattern, type IndexDefinition } from './index-definition.js';
import { IndexStore } from './index-store.js';

/** Stored records as `[recordId, document]` pairs, in natural order. */
export type RecordEntries = () => Iterable<[number, Doc]>;

export class CollectionIndexes {
  /** Read by the write path on every document: a plain array, replaced (never spliced) by restore. */
  stores: IndexStore[];

  constructor(stores: IndexStore[]) {
    this.stores = stores;
  }

  /** An index by name, or by key pattern (first match, as `hint: {a: 1}` resolves). */
  find(nameOrKey: string | Doc): IndexStore | undefined {
    if (typeof nameOrKey === 'string') return this.stores.find((i) => i.name === nameOrKey);
    return this.stores.find((i) => sameKeyPattern(i.definition.keyPattern, nameOrKey));
  }

  /**
   * Adds an index built over `records`. Returns false when an identical index already exists.
   * Conflicts: 85 IndexOptionsConflict (same key, other name or options), 86
   * IndexKeySpecsConflict (same name, other key). A unique build over duplicates fails with 11000
   * and adds nothing.
   */
  add(definition: IndexDefinition, records: RecordEntries, ns: string): boolean {
    // As _doesSpecConflictWithExisting: the index of the same name first, then one of the same key
    // and identifying options (unique, sparse, collation, partialFilterExpression).
    const named = this.stores.find((x) => x.name === definition.name)?.definition;
    if (named !== undefined) {
      const comparison = compareIndexOptions(definition, named);
      if (comparison === 'identical') return false;
      if (comparison === 'different') {
        throw fail(
          86,
          `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: ${renderDoc(definition.spec)}, existing index: ${renderDoc(named.spec)}`,
        );
      }
      throw fail(
        85,
        `An equivalent index already exists with the same name but different options. Requested index: ${renderDoc(definition.spec)}, existing index: ${renderDoc(named.spec)}`,
      );
    }
    for (const existing of this.stores) {
      const e = existing.definition;
      const comparison = compareIndexOptions(definition, e);
      if (comparison === 'equivalent') {
        throw fail(
          85,
          `An equivalent index already exists with a different name and options. Requested index: ${renderDoc(definition.spec)}, existing index: ${renderDoc(e.spec)}`,
        );
      }
      if (comparison === 'identical') throw fail(85, `Index already exists with a different name: ${e.name}`);
    }
    const store = new IndexStore(definition);
    for (const [rid, doc] of records()) {
      const keys = store.computeKeys(doc);
      store.checkUniqueKeys(keys, ns, rid);
      store.addKeys(keys, rid);
    }
    this.stores.push(store);
    return true;
  }

  /** Drops an index by name. `_id_` cannot be dropped (code 72). Missing → 27. */
  drop(name: string): IndexDefinition {
    if (name === '_id_') throw fail(72, 'cannot drop _id index');
    const i = this.stores.findIndex((x) => x.name === name);
    if (i < 0) throw fail(27, `index not found with name [${name}]`);
    const [removed] = this.stores.splice(i, 1);
    return removed!.definition;
  }

  /**
   * Puts back the indexes a journal saw (`_id_` first): stores whose definitions were dropped
   * and re-added are rebuilt from `records`, the others are kept as they are.
   */
  restore(stores: readonly IndexStore[], records: RecordEntries): void {
    this.stores = stores.map((store, i) => {
      if (i === 0) return store;
      const fresh = new IndexStore(store.definition);
      for (const [rid, doc] of records()) fresh.addKeys(fresh.computeKeys(doc), rid);
      return fresh;
    });
  }

  /** The stores a replace computed keys for (`keySets[i]` defined), shared empty when none. */
  rekeyed(keySets: readonly unknown[] | undefined): readonly IndexStore[] {
    if (keySets === undefined || keySets.every((k) => k === undefined)) return NONE;
    return this.stores.filter((_, i) => keySets[i] !== undefined);
  }
}

const NONE: readonly IndexStore[] = [];
