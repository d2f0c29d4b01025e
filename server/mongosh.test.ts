/**
 * Real mongosh (tools/mongosh, installed by .ci/run) against the playground's shell: every gallery
 * scenario's script runs in mongosh against the engine served on the wire (loopback ports
 * 27140–27141) and in the engine's shell; what each prints must agree, except for the differences
 * listed here (and in the README) with their reason. Skipped, saying so, when mongosh is absent.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compareWithMongosh, mongoshAvailable, normaliseOutput, type MongoshComparison } from './mongosh-compare.js';
import { loadScenarioGallery } from './start-state.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const gallery = loadScenarioGallery(readFileSync(join(root, 'public', 'examples', 'scenarios.json'), 'utf8'));

/** Scenarios where mongosh 2.12 and our shell print differently, and why (README: "mongosh vs our shell"). */
export const KNOWN_MONGOSH_DIFFERENCES: Readonly<Record<string, string>> = {
  'single-update-by-default':
    "mongosh 2.x answers the deprecated db.c.update() with a DeprecationWarning and an UpdateResult (acknowledged, matchedCount …); our shell prints the legacy shell's WriteResult {nMatched, nUpserted, nModified}",
  'explain-update':
    'mongosh prints the DeprecationWarning of Collection.update() for explain().update(); our shell prints none there',
  'write-concern-timeout':
    'mongosh (through the driver) throws MongoWriteConcernError for a db.runCommand reply that carries a writeConcernError; our shell prints the reply',
  'upsert-replacement-generated-id':
    'mongosh --json cannot print this script\'s last value ("Converting circular structure to EJSON"), a mongosh limitation',
};

describe.skipIf(!mongoshAvailable())('real mongosh against our shell (every gallery scenario)', () => {
  it('prints the same, apart from the listed differences', async () => {
    const results: MongoshComparison[] = [];
    let next = 0;
    const worker = async (port: number): Promise<void> => {
      while (next < gallery.scenarios.length) {
        const s = gallery.scenarios[next++]!;
        results.push(await compareWithMongosh(s, port));
      }
    };
    await Promise.all([worker(27140), worker(27141)]);
    const unexpected = results
      .filter((r) => !r.same && KNOWN_MONGOSH_DIFFERENCES[r.id] === undefined)
      .map((r) => `${r.id}\n  mongosh: ${normaliseOutput(r.mongosh)}\n  ours:    ${normaliseOutput(r.ours)}`);
    const nowSame = results.filter((r) => r.same && KNOWN_MONGOSH_DIFFERENCES[r.id] !== undefined).map((r) => r.id);
    expect(unexpected).toEqual([]);
    expect(nowSame).toEqual([]);
    expect(results).toHaveLength(gallery.scenarios.length);
  }, 900_000);
});

describe.runIf(!mongoshAvailable())('real mongosh', () => {
  it('is not installed here: run `npm ci --prefix tools/mongosh` (done by .ci/run)', () => {
    expect(mongoshAvailable()).toBe(false);
  });
});
