/**
 * What a real deployment needs to reproduce what the page simulated: the comment lines at the top
 * of an exported script (fixed text and numbers only, never a user's name or value) and the shard
 * keys to recreate with `sh.shardCollection`.
 */
import { parseEJSON } from '../../engine/bson/ejson.js';
import { isDoc, type Doc } from '../../engine/bson/values.js';
import type { ShareState } from '../share/state.js';

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** Collection name → shard key document, from a sharded state's setup. */
export function shardKeysOf(state: ShareState): Map<string, Doc> {
  const out = new Map<string, Doc>();
  if (state.deployment !== 'sharded' || !isObject(state.setup)) return out;
  const keys = state.setup['shardKeys'];
  if (!isObject(keys)) return out;
  for (const [name, key] of Object.entries(keys)) {
    const doc = parseEJSON(JSON.stringify(key));
    if (isDoc(doc)) out.set(name, doc);
  }
  return out;
}

function memberStates(state: ShareState): string[] {
  const members = isObject(state.setup) ? state.setup['members'] : undefined;
  if (!Array.isArray(members)) return [];
  return members.map((m) => (isObject(m) && m['state'] === 'down' ? 'down' : 'up'));
}

/** The comment lines that say which deployment the script needs, and why. */
export function deploymentNotes(state: ShareState): string[] {
  const deployment = state.deployment ?? 'standalone';
  const states = memberStates(state);
  const down = states.filter((s) => s === 'down').length;
  const membersNote =
    down === 0
      ? []
      : [
          `// The page simulated ${down} of ${states.length} members down: stop as many secondaries of your test`,
          '// replica set before running the command to see the same write concern outcome.',
        ];
  if (deployment === 'sharded') {
    const shards = isObject(state.setup) && typeof state.setup['shards'] === 'number' ? state.setup['shards'] : 2;
    return [
      `// It needs a sharded cluster (the page simulated ${String(shards)} shards, each a 3-member replica set):`,
      '// connect mongosh to a mongos. sh.shardCollection below recreates each shard key (since MongoDB 6.0',
      '// no sh.enableSharding is needed first).',
      ...membersNote,
    ];
  }
  if (deployment === 'replicaset') {
    return [
      `// It needs a replica set (the page simulated ${String(states.length || 3)} members): the oplog, transactions and`,
      '// write concerns above w: 1 exist only there. Connect mongosh to the primary.',
      ...membersNote,
    ];
  }
  return [
    '// It was written for a standalone mongod: on a replica set, transactions and w above 1 succeed where',
    '// a standalone refuses them.',
  ];
}
