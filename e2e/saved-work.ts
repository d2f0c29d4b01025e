/**
 * Helpers for the saved-work tests: seed an old (localStorage) autosave before the page's first
 * script runs, and read what the page saved in IndexedDB with the browser's own API.
 */
import type { BrowserContext, Page } from '@playwright/test';

/** The key and layout of the autosave before IndexedDB (zustand persist, version 1). */
export const LEGACY_KEY = 'upsert-lab:v1';

export interface SeedCollection {
  readonly name: string;
  readonly docs: readonly string[];
}

export function legacySave(collections: readonly SeedCollection[], command: string, database = 'test'): string {
  return JSON.stringify({
    state: {
      database,
      deployment: { topology: 'standalone', setup: null },
      collections,
      baseline: [],
      selected: collections[0]?.name ?? null,
      command,
      scenarioId: null,
      scenarioInfo: null,
      theme: 'system',
      inspectTab: 'diff',
      introDismissed: true,
    },
    version: 1,
  });
}

/** Puts `value` under the legacy key once per tab (a reload keeps what the page did since). */
export async function seedLegacySave(context: BrowserContext, value: string): Promise<void> {
  await context.addInitScript(
    ({ key, value }) => {
      if (sessionStorage.getItem('seeded') === null) {
        localStorage.setItem(key, value);
        sessionStorage.setItem('seeded', '1');
      }
    },
    { key: LEGACY_KEY, value },
  );
}

export interface SavedSnapshot {
  readonly collections: readonly { readonly name: string; readonly docs: readonly string[] }[] | null;
  readonly command: string | null;
  readonly previous: { readonly label: string; readonly collections: readonly { name: string }[] } | null;
  readonly legacy: string | null;
}

/** What the page keeps in IndexedDB (database `upsert-lab`, store `saves`), read directly. */
export function readSaved(page: Page): Promise<SavedSnapshot> {
  return page.evaluate(
    async (legacyKey) =>
      new Promise<SavedSnapshot>((resolve, reject) => {
        const open = indexedDB.open('upsert-lab');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('saves')) {
            db.close();
            resolve({ collections: null, command: null, previous: null, legacy: localStorage.getItem(legacyKey) });
            return;
          }
          const tx = db.transaction('saves', 'readonly');
          const saves = tx.objectStore('saves');
          const c = saves.get('collections');
          const e = saves.get('editor');
          const p = saves.get('previous');
          tx.oncomplete = () => {
            db.close();
            const previous = p.result as
              | { label: string; workspace: { collections: { name: string }[] } }
              | undefined;
            resolve({
              collections: (c.result as { collections?: SavedSnapshot['collections'] } | undefined)?.collections ?? null,
              command: (e.result as { command?: string } | undefined)?.command ?? null,
              previous:
                previous === undefined
                  ? null
                  : { label: previous.label, collections: previous.workspace.collections },
              legacy: localStorage.getItem(legacyKey),
            });
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    LEGACY_KEY,
  );
}
