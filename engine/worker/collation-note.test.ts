/**
 * A write statement whose collation the engine only approximates carries a fidelity note for
 * the page; one the engine compares as the server does carries none.
 */
import { describe, expect, it } from 'vitest';
import { Engine } from '../index.js';
import { runPlaygroundScript, runSetup } from './playground.js';
import { loadEngineShell } from './shell-runner.js';

async function statementOf(script: string, setup: string[] = []) {
  const engine = new Engine();
  expect(
    runSetup(engine, 'test', true, [
      '{"insert": "c", "documents": [{"_id": 1, "w": "a b"}, {"_id": 2, "w": "a-b"}]}',
      ...setup,
    ]),
  ).toBeUndefined();
  const run = runPlaygroundScript(engine, await loadEngineShell(), 'test', script, false);
  return run.commands.at(-1)!.statements[0]!;
}

describe('fidelity notes on collated statements', () => {
  it('a tailored locale with backwards is noted, and the statement still runs', async () => {
    const s = await statementOf(
      'db.c.updateMany({w: "ab"}, {$set: {hit: 1}}, {collation: {locale: "sv", alternate: "shifted", backwards: true}})',
    );
    expect(s.fidelityNote).toMatch(/^Collation sv: backwards \(French secondary order\) is not applied/);
    expect(s.nMatched).toBe(2);
  });

  it('a tailored locale with maxVariable space is composed exactly: no note, only "a b" matches', async () => {
    const s = await statementOf(
      'db.c.updateMany({w: "ab"}, {$set: {hit: 1}}, {collation: {locale: "sv", alternate: "shifted", maxVariable: "space"}})',
    );
    expect(s.fidelityNote).toBeUndefined();
    expect(s.nMatched).toBe(1);
  });

  it('a root-collated locale with the same options is the server\'s comparison: no note, only "a b" matches', async () => {
    const s = await statementOf(
      'db.c.updateMany({w: "ab"}, {$set: {hit: 1}}, {collation: {locale: "en", alternate: "shifted", maxVariable: "space"}})',
    );
    expect(s.fidelityNote).toBeUndefined();
    expect(s.nMatched).toBe(1);
  });

  it("a collection's default collation is noted when the statement has none", async () => {
    const engine = new Engine();
    expect(
      runSetup(engine, 'test', true, [
        '{"create": "d", "collation": {"locale": "es", "backwards": true}}',
        '{"insert": "d", "documents": [{"_id": 1}]}',
      ]),
    ).toBeUndefined();
    const run = runPlaygroundScript(
      engine,
      await loadEngineShell(),
      'test',
      'db.d.updateOne({_id: 1}, {$set: {x: 1}})',
      false,
    );
    expect(run.commands.at(-1)!.statements[0]!.fidelityNote).toMatch(
      /backwards \(French secondary order\) is not applied/,
    );
  });
});
