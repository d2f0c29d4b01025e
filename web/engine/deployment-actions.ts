/** The deployment selector's actions: topology, member up/down states, the Authorization switch. */
import { store } from '../state/store.js';
import type { DeploymentChoice } from '../state/types.js';
import { memberCommandTexts } from './convert.js';
import { applyDeployment, setEngineAuthorization, syncEngine } from './engine-sync.js';
import { schedulePreview } from './preview.js';
import { adminCommands, message } from './worker-request.js';

/** The selector's choice: a fresh deployment of that shape; the collections are reloaded. */
export async function switchDeployment(topology: DeploymentChoice['topology']): Promise<void> {
  const s = store.getState();
  s.setDeployment({ topology, setup: null });
  try {
    await applyDeployment();
    await syncEngine(store.getState().collections);
    schedulePreview(0);
  } catch (e) {
    s.setNotice({ kind: 'error', text: message(e) });
  }
}

/** Member up/down states (the same for every shard's replica set on a cluster). */
export async function setMemberStates(up: readonly boolean[]): Promise<void> {
  const s = store.getState();
  const setup = s.deployment.setup;
  const base = typeof setup === 'object' && setup !== null && !Array.isArray(setup) ? setup : {};
  s.setDeployment({
    topology: s.deployment.topology,
    setup: { ...base, members: up.map((u) => ({ state: u ? 'up' : 'down' })) },
  });
  try {
    await adminCommands(memberCommandTexts(store.getState().deployment, false));
    schedulePreview(0);
  } catch (e) {
    s.setNotice({ kind: 'error', text: message(e) });
  }
}

/**
 * The Authorization switch: `configureDeployment {auth}` (engine/deploy). With it on, a script
 * runs as an unauthenticated connection until it calls `db.auth()` (the first user can be created
 * without authenticating, as the server's localhost exception allows).
 */
export async function setAuthorization(on: boolean): Promise<void> {
  const s = store.getState();
  const setup = s.deployment.setup;
  const base = typeof setup === 'object' && setup !== null && !Array.isArray(setup) ? setup : {};
  const rest = Object.fromEntries(Object.entries(base).filter(([k]) => k !== 'auth'));
  const next = on ? { ...rest, auth: true } : rest;
  s.setDeployment({ topology: s.deployment.topology, setup: Object.keys(next).length > 0 ? next : null });
  try {
    await setEngineAuthorization(on);
    schedulePreview(0);
  } catch (e) {
    s.setNotice({ kind: 'error', text: message(e) });
  }
}
