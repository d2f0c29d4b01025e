/**
 * What the page saves of a user's work, and how the baseline is stored without repeating the
 * collections: a baseline collection equal to the current one is kept as a reference to it.
 */
import type { CollectionState, DeploymentChoice, ScenarioInfo, Store } from '../state/types.js';

/** The collections part (written only when one of these fields changed). */
export interface SavedCollections {
  readonly database: string;
  readonly deployment: DeploymentChoice;
  readonly collections: readonly CollectionState[];
  readonly baseline: readonly CollectionState[];
}

/** The editor part (small; follows the typing, debounced). */
export interface SavedEditor {
  readonly command: string;
  readonly selected: string | null;
  readonly scenarioId: string | null;
  readonly scenarioInfo: ScenarioInfo | null;
}

export type SavedWorkspace = SavedCollections & SavedEditor;

/** A baseline collection as stored: the collection itself, or "same as the current one". */
export type StoredBaseline = CollectionState | { readonly sameAs: string };

export function collectionsOf(s: Pick<Store, keyof SavedCollections>): SavedCollections {
  return { database: s.database, deployment: s.deployment, collections: s.collections, baseline: s.baseline };
}

export function editorOf(s: Pick<Store, keyof SavedEditor>): SavedEditor {
  return { command: s.command, selected: s.selected, scenarioId: s.scenarioId, scenarioInfo: s.scenarioInfo };
}

export function workspaceOf(s: Pick<Store, keyof SavedWorkspace>): SavedWorkspace {
  return { ...collectionsOf(s), ...editorOf(s) };
}

function sameCollection(a: CollectionState, b: CollectionState): boolean {
  if (a === b) return true;
  if (a.name !== b.name || a.options !== b.options || a.indexes !== b.indexes) return false;
  if (a.docs === b.docs) return true;
  return a.docs.length === b.docs.length && a.docs.every((d, i) => d === b.docs[i]);
}

/** The baseline with every collection equal to the current one replaced by a reference. */
export function packBaseline(
  collections: readonly CollectionState[],
  baseline: readonly CollectionState[],
): StoredBaseline[] {
  const byName = new Map(collections.map((c) => [c.name, c]));
  return baseline.map((b) => {
    const current = byName.get(b.name);
    return current !== undefined && sameCollection(current, b) ? { sameAs: b.name } : b;
  });
}

/** The inverse of packBaseline (a dangling reference is dropped). */
export function unpackBaseline(
  collections: readonly CollectionState[],
  stored: readonly StoredBaseline[],
): CollectionState[] {
  const byName = new Map(collections.map((c) => [c.name, c]));
  return stored.flatMap((b) => {
    if (!('sameAs' in b)) return [b];
    const current = byName.get(b.sameAs);
    return current === undefined ? [] : [current];
  });
}

/** Whether a value read back from storage has the shape of a workspace (old saves may not). */
export function isWorkspace(x: unknown): x is SavedWorkspace {
  if (typeof x !== 'object' || x === null) return false;
  const w = x as Record<string, unknown>;
  const isCollections = (v: unknown): boolean =>
    Array.isArray(v) &&
    v.every(
      (c) =>
        typeof c === 'object' &&
        c !== null &&
        typeof (c as { name?: unknown }).name === 'string' &&
        Array.isArray((c as { docs?: unknown }).docs),
    );
  return typeof w['database'] === 'string' && isCollections(w['collections']) && isCollections(w['baseline']);
}
