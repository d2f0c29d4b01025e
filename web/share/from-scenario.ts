/** A gallery scenario as the page's shareable state (what loading an example puts on the page). */
import { stringifyEJSON } from '../../engine/bson/ejson.js';
import type { Doc, Value } from '../../engine/bson/values.js';
import { createOptionsDoc } from '../scenarios/setup.js';
import type { Scenario } from '../scenarios/types.js';
import type { ShareCollection, ShareState } from './state.js';

/** Documents, options and indexes become relaxed EJSON text (types survive: `1.0` stays a double). */
export function scenarioToShareState(s: Scenario): ShareState {
  const collections: ShareCollection[] = s.collections.map((c) => {
    const out: { name: string; documents: string; options?: string; indexes?: string } = {
      name: c.name,
      documents: c.documentsText,
    };
    if (c.options !== undefined)
      out.options = stringifyEJSON(createOptionsDoc(c.options), { relaxed: true, indent: 2 });
    if (c.indexes.length > 0) {
      out.indexes = stringifyEJSON(
        c.indexes.map((i) => i.spec),
        { relaxed: true, indent: 2 },
      );
    }
    return out;
  });
  const state: ShareState = {
    v: 1,
    database: s.database,
    collections,
    command: s.script,
    deployment: s.deployment,
    scenarioId: s.id,
  };
  if (s.setup === undefined) return state;
  // The setup holds only plain values and shard-key documents; relaxed EJSON of those is plain JSON.
  const setup: Doc = new Map<string, Value>();
  if (s.setup.members !== undefined)
    setup.set(
      'members',
      s.setup.members.map((m) => new Map([['state', m.state]])),
    );
  if (s.setup.shards !== undefined) setup.set('shards', s.setup.shards);
  if (s.setup.shardKeys !== undefined) setup.set('shardKeys', new Map(Object.entries(s.setup.shardKeys)));
  return { ...state, setup: JSON.parse(stringifyEJSON(setup, { relaxed: true })) as ShareState['setup'] & object };
}
