/**
 * Small display preferences (theme, inspector tab, intro strip) stay in localStorage: a few bytes,
 * needed synchronously before the first paint. Documents never go here.
 */
import type { InspectTab, Theme } from '../state/types.js';

export const PREFS_KEY = 'upsert-lab:prefs';

export interface Prefs {
  readonly theme: Theme;
  readonly inspectTab: InspectTab;
  readonly introDismissed: boolean;
}

export function readPrefs(): Partial<Prefs> {
  try {
    if (typeof localStorage === 'undefined') return {};
    const text = localStorage.getItem(PREFS_KEY);
    if (text === null) return {};
    const p = JSON.parse(text) as Record<string, unknown>;
    const out: { -readonly [K in keyof Prefs]?: Prefs[K] } = {};
    if (p['theme'] === 'system' || p['theme'] === 'light' || p['theme'] === 'dark') out.theme = p['theme'];
    if (p['inspectTab'] === 'diff' || p['inspectTab'] === 'oplog') out.inspectTab = p['inspectTab'];
    if (typeof p['introDismissed'] === 'boolean') out.introDismissed = p['introDismissed'];
    return out;
  } catch {
    return {};
  }
}

/** Best effort: a full or disabled localStorage only loses a display preference. */
export function writePrefs(p: Prefs): void {
  try {
    if (typeof localStorage !== 'undefined') localStorage.setItem(PREFS_KEY, JSON.stringify(p));
  } catch {
    // Nothing of the user's work is at stake here.
  }
}
