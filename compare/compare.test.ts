/**
 * `npm run compare` against `npm run serve` (on a free loopback port): the gallery's scenarios show no
 * difference against a served engine; a served engine configured with the older router
 * write-concern reporting shows exactly that difference; an existing database is never touched.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Int32 } from 'bson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Value } from '../engine/bson/values.js';
import { Engine } from '../engine/engine.js';
import { loadScenario, loadScenarioGallery, scenarioDeploymentCommands } from '../server/start-state.js';
import { startWireServer, type WireServer } from '../server/wire-server.js';
import { CompareRefused, compareScenario, formatReport } from './run-compare.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const gallery = loadScenarioGallery(readFileSync(join(root, 'public', 'examples', 'scenarios.json'), 'utf8'));
const SECTION = gallery.scenarios[0]!.section;
const SPEC_REF = gallery.scenarios[0]!.specRef;
let server: WireServer;
let URI: string;

beforeAll(async () => {
  server = await startWireServer({ engine: new Engine(), port: 0 });
  URI = `mongodb://127.0.0.1:${server.port}/`;
});
afterAll(async () => {
  await server.close();
});

describe('npm run compare against npm run serve', () => {
  it('finds no difference for any standalone or replica-set gallery scenario', async () => {
    const scenarios = gallery.scenarios.filter((s) => s.deployment !== 'sharded');
    expect(scenarios.length).toBeGreaterThan(40);
    for (const s of scenarios) {
      // The served engine gets the scenario's deployment (member states), not its data.
      const served = new Engine({ topology: s.deployment });
      const { before, after } = scenarioDeploymentCommands(s);
      for (const c of [...before, ...after]) if (c.has('configureDeployment')) served.runCommand('admin', c);
      server.engine = served;
      const report = await compareScenario({ uri: URI, scenario: s });
      if (report.differences !== 0) throw new Error(`${s.id}:\n${formatReport(report)}`);
      // The scratch database is gone afterwards.
      expect((server.engine as Engine).databaseNames()).not.toContain(report.scratchDb);
    }
  }, 120000);

  it('shows the difference of a router that omits writeConcernError beside write errors', async () => {
    const engine = new Engine({ topology: 'sharded' });
    engine.runCommand(
      'admin',
      new Map<string, Value>([
        ['configureDeployment', new Int32(1)],
        ['legacyRouterWriteConcernErrors', true],
      ]),
    );
    server.engine = engine;
    const scenario = loadScenario(
      JSON.stringify({
        id: 'router-wce',
        title: 'write error and write concern error through a router',
        description: 'A duplicate key with an unsatisfiable write concern.',
        section: SECTION,
        specRef: SPEC_REF,
        deployment: 'sharded',
        setup: { shards: 1 },
        collections: { c: { documents: [{ _id: 1 }] } },
        script:
          'db.runCommand({insert: "c", documents: [{_id: 1}, {_id: 2}], ordered: false, writeConcern: {w: 50, wtimeout: 100}})',
        expect: { outcome: 'writeError', code: 11000 },
      }),
    );
    const report = await compareScenario({ uri: URI, scenario });
    const text = formatReport(report);
    expect(report.differences).toBeGreaterThan(0);
    expect(text).toMatch(/DIFFERS {2}\[1\] db\.runCommand\(\{insert/);
    expect(text).toMatch(/insert: writeConcernError: only the engine has it/);
    // The documents agree: only the reporting differs.
    expect(report.collections).toEqual([{ name: 'c', differences: [] }]);
  });

  it('refuses to touch a database that exists', async () => {
    const engine = new Engine();
    engine.runCommand(
      'taken',
      new Map<string, Value>([
        ['insert', 'keep'],
        ['documents', [new Map([['_id', 1]])]],
      ]),
    );
    server.engine = engine;
    const scenario = gallery.scenarios.find((s) => s.id === 'inc-and-unset')!;
    await expect(compareScenario({ uri: URI, scenario, scratchDb: 'taken' })).rejects.toThrow(CompareRefused);
    expect(engine.documents('taken', 'keep')).toHaveLength(1);
    expect(engine.collectionNames('taken')).toEqual(['keep']);
  });
});
