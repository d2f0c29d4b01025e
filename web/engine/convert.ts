/**
 * Conversions between the page's collections and the share format / the worker's setup
 * commands. The parsing and command building is H2's share module (engine EJSON parser), so
 * a document the user typed is validated exactly as the engine will read it.
 */
import { stringifyEJSON } from '../../engine/bson/ejson.js';
import type { CollectionView } from '../../engine/worker/protocol.js';
import { shareStateSetupCommands } from '../share/parse-state.js';
import type { ShareCollection, ShareState } from '../share/state.js';
import type { CollectionState } from '../state/types.js';

export function toShareCollections(collections: readonly CollectionState[]): ShareCollection[] {
  return collections.map((c) => ({
    name: c.name,
    documents: `[${c.docs.join(',\n')}]`,
    ...(c.options === undefined ? {} : { options: c.options }),
    ...(c.indexes === undefined ? {} : { indexes: c.indexes }),
  }));
}

export function toShareState(
  database: string,
  collections: readonly CollectionState[],
  command: string,
  scenarioId: string | null,
): ShareState {
  return {
    v: 1,
    database,
    collections: toShareCollections(collections),
    command,
    ...(scenarioId === null ? {} : { scenarioId }),
  };
}

/** The worker's `setup` commands (canonical EJSON); throws a ShareError for invalid text. */
export function setupCommandTexts(database: string, collections: readonly CollectionState[]): string[] {
  return shareStateSetupCommands(toShareState(database, collections, '', null)).map((d) => stringifyEJSON(d));
}

/** The engine's collections as the page keeps them. */
export function fromViews(views: readonly CollectionView[]): CollectionState[] {
  return views.map((v) => ({
    name: v.name,
    docs: v.documents.map((d) => d.ejson),
    ...(v.options === undefined ? {} : { options: v.options }),
    ...(v.indexes === undefined ? {} : { indexes: v.indexes }),
  }));
}

/** A shared state's collections as the page keeps them (documents split later by the engine). */
export function fromShareState(state: ShareState): { collections: CollectionState[]; command: string } {
  const text = (x: unknown): string => (typeof x === 'string' ? x : JSON.stringify(x));
  return {
    command: state.command,
    collections: state.collections.map((c) => ({
      name: c.name,
      // One element holding the whole array text: `setup` accepts it and the engine's
      // `collections` answer splits it into documents.
      docs: [text(c.documents).trim().replace(/^\[/, '').replace(/\]$/, '')].filter((d) => d.trim() !== ''),
      ...(c.options === undefined ? {} : { options: text(c.options) }),
      ...(c.indexes === undefined ? {} : { indexes: text(c.indexes) }),
    })),
  };
}
