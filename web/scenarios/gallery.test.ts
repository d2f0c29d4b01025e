/**
 * Every scenario of public/examples/scenarios.json runs through the real engine and the real
 * shell interpreter, and must end as its `expect` block says. Nothing is skipped silently:
 * - scenarios for another deployment are listed in PENDING_DEPLOYMENT until the engine has a
 *   deployment API (the test notices when it appears and asks for them to be wired);
 * - scenarios blocked by an engine bug are listed in KNOWN_ENGINE_GAPS with the exact symptom,
 *   and the test fails as soon as the symptom changes (fixed, or different).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ObjectId } from 'bson';
import { Engine } from '../../engine/engine.js';
import { ManualClock } from '../../engine/catalog/clock.js';
import { parseProgram } from '../../engine/shell/parser.js';
import { loadScenarioGallery } from './load.js';
import { runScenario } from './run.js';

const galleryPath = fileURLToPath(new URL('../../public/examples/scenarios.json', import.meta.url));
const gallery = loadScenarioGallery(readFileSync(galleryPath, 'utf8'));

const DEPLOYMENTS_REASON = 'needs issue 8 (deployments)';

/** Non-standalone scenarios, run once the engine can simulate replica sets and sharding. */
const PENDING_DEPLOYMENT: Readonly<Record<string, string>> = {
  'write-concern-timeout': DEPLOYMENTS_REASON,
  'primary-unreachable': DEPLOYMENTS_REASON,
  'sharded-upsert-needs-shard-key': DEPLOYMENTS_REASON,
  'sharded-upsert-with-shard-key': DEPLOYMENTS_REASON,
  'sharded-single-update-without-key': DEPLOYMENTS_REASON,
  'sharded-shard-key-change-multi': DEPLOYMENTS_REASON,
};

/** Scenario id → the exact mismatch the engine produces today (an engine bug, not the scenario's). */
const KNOWN_ENGINE_GAPS: Readonly<Record<string, string>> = {
  // The shell sends commitTransaction (engine/shell/api.ts) but the engine registers no such command.
  'upsert-in-transaction': "expected outcome 'ok', got 'error' (code 59: no such command: 'commitTransaction')",
};

/**
 * Engine modules or Engine methods that look like deployment controls (replica set members,
 * shards). Empty today; when issue 8 lands, the pending scenarios below fail and ask to be wired.
 */
function deploymentApi(): string[] {
  const modules = Object.keys(import.meta.glob(['../../engine/**/*.ts', '!**/*.test.ts'])).filter((path) =>
    /deploy|topolog|replica|shard|cluster/i.test(path.replace('../../engine/', '')),
  );
  const methods = Object.getOwnPropertyNames(Engine.prototype).filter((n) => /deploy|topolog|replica|shard/i.test(n));
  return [...modules, ...methods.map((m) => `Engine.prototype.${m}`)];
}

function freshEngine(): Engine {
  let n = 0;
  return new Engine({
    clock: new ManualClock(new Date('2026-01-15T09:30:00Z')),
    newObjectId: () => new ObjectId((++n).toString(16).padStart(24, '0')),
  });
}

describe('examples gallery file', () => {
  it('has at least 28 scenarios with unique ids and one-line descriptions', () => {
    expect(gallery.scenarios.length).toBeGreaterThanOrEqual(28);
    const ids = gallery.scenarios.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const s of gallery.scenarios) expect(s.description).not.toMatch(/\n/);
  });

  it('covers every upsert rule and every arrayFilters rule of the seed', () => {
    const rules = new Set(gallery.scenarios.map((s) => s.seedRule));
    for (let i = 1; i <= 8; i++) expect(rules, `Upsert rules ${i}`).toContain(`Upsert rules ${i}`);
    for (let i = 1; i <= 5; i++) expect(rules, `arrayFilters rules ${i}`).toContain(`arrayFilters rules ${i}`);
    for (let i = 1; i <= 7; i++) {
      expect(rules, `Matching and update rules ${i}`).toContain(`Matching and update rules ${i}`);
    }
  });

  it('writes every script in syntax the shell parser accepts', () => {
    for (const s of gallery.scenarios) expect(() => parseProgram(s.script), s.id).not.toThrow();
  });

  it('lists exactly the non-standalone scenarios as pending deployments', () => {
    const nonStandalone = gallery.scenarios.filter((s) => s.deployment !== 'standalone').map((s) => s.id);
    expect(Object.keys(PENDING_DEPLOYMENT).sort()).toEqual(nonStandalone.sort());
    for (const reason of Object.values(PENDING_DEPLOYMENT)) expect(reason).toBe(DEPLOYMENTS_REASON);
  });

  it('only lists known engine gaps for scenarios that exist', () => {
    const ids = new Set(gallery.scenarios.map((s) => s.id));
    for (const id of Object.keys(KNOWN_ENGINE_GAPS)) expect(ids.has(id), id).toBe(true);
  });
});

describe('every scenario runs on the engine', () => {
  for (const s of gallery.scenarios) {
    if (s.deployment !== 'standalone') {
      it(`${s.id} (${s.deployment}): pending until the engine has deployments`, () => {
        const api = deploymentApi();
        expect(
          api,
          `the engine now exposes deployment controls (${api.join(', ')}): run '${s.id}' with its setup and remove it from PENDING_DEPLOYMENT`,
        ).toEqual([]);
        expect(PENDING_DEPLOYMENT[s.id]).toBe(DEPLOYMENTS_REASON);
      });
      continue;
    }
    const gap = KNOWN_ENGINE_GAPS[s.id];
    it(`${s.id}: ${s.expect.outcome}${s.expect.code !== undefined ? ` ${s.expect.code}` : ''}${gap ? ' (known engine gap)' : ''}`, () => {
      const run = runScenario(freshEngine(), s);
      if (gap === undefined) {
        expect(run.mismatches).toEqual([]);
      } else {
        // The first mismatch is the recorded symptom; later ones follow from it.
        expect(run.mismatches[0], `KNOWN_ENGINE_GAPS['${s.id}'] is stale: update or remove it`).toBe(gap);
      }
    });
  }
});
