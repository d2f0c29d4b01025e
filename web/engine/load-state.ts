/**
 * Loading whole states: a share link or gallery example, the starter collections, and Reset
 * everything. The loaded collections become the new baseline.
 */
import { fetchExampleCollections, fetchExampleIndex } from '../examples.js';
import type { ShareState } from '../share/state.js';
import { store } from '../state/store.js';
import type { ScenarioInfo } from '../state/types.js';
import { applyDeployment, syncEngine } from './engine-sync.js';
import { schedulePreview } from './preview.js';
import { errorText, request } from './worker-request.js';
import { fromShareState, fromViews } from './convert.js';

export const STARTER_COMMAND = `// Raise every grade below 95 to 95 (try 92, or $[] for all)
db.students.updateMany(
  {},
  { $set: { "grades.$[low]": 95 } },
  { arrayFilters: [ { low: { $lt: 95 } } ] }
)`;

/** Loads a shared or gallery state: its collections become the new baseline. */
export async function loadState(state: ShareState, label: string | null, info?: ScenarioInfo): Promise<void> {
  const { collections, command } = fromShareState(state);
  const s = store.getState();
  store.setState({ database: state.database ?? 'test' });
  s.setDeployment({ topology: state.deployment ?? 'standalone', setup: state.setup ?? null });
  await applyDeployment();
  const views = await syncEngine(collections);
  const loaded = fromViews(views);
  s.commitCollections(loaded, label);
  s.setBaseline(loaded);
  s.setCommand(command);
  s.setScenario(state.scenarioId ?? null, info ?? null);
  const target = /db\.([A-Za-z_][\w]*)\./.exec(command)?.[1];
  if (target !== undefined && loaded.some((c) => c.name === target)) s.selectCollection(target);
  s.showRun(null);
  schedulePreview(0);
}

/** The starter collections of public/examples/ and the starter command. */
export async function loadStarter(label: string | null): Promise<void> {
  const index = await fetchExampleIndex();
  const files = await fetchExampleCollections(index);
  const db = index.database;
  store.setState({ database: db });
  // Start from an empty database: collections made since (e.g. by a script) must go too.
  const dropped = await request({ type: 'setup', db, reset: true, commands: [] });
  if (!dropped.ok) throw new Error(errorText(dropped.error));
  const loaded = await request({ type: 'loadCollections', db, collections: files });
  if (!loaded.ok) throw new Error(errorText(loaded.error));
  const views = await request({ type: 'collections', db });
  if (!views.ok) throw new Error(errorText(views.error));
  const s = store.getState();
  s.setViews(views.result);
  const collections = fromViews(views.result);
  s.commitCollections(collections, label);
  s.setBaseline(collections);
  s.setCommand(STARTER_COMMAND);
  s.setScenario(null);
  s.selectCollection('students');
  s.showRun(null);
  schedulePreview(0);
}

/** Forgets everything saved and starts again from the starter example. */
export async function resetEverything(): Promise<void> {
  store.setState({ past: [], future: [], collections: [], shown: null, notice: null });
  store.getState().setDeployment({ topology: 'replicaset', setup: null });
  await applyDeployment();
  await loadStarter(null);
}
