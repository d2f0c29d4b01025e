/**
 * Helper options with no effect as written: what mongosh 2.x and the driver do (no error, the
 * option left out of the command) and the notice the page shows, with its did-you-mean and token.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../index.js';
import { runPlaygroundScript, runSetup } from './playground.js';
import { loadEngineShell, type ShellRunner } from './shell-runner.js';

let shell: ShellRunner;
beforeAll(async () => {
  shell = await loadEngineShell();
});

function run(script: string, dryRun = false) {
  const engine = new Engine();
  expect(runSetup(engine, 'test', true, ['{"insert": "c", "documents": [{"_id": 1, "g": [1, 5]}]}'])).toBeUndefined();
  const r = runPlaygroundScript(engine, shell, 'test', script, dryRun);
  return { run: r, docs: engine.documents('test', 'c') };
}

describe('update helper options that have no effect', () => {
  it('upsert: "true" is left out of the command, nothing is inserted, no error (as the driver does)', () => {
    const script = 'db.c.updateOne({_id: 2}, {$set: {x: 1}}, {upsert: "true"})';
    const { run: r, docs } = run(script);
    const s = r.statements[0]!;
    expect(s.error).toBeUndefined();
    expect(JSON.parse(s.value!)).toMatchObject({
      matchedCount: { $numberInt: '0' },
      upsertedCount: { $numberInt: '0' },
    });
    expect(r.commands[0]!.command).not.toContain('upsert');
    expect(docs).toHaveLength(1);
    const at = script.indexOf('"true"');
    expect(s.notices).toEqual([
      {
        option: 'upsert',
        message:
          'upsert must be a boolean: the driver sends upsert only when it is true or false, so "true" (a string) was not sent (no error of its own) and this statement ran without upsert.',
        suggestion: 'Write upsert: true or upsert: false, without quotes.',
        start: at,
        end: at + '"true"'.length,
      },
    ]);
  });

  it('arrayFilter (singular) is ignored, so the server answers that $[g] has no filter; the notice suggests arrayFilters', () => {
    const script = 'db.c.updateOne({_id: 1}, {$set: {"g.$[g]": 0}}, {arrayFilter: [{g: {$gt: 2}}]})';
    const { run: r } = run(script);
    const s = r.statements[0]!;
    expect(s.error?.code).toBe(2);
    expect(s.error?.message).toContain("No array filter found for identifier 'g' in path 'g.$[g]'");
    expect(s.notices?.map((n) => [n.option, n.suggestion, script.slice(n.start, n.end)])).toEqual([
      ['arrayFilter', 'Did you mean arrayFilters?', 'arrayFilter'],
    ]);
  });

  it('upsrt: a typo of upsert, quoted key included in the token; findOneAndUpdate and updateMany too', () => {
    const script = 'const r = db.c.updateMany({}, {$set: {y: 1}}, {"upsrt": true, collation: {locale: "fr"}})';
    const s = run(script).run.statements[0]!;
    expect(s.notices?.map((n) => [n.suggestion, script.slice(n.start, n.end)])).toEqual([
      ['Did you mean upsert?', '"upsrt"'],
    ]);
    const f = run('db.c.findOneAndUpdate({_id: 1}, {$set: {y: 1}}, {returnNewDocumen: true, upsert: 1})').run
      .statements[0]!;
    expect(f.notices?.map((n) => [n.option, n.suggestion])).toEqual([
      ['returnNewDocumen', 'Did you mean returnNewDocument?'],
      ['upsert', 'Write upsert: true or upsert: false, without quotes.'],
    ]);
  });

  it('no notice for real options, unrelated names, options held in a variable, or other methods', () => {
    for (const script of [
      'db.c.updateOne({_id: 1}, {$set: {"g.$[g]": 0}}, {arrayFilters: [{g: {$gt: 2}}], upsert: true, writeConcern: {w: 1}})',
      'db.c.updateOne({_id: 1}, {$set: {a: 1}}, {somethingElse: 1})',
      'const o = {upsert: "true"}; db.c.updateOne({_id: 1}, {$set: {a: 1}}, o)',
      'db.c.find({}, {upsrt: 1})',
    ]) {
      expect(run(script, true).run.statements.flatMap((s) => s.notices ?? [])).toEqual([]);
    }
  });

  it('the server itself refuses the same mistakes in a raw command: 14 for a string upsert, 40415 for arrayFilter', () => {
    const stringUpsert = run('db.runCommand({update: "c", updates: [{q: {}, u: {$set: {a: 1}}, upsert: "true"}]})').run;
    expect(stringUpsert.statements[0]!.error).toMatchObject({
      code: 14,
      message: "BSON field 'update.updates.upsert' is the wrong type 'string', expected type 'bool'",
    });
    expect(stringUpsert.statements[0]!.diagnosis?.suggestion).toBe(
      'Write upsert: true or upsert: false, without quotes.',
    );
    const singular = run('db.runCommand({update: "c", updates: [{q: {}, u: {$set: {a: 1}}, arrayFilter: []}]})').run;
    expect(singular.statements[0]!.error).toMatchObject({
      code: 40415,
      message: "BSON field 'update.updates.arrayFilter' is an unknown field.",
    });
    expect(singular.statements[0]!.diagnosis?.suggestion).toBe('Did you mean arrayFilters?');
  });
});
