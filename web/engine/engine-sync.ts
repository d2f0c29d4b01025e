/**
 * Keeps the worker's engine equal to the store: its deployment (topology, member states,
 * authorization) and its collections, also after a worker restart.
 */
import type { CollectionView } from '../../engine/worker/protocol.js';
import { store } from '../state/store.js';
import type { CollectionState } from '../state/types.js';
import type { Send } from './bridge.js';
import {
  authCommandText,
  authorizationOf,
  collectionTexts,
  deploymentCommandTexts,
  memberCommandTexts,
  shardKeyCommandTexts,
} from './convert.js';
import { adminCommands, errorText, request, setupTimeout, whenWorkerRestarts } from './worker-request.js';

/** Puts the worker's engine in the store's deployment and refreshes the selector's list. */
export async function applyDeployment(send: Send = request): Promise<void> {
  await adminCommands(deploymentCommandTexts(store.getState().deployment), send);
  const list = await send({ type: 'deployments' });
  if (list.ok) store.getState().setDeployments(list.result);
}

/**
 * Whether the worker's engine may have authorization on. The page's own setup commands run
 * unauthenticated, so a reload turns it off first and back on once the data is in.
 */
let engineAuthorization = false;

export async function setEngineAuthorization(on: boolean, send: Send = request): Promise<void> {
  await adminCommands([authCommandText(on)], send);
  engineAuthorization = on;
}

/** Loads the collections into a fresh database in the worker and refreshes the views. */
export async function syncEngine(
  collections: readonly CollectionState[],
  send: Send = request,
): Promise<CollectionView[]> {
  const s = store.getState();
  if (engineAuthorization) await setEngineAuthorization(false, send);
  await adminCommands(memberCommandTexts(s.deployment, true), send);
  // The worker reads the texts and builds the commands (inserts in batches): the page's main
  // thread never parses a document, whatever the collection's size.
  const setup = await send(
    { type: 'setupCollections', db: s.database, collections: collectionTexts(collections) },
    setupTimeout(collections),
  );
  if (!setup.ok) throw new Error(errorText(setup.error));
  await adminCommands(shardKeyCommandTexts(s.database, s.deployment), send);
  await adminCommands(memberCommandTexts(s.deployment, false), send);
  if (authorizationOf(s.deployment)) await setEngineAuthorization(true, send);
  const views = await send({ type: 'collections', db: s.database }, 15_000);
  if (!views.ok) throw new Error(errorText(views.error));
  store.getState().setViews(views.result);
  return views.result;
}

whenWorkerRestarts(async (send) => {
  engineAuthorization = false;
  await applyDeployment(send);
  await syncEngine(store.getState().collections, send);
});
