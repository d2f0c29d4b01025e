/**
 * Conversions between the page's collections and the share format / the worker's setup
 * requests. Nothing here parses a document: the worker reads the texts with the share module's
 * reader (web/worker/readers.ts), so a document the user typed is validated exactly as the engine
 * will read it, off the page's main thread.
 */
import type { CollectionText, CollectionView } from '../../engine/worker/protocol.js';
import type { ShareCollection, ShareState } from '../share/state.js';
import type { CollectionState, DeploymentChoice } from '../state/types.js';

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
  deployment: DeploymentChoice = { topology: 'replicaset', setup: null },
): ShareState {
  return {
    v: 1,
    database,
    collections: toShareCollections(collections),
    command,
    ...(scenarioId === null ? {} : { scenarioId }),
    // Always written: a link without it was made when the page started as a standalone.
    deployment: deployment.topology,
    ...(deployment.setup === null ? {} : { setup: deployment.setup }),
  };
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/**
 * The admin commands that put the worker's engine in `deployment` (engine/deploy's
 * `configureDeployment`), as EJSON text; shard keys come after the collections exist.
 */
export function deploymentCommandTexts(deployment: DeploymentChoice): string[] {
  const setup = isObject(deployment.setup) ? deployment.setup : {};
  const command: Record<string, unknown> = { configureDeployment: 1, topology: deployment.topology };
  if (deployment.topology === 'sharded' && typeof setup['shards'] === 'number') command['shards'] = setup['shards'];
  return [JSON.stringify(command)];
}

/**
 * Member states are applied after the data is loaded (a set without a primary refuses the
 * inserts); `allUp` gives the command that brings every member up before a reload.
 */
export function memberCommandTexts(deployment: DeploymentChoice, allUp: boolean): string[] {
  const setup = isObject(deployment.setup) ? deployment.setup : {};
  const members = setup['members'];
  if (deployment.topology === 'standalone' || !Array.isArray(members)) return [];
  return [JSON.stringify({ configureDeployment: 1, members: allUp ? members.length : members })];
}

/** Whether the setup turns authorization on (`setup.auth`, set by the Authorization switch). */
export function authorizationOf(deployment: DeploymentChoice): boolean {
  return isObject(deployment.setup) && deployment.setup['auth'] === true;
}

/** The admin command that turns authorization on or off (users and roles are kept). */
export function authCommandText(on: boolean): string {
  return JSON.stringify({ configureDeployment: 1, auth: on });
}

/** `shardCollection` for each shard key of the setup (sharded deployments only). */
export function shardKeyCommandTexts(database: string, deployment: DeploymentChoice): string[] {
  if (deployment.topology !== 'sharded' || !isObject(deployment.setup)) return [];
  const keys = deployment.setup['shardKeys'];
  if (!isObject(keys)) return [];
  return Object.entries(keys).map(([coll, key]) => JSON.stringify({ shardCollection: `${database}.${coll}`, key }));
}

/** The collections as the worker's `setupCollections` reads them (no document is parsed here). */
export function collectionTexts(collections: readonly CollectionState[]): CollectionText[] {
  return collections.map((c) => ({
    name: c.name,
    documents: c.docs.join(',\n'),
    ...(c.options === undefined ? {} : { options: c.options }),
    ...(c.indexes === undefined ? {} : { indexes: c.indexes }),
  }));
}

/** The engine's collections as the page keeps them. */
export function fromViews(views: readonly CollectionView[]): CollectionState[] {
  return views.map((v) => ({
    name: v.name,
    docs: v.texts,
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
