/**
 * Exports recreate what the page simulated: every sharded gallery scenario shards its collections
 * with their keys; upsertRace (a playground-only command) becomes two real client operations.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse, type Comment } from 'acorn';
import { describe, expect, it } from 'vitest';
import { loadScenarioGallery } from '../scenarios/load.js';
import { scenarioToShareState } from '../share/from-scenario.js';
import { docLiteral, stringLiteral } from './mongosh-literal.js';
import { exportMongoshScript } from './script.js';

const galleryPath = fileURLToPath(new URL('../../public/examples/scenarios.json', import.meta.url));
const gallery = loadScenarioGallery(readFileSync(galleryPath, 'utf8'));

/** The script's code without its comments. */
function code(script: string): string {
  const comments: Comment[] = [];
  parse(script, { ecmaVersion: 'latest', sourceType: 'script', onComment: comments, allowAwaitOutsideFunction: true });
  let out = script;
  for (const c of [...comments].reverse()) out = out.slice(0, c.start) + out.slice(c.end);
  return out;
}

describe('exported scripts reproduce the deployment', () => {
  const sharded = gallery.scenarios.filter((s) => s.deployment === 'sharded');
  it('the gallery has sharded scenarios', () => expect(sharded.length).toBeGreaterThan(0));
  for (const s of sharded) {
    it(`${s.id}: sh.shardCollection with its key`, () => {
      const script = exportMongoshScript(scenarioToShareState(s));
      for (const [name, key] of Object.entries(s.setup?.shardKeys ?? {})) {
        const line = `sh.shardCollection(${stringLiteral(`${s.database}.${name}`)}, ${docLiteral(key)});`;
        expect(script).toContain(line);
        // Sharded before the documents go in.
        expect(script.indexOf(line)).toBeLessThan(script.indexOf(`.insertMany(`));
      }
      expect(script).toContain('connect mongosh to a mongos');
    });
  }

  it('a replica set scenario with members down says what a real deployment needs', () => {
    const s = gallery.scenarios.find((x) => x.id === 'write-concern-timeout');
    expect(s).toBeDefined();
    const script = exportMongoshScript(scenarioToShareState(s!));
    expect(script).toContain('// It needs a replica set');
    expect(script).toContain('// The page simulated 2 of 3 members down');
  });
});

describe('upsertRace exports as two real clients', () => {
  const races = gallery.scenarios.filter((s) => s.script.includes('upsertRace'));
  it('the gallery has upsertRace scenarios', () => expect(races.length).toBeGreaterThan(0));
  for (const s of races) {
    it(`${s.id}: no upsertRace in the code, two upserts, a note on non-determinism`, () => {
      const script = exportMongoshScript(scenarioToShareState(s));
      const body = code(script);
      expect(body).not.toContain('upsertRace');
      expect(body.match(/\.updateOne\(\{k: 1[^;]*, \{\$inc: \{n: 1\}\}, \{upsert: true\}\);/g)).toHaveLength(2);
      expect(script).toContain('// Client 1:');
      expect(script).toContain('// Client 2:');
      expect(script).toContain('not\n// deterministic');
    });
  }
});
