/** The database as the page shows it (collections, deployments) and the page's setup commands. */
import { parseEJSON } from '../bson/ejson.js';
import { isDoc, type Doc, type Value } from '../bson/values.js';
import type { Engine } from '../index.js';
import {
  COLLECTION_PAGE,
  type CollectionView,
  type DeploymentList,
  type DocumentView,
  type ProtocolError,
} from './protocol.js';
import { firstBatch, isOk, replyError } from './reply-fields.js';
import { toTree, typedEJSON } from './views.js';
import { packTexts } from './work-requests.js';

/** The database's collections for display, in creation order (system collections left out). */
export function collectionViews(engine: Engine, db: string): CollectionView[] {
  const infos = new Map<string, Doc>();
  const listed = engine.runCommand(db, new Map<string, Value>([['listCollections', 1]]));
  for (const info of firstBatch(listed)) {
    const name = info.get('name');
    if (typeof name === 'string') infos.set(name, info);
  }
  return engine
    .collectionNames(db)
    .filter((name) => !name.startsWith('system.'))
    .map((name) => {
      const docs = engine.documents(db, name);
      const ejson = docs.map((d) => typedEJSON(d));
      const documents = docs.slice(0, COLLECTION_PAGE).map((d, i) => ({ ejson: ejson[i]!, tree: toTree(d) }));
      const texts = packTexts(ejson);
      const options = infos.get(name)?.get('options');
      const indexes = firstBatch(engine.runCommand(db, new Map<string, Value>([['listIndexes', name]])))
        .filter((spec) => spec.get('name') !== '_id_')
        .map((spec) => {
          const copy: Doc = new Map(spec);
          copy.delete('v');
          return copy;
        });
      const shardKey = engine.deployment.router.shardKeyOf(`${db}.${name}`);
      return {
        name,
        count: docs.length,
        texts,
        documents,
        ...(shardKey === undefined ? {} : { shardKey: typedEJSON(shardKey, 0) }),
        ...(isDoc(options) && options.size > 0 ? { options: typedEJSON(options) } : {}),
        ...(indexes.length > 0 ? { indexes: typedEJSON(indexes) } : {}),
      };
    });
}

/** Every document of a collection as its own typed EJSON text, in order. */
export function documentTexts(engine: Engine, db: string, collection: string): string[] {
  return engine.documents(db, collection).map((d) => typedEJSON(d));
}

/** Documents `from` to `to` (exclusive) of a collection, with display trees. */
export function documentViews(
  engine: Engine,
  db: string,
  collection: string,
  from: number,
  to: number,
): DocumentView[] {
  return engine
    .documents(db, collection)
    .slice(Math.max(0, from), Math.max(0, to))
    .map((d) => ({ ejson: typedEJSON(d), tree: toTree(d) }));
}

/**
 * Rebuilds the database: drop it when `reset`, then run the setup commands in order. The first
 * failing command throws its error, named by its position ("setup command 2: …").
 */
export function runSetup(
  engine: Engine,
  db: string,
  reset: boolean,
  commands: readonly string[],
): ProtocolError | undefined {
  if (reset) engine.runCommand(db, new Map<string, Value>([['dropDatabase', 1]]));
  for (const [i, text] of commands.entries()) {
    const command = parseEJSON(text);
    if (!isDoc(command)) return { code: 9, codeName: 'FailedToParse', errmsg: `setup command ${i} is not a document` };
    const reply = engine.runCommand(db, command);
    const error = replyError(reply);
    if (error !== undefined) return { ...error, errmsg: `${command.keys().next().value ?? ''}: ${error.errmsg}` };
  }
  return undefined;
}

const TOPOLOGIES = ['standalone', 'replicaset', 'sharded'];

/**
 * The engine's current deployment (`getDeployment`, engine/deploy) and the ones it can simulate;
 * an engine without that command offers the standalone only.
 */
export function deploymentList(engine: Engine): DeploymentList {
  const reply = engine.runCommand('admin', new Map<string, Value>([['getDeployment', 1]]));
  const topology = reply.get('topology');
  if (!isOk(reply) || typeof topology !== 'string') return { current: 'standalone', available: ['standalone'] };
  return { current: topology, available: TOPOLOGIES };
}
