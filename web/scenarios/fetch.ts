/** The gallery file, fetched once per page (the examples dialog and the embed's title share it). */
import { SCENARIO_GALLERY_PATH } from './index.js';
import { loadScenarioGallery } from './load.js';
import type { ScenarioGallery } from './types.js';

let cache: Promise<ScenarioGallery> | undefined;

export function fetchScenarioGallery(): Promise<ScenarioGallery> {
  cache ??= fetch(`${import.meta.env.BASE_URL}${SCENARIO_GALLERY_PATH}`)
    .then((r) => {
      if (!r.ok) throw new Error(`cannot load the gallery: HTTP ${r.status}`);
      return r.text();
    })
    .then(loadScenarioGallery)
    .catch((e: unknown) => {
      cache = undefined;
      throw e;
    });
  return cache;
}
