/**
 * One update statement of the update family, whatever command carried it: its namespace, filter,
 * update, arrayFilters, collation and multi flag, so the unchanged-document explanations read
 * update, findAndModify and bulkWrite alike.
 */
import { isArray, isDoc, type Doc, type Value } from '../../bson/values.js';

export interface StatementSpec {
  readonly db: string;
  readonly collection: string;
  readonly q: Doc;
  readonly u: Value;
  readonly arrayFilters: readonly Value[] | undefined;
  /** The statement's collation document, when it names one. */
  readonly collation: Value | undefined;
  readonly multi: boolean;
}

/** Statement `index` of `command` (named `name`, sent to `db`), or undefined when it has none. */
export function statementSpec(db: string, name: string, command: Doc, index: number): StatementSpec | undefined {
  const spec = (
    collection: unknown,
    holder: Value | undefined,
    q: string,
    u: string,
    inDb = db,
  ): StatementSpec | undefined => {
    if (typeof collection !== 'string' || !isDoc(holder)) return undefined;
    const filter = holder.get(q);
    const update = holder.get(u);
    const arrayFilters = holder.get('arrayFilters');
    if (update === undefined) return undefined;
    return {
      db: inDb,
      collection,
      q: isDoc(filter) ? filter : new Map(),
      u: update,
      arrayFilters: isArray(arrayFilters) ? arrayFilters : undefined,
      collation: holder.get('collation'),
      multi: holder.get('multi') === true,
    };
  };
  if (name === 'update') {
    const updates = command.get('updates');
    return spec(command.get('update'), isArray(updates) ? updates[index] : undefined, 'q', 'u');
  }
  if (name === 'findAndModify' || name === 'findandmodify') {
    return spec(command.get(name), command, 'query', 'update');
  }
  if (name === 'bulkWrite') {
    const ops = command.get('ops');
    const op = isArray(ops) ? ops[index] : undefined;
    const nsInfo = command.get('nsInfo');
    const nsIndex = isDoc(op) ? Number(op.get('update')) : NaN;
    const ns = isArray(nsInfo) ? nsInfo[nsIndex] : undefined;
    const full = isDoc(ns) ? ns.get('ns') : undefined;
    const dot = typeof full === 'string' ? full.indexOf('.') : -1;
    if (typeof full !== 'string' || dot < 0) return undefined;
    return spec(full.slice(dot + 1), op, 'filter', 'updateMods', full.slice(0, dot));
  }
  return undefined;
}
