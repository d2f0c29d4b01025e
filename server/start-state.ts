/**
 * What a served engine starts from and what it leaves behind: a gallery scenario (`--scenario`),
 * a share link's state (`--link`), and the share link of the current state (`--save-link`). The
 * page's own pure modules do the work (web/scenarios, web/share), so a link made here opens the
 * same playground and a link from the page serves the same collections.
 */
import { readFileSync } from 'node:fs';
import { Int32 } from 'bson';
import { parseEJSON, stringifyEJSON } from '../engine/bson/ejson.js';
import { isDoc, type Doc, type Value } from '../engine/bson/values.js';
import { Engine } from '../engine/engine.js';
import {
  loadScenario,
  loadScenarioGallery,
  loadScenarioIntoEngine,
  scenarioDeploymentCommands,
  type Scenario,
} from '../web/scenarios/index.js';
import { runSetupCommands } from '../web/scenarios/setup.js';
import { decodeState, readSharePayload, shareUrl, type ShareCollection, type ShareState } from '../web/share/index.js';
import { loadShareStateIntoEngine } from '../web/share/parse-state.js';

/** The gallery's loaders, for Node tools and their tests (which may not import web/ directly). */
export { loadScenario, loadScenarioGallery, scenarioDeploymentCommands };

export type Topology = 'standalone' | 'replicaset' | 'sharded';

/** Where a served engine came from (kept for --save-link). */
export interface StartState {
  readonly engine: Engine;
  readonly database: string;
  readonly command: string;
  readonly scenarioId?: string | undefined;
}

/**
 * Reads a scenario file: one scenario, or the whole gallery (public/examples/scenarios.json) with
 * `id` naming one of its scenarios.
 */
export function readScenarioFile(file: string, id?: string): Scenario {
  const text = readFileSync(file, 'utf8');
  const root = parseEJSON(text);
  if (isDoc(root) && root.has('scenarios')) {
    const gallery = loadScenarioGallery(text);
    if (id === undefined) {
      throw new Error(
        `${file} is a gallery of ${gallery.scenarios.length} scenarios: name one with --scenario-id (e.g. ${gallery.scenarios[0]?.id ?? '…'})`,
      );
    }
    const s = gallery.scenarios.find((x) => x.id === id);
    if (!s) throw new Error(`no scenario '${id}' in ${file}`);
    return s;
  }
  return loadScenario(text, file);
}

export function startFromScenario(s: Scenario): StartState {
  const engine = new Engine({ topology: s.deployment });
  loadScenarioIntoEngine(engine, s);
  return { engine, database: s.database, command: s.script, scenarioId: s.id };
}

function setupDoc(state: ShareState): Doc | undefined {
  if (state.setup === undefined) return undefined;
  const v = parseEJSON(JSON.stringify(state.setup));
  return isDoc(v) ? v : undefined;
}

/** Builds the state of a share link (`https://…/#s=…`, or the bare payload). */
export async function startFromLink(link: string): Promise<StartState> {
  const state = await decodeLink(link);
  const topology: Topology = state.deployment ?? 'standalone';
  const engine = new Engine({ topology });
  const setup = setupDoc(state);
  const database = state.database ?? 'test';
  const members = setup?.get('members');
  const shards = setup?.get('shards');
  if (topology !== 'standalone') {
    const configure: Doc = new Map<string, Value>([
      ['configureDeployment', new Int32(1)],
      ['topology', topology],
    ]);
    if (topology === 'sharded' && shards !== undefined) configure.set('shards', shards);
    if (Array.isArray(members)) configure.set('members', new Int32(members.length));
    runSetupCommands(engine, 'admin', [configure]);
  }
  loadShareStateIntoEngine(engine, state);
  const after: Doc[] = [];
  const shardKeys = setup?.get('shardKeys');
  if (isDoc(shardKeys)) {
    for (const [name, key] of shardKeys) {
      after.push(
        new Map<string, Value>([
          ['shardCollection', `${database}.${name}`],
          ['key', key],
        ]),
      );
    }
  }
  if (Array.isArray(members) && members.some((m) => isDoc(m) && m.get('state') !== 'up')) {
    after.push(
      new Map<string, Value>([
        ['configureDeployment', new Int32(1)],
        ['members', members],
      ]),
    );
  }
  runSetupCommands(engine, 'admin', after);
  return { engine, database, command: state.command, scenarioId: state.scenarioId };
}

function relaxed(v: Value): string {
  return stringifyEJSON(v, { relaxed: true, indent: 2 });
}

/** The share state of the served engine now: the start database's collections, options, indexes. */
export function currentShareState(start: StartState): ShareState {
  const { engine, database } = start;
  const listed = engine.runCommand(database, new Map<string, Value>([['listCollections', 1]]));
  const cursor = listed.get('cursor');
  const infos = isDoc(cursor) && Array.isArray(cursor.get('firstBatch')) ? (cursor.get('firstBatch') as Doc[]) : [];
  const collections: ShareCollection[] = [];
  for (const info of infos) {
    const name = info.get('name');
    if (typeof name !== 'string' || info.get('type') === 'view' || name.startsWith('system.')) continue;
    const out: { name: string; documents: string; options?: string; indexes?: string } = {
      name,
      documents: relaxed(engine.documents(database, name)),
    };
    const options = info.get('options');
    if (isDoc(options) && options.size > 0) out.options = relaxed(options);
    const idx = engine.runCommand(database, new Map<string, Value>([['listIndexes', name]]));
    const idxCursor = idx.get('cursor');
    const specs = (
      isDoc(idxCursor) && Array.isArray(idxCursor.get('firstBatch')) ? (idxCursor.get('firstBatch') as Doc[]) : []
    )
      .filter((s) => s.get('name') !== '_id_')
      .map((s) => {
        const spec = new Map(s);
        spec.delete('v');
        return spec;
      });
    if (specs.length > 0) out.indexes = relaxed(specs);
    collections.push(out);
  }
  const deployment = engine.runCommand('admin', new Map<string, Value>([['getDeployment', 1]])).get('topology');
  return {
    v: 1,
    database,
    collections,
    command: start.command,
    ...(deployment === 'standalone' || deployment === 'replicaset' || deployment === 'sharded' ? { deployment } : {}),
    ...(start.scenarioId !== undefined ? { scenarioId: start.scenarioId } : {}),
  };
}

/** The share state a link carries (`https://…/#s=…`, or the bare payload). */
export async function decodeLink(link: string): Promise<ShareState> {
  const payload = link.includes('#') || link.includes('://') ? readSharePayload(link) : link;
  if (payload === undefined) throw new Error('the link has no shared state (#s=…)');
  return decodeState(payload);
}

export async function saveLink(start: StartState, base: string): Promise<string> {
  return shareUrl(base, currentShareState(start));
}
