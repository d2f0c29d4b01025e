/**
 * What Share puts in the link for each gallery example right after it is loaded: the scenario
 * through the engine and back into the page's collections (documents as the page lays them out),
 * as the Share dialog builds it. For measuring and testing links (Node; not part of the page).
 */
import { Engine } from '../../engine/engine.js';
import { collectionViews } from '../../engine/worker/playground.js';
import { fromViews, toShareState } from '../engine/convert.js';
import type { ScenarioGallery } from '../scenarios/types.js';
import { scenarioToShareState } from './from-scenario.js';
import { loadShareStateIntoEngine } from './parse-state.js';
import type { ShareState } from './state.js';

export interface GalleryState {
  readonly id: string;
  readonly state: ShareState;
}

export function galleryShareStates(gallery: ScenarioGallery): GalleryState[] {
  return gallery.scenarios.map((s) => {
    const loaded = scenarioToShareState(s);
    const engine = new Engine();
    loadShareStateIntoEngine(engine, loaded, { reset: true });
    const collections = fromViews(collectionViews(engine, s.database));
    const deployment = { topology: loaded.deployment ?? 'replicaset', setup: loaded.setup ?? null };
    return { id: s.id, state: toShareState(s.database, collections, s.script, s.id, deployment) };
  });
}
