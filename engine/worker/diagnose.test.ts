/** Help for the error at hand, "did you mean" from the engine's own lists, the offending token. */
import { describe, expect, it } from 'vitest';
import { Engine } from '../index.js';
import { closest, diagnoseError } from './diagnose.js';
import { runPlaygroundScript, runSetup } from './playground.js';
import { loadEngineShell } from './shell-runner.js';

async function errorOf(script: string) {
  const engine = new Engine({ topology: 'replicaset' });
  expect(
    runSetup(engine, 'test', true, ['{"insert": "students", "documents": [{"_id": 1, "age": 3, "grades": [1, 2]}]}']),
  ).toBeUndefined();
  const run = runPlaygroundScript(engine, await loadEngineShell(), 'test', script, true);
  const failed = run.statements.find((s) => s.error !== undefined);
  return { error: failed?.error, diagnosis: failed?.diagnosis };
}

describe('diagnoseError', () => {
  it('$icn: the token and $inc, help about update operators only', async () => {
    const { error, diagnosis } = await errorOf('db.students.updateOne({_id: 1}, {$icn: {age: 1}})');
    expect(error?.code).toBe(9);
    expect(diagnosis?.token).toBe('$icn');
    expect(diagnosis?.suggestion).toBe('Did you mean $inc?');
    expect(diagnosis?.help).toContain('is not an update operator');
    expect(diagnosis?.help).not.toMatch(/arrayFilters|replacement/);
  });

  it('an unknown statement field: arrayFilter → arrayFilters', async () => {
    const { diagnosis } = await errorOf(
      'db.runCommand({update: "students", updates: [{q: {}, u: {$set: {a: 1}}, arrayFilter: []}]})',
    );
    expect(diagnosis).toMatchObject({ token: 'arrayFilter', suggestion: 'Did you mean arrayFilters?' });
  });

  it('a helper option typo: the missing filter error points at arrayFilter and suggests arrayFilters', async () => {
    const { error, diagnosis } = await errorOf(
      'db.students.updateOne({_id: 1}, {$set: {"grades.$[x]": 1}}, {arrayFilter: [{x: 1}]})',
    );
    expect(error?.code).toBe(2);
    expect(diagnosis?.suggestion).toBe('Did you mean arrayFilters? (the option is plural)');
  });

  it('a string where a boolean belongs', () => {
    expect(
      diagnoseError(14, "BSON field 'update.updates.upsert' is the wrong type 'string', expected type 'bool'", ''),
    ).toMatchObject({ token: 'upsert', suggestion: 'Write upsert: true or upsert: false, without quotes.' });
  });

  it('query operators and pipeline stages', async () => {
    expect((await errorOf('db.students.updateOne({$an: []}, {$set: {a: 1}})')).diagnosis?.suggestion).toBe(
      'Did you mean $and?',
    );
    expect((await errorOf('db.students.updateOne({age: {$gtt: 1}}, {$set: {a: 1}})')).diagnosis?.suggestion).toBe(
      'Did you mean $gt?',
    );
    expect((await errorOf('db.students.updateOne({_id: 1}, [{$sett: {a: 1}}])')).diagnosis?.suggestion).toBe(
      'Did you mean $set?',
    );
  });

  it('a missing hint index is explained as such, not with the positional operator', async () => {
    const { diagnosis } = await errorOf('db.students.updateOne({_id: 1}, {$set: {a: 1}}, {hint: "nope_1"})');
    expect(diagnosis?.help).toContain('index');
    expect(diagnosis?.help).not.toContain('positional');
  });

  it('suggests nothing for names far from every known one', () => {
    expect(closest('$frobnicate', ['$inc', '$set'])).toBeUndefined();
    expect(closest('$inc', ['$inc'])).toBeUndefined();
  });
});
