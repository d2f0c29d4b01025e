/**
 * The autosave of earlier versions of the page: one localStorage key holding zustand's persisted
 * JSON (collections included). Read once on the first load, moved into IndexedDB, then removed.
 */
import { isWorkspace, type SavedWorkspace } from './workspace.js';
import type { Prefs } from './prefs.js';

export const LEGACY_KEY = 'upsert-lab:v1';

export interface LegacySave {
  readonly workspace: SavedWorkspace | null;
  readonly prefs: Partial<Prefs>;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readLegacy(): LegacySave | null {
  const text = storage()?.getItem(LEGACY_KEY) ?? null;
  if (text === null) return null;
  let state: unknown;
  try {
    state = (JSON.parse(text) as { state?: unknown }).state;
  } catch {
    return null;
  }
  if (typeof state !== 'object' || state === null) return null;
  const s = state as Record<string, unknown>;
  const workspace: SavedWorkspace | null = isWorkspace(s)
    ? {
        database: s.database,
        deployment: s.deployment ?? { topology: 'standalone', setup: null },
        collections: s.collections,
        baseline: s.baseline,
        command: typeof s['command'] === 'string' ? s['command'] : '',
        selected: typeof s['selected'] === 'string' ? s['selected'] : null,
        scenarioId: typeof s['scenarioId'] === 'string' ? s['scenarioId'] : null,
        scenarioInfo: (s['scenarioInfo'] as SavedWorkspace['scenarioInfo'] | undefined) ?? null,
      }
    : null;
  const prefs: { -readonly [K in keyof Prefs]?: Prefs[K] } = {};
  if (s['theme'] === 'system' || s['theme'] === 'light' || s['theme'] === 'dark') prefs.theme = s['theme'];
  if (s['inspectTab'] === 'diff' || s['inspectTab'] === 'oplog') prefs.inspectTab = s['inspectTab'];
  if (typeof s['introDismissed'] === 'boolean') prefs.introDismissed = s['introDismissed'];
  return { workspace, prefs };
}

/** Removes the old key (only once its content is safely in IndexedDB). */
export function forgetLegacy(): void {
  storage()?.removeItem(LEGACY_KEY);
}
