/**
 * The page's note on a write statement whose collation the engine only approximates (an option
 * `Intl.Collator` cannot express on a tailored locale, see engine/collation/make-collator.ts).
 * The collation is the statement's own, else the collection's default.
 */
import { isArray, isDoc, type Doc, type Value } from '../bson/values.js';
import { collationNote, parseCollation } from '../collation/index.js';
import type { Engine } from '../index.js';

/** The statement's `collation` option and target collection, per write command shape. */
function statementTarget(
  command: Doc,
  name: string,
  index: number,
): { collation?: Value | undefined; collection?: string | undefined } {
  const coll = command.get(name);
  const collection = typeof coll === 'string' ? coll : undefined;
  switch (name) {
    case 'update': {
      const stmt = ((command.get('updates') as Value[] | undefined) ?? [])[index];
      return { collation: isDoc(stmt) ? stmt.get('collation') : undefined, collection };
    }
    case 'findAndModify':
    case 'findandmodify':
      return { collation: command.get('collation'), collection };
    case 'upsertRace': {
      const side = command.get(index === 0 ? 'first' : 'second');
      return { collation: isDoc(side) ? side.get('collation') : undefined, collection };
    }
    case 'bulkWrite': {
      const ops = command.get('ops');
      const op = isArray(ops) ? ops[index] : undefined;
      if (!isDoc(op)) return {};
      const nsIndex = [...op.values()][0];
      const nsInfo = command.get('nsInfo');
      const entry = isArray(nsInfo) && typeof nsIndex === 'number' ? nsInfo[nsIndex] : undefined;
      const ns = isDoc(entry) ? entry.get('ns') : undefined;
      return {
        collation: op.get('collation'),
        collection: typeof ns === 'string' ? ns.slice(ns.indexOf('.') + 1) : undefined,
      };
    }
    default:
      return {};
  }
}

export function collationNoteOf(
  engine: Engine,
  db: string,
  command: Doc,
  name: string,
  index: number,
): string | undefined {
  const { collation, collection } = statementTarget(command, name, index);
  if (isDoc(collation)) {
    try {
      return collationNote(parseCollation(collation));
    } catch {
      return undefined; // an invalid collation is the statement's error, not a note
    }
  }
  if (collection === undefined) return undefined;
  return collationNote(engine.catalog.getCollection(db, collection)?.collation?.spec ?? null);
}
