/**
 * Every scenario of public/examples/scenarios.json runs through the real engine and the real
 * shell interpreter, and must end as its `expect` block says. Nothing is skipped silently:
 * - replica set and sharded scenarios run on the simulated deployment their `setup` describes
 *   (engine/deploy, built by setup.ts `scenarioDeploymentCommands`);
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
import { gallerySections } from './sections.js';
import { COURSE_SECTIONS } from './types.js';

const galleryPath = fileURLToPath(new URL('../../public/examples/scenarios.json', import.meta.url));
const gallery = loadScenarioGallery(readFileSync(galleryPath, 'utf8'));

/** Scenario id → the exact mismatch the engine produces today (an engine bug, not the scenario's). */
const KNOWN_ENGINE_GAPS: Readonly<Record<string, string>> = {};

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

  it('covers every upsert rule and every arrayFilters rule of the specification', () => {
    const rules = new Set(gallery.scenarios.map((s) => s.specRef));
    for (let i = 1; i <= 8; i++) expect(rules, `Upsert rules ${i}`).toContain(`Upsert rules ${i}`);
    for (let i = 1; i <= 5; i++) expect(rules, `arrayFilters rules ${i}`).toContain(`arrayFilters rules ${i}`);
    for (let i = 1; i <= 7; i++) {
      expect(rules, `Matching and update rules ${i}`).toContain(`Matching and update rules ${i}`);
    }
  });

  it('fills every section of the course, in plain words', () => {
    const sections = gallerySections(gallery.scenarios);
    expect(sections.map((s) => s.title)).toEqual([...COURSE_SECTIONS]);
    for (const s of gallery.scenarios) {
      // What a learner reads never points into the specification.
      expect(`${s.title} ${s.description}`, s.id).not.toMatch(/\bseed\b|\brules? \d|\bspec\b/i);
      expect(s.description.trim(), s.id).toMatch(/[.!?]$/);
    }
  });

  it('writes every script in syntax the shell parser accepts', () => {
    for (const s of gallery.scenarios) expect(() => parseProgram(s.script), s.id).not.toThrow();
  });

  it('has scenarios for the replica set and the sharded cluster (engine/deploy simulates them)', () => {
    const deployments = new Set(gallery.scenarios.map((s) => s.deployment));
    expect(deployments.has('replicaset')).toBe(true);
    expect(deployments.has('sharded')).toBe(true);
  });

  it('only lists known engine gaps for scenarios that exist', () => {
    const ids = new Set(gallery.scenarios.map((s) => s.id));
    for (const id of Object.keys(KNOWN_ENGINE_GAPS)) expect(ids.has(id), id).toBe(true);
  });
});

describe('every scenario runs on the engine', () => {
  for (const s of gallery.scenarios) {
    const gap = KNOWN_ENGINE_GAPS[s.id];
    it(`${s.id}${s.deployment !== 'standalone' ? ` (${s.deployment})` : ''}: ${s.expect.outcome}${s.expect.code !== undefined ? ` ${s.expect.code}` : ''}${gap ? ' (known engine gap)' : ''}`, () => {
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
