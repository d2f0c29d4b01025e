import { describe, expect, it } from 'vitest';
import { Int32, Long } from '../../engine/bson/values.js';
import { Engine } from '../../engine/engine.js';
import { runShellScript } from '../../engine/shell/index.js';
import { loadScenario, loadScenarioGallery, ScenarioError } from './load.js';
import { classifyRun } from './outcome.js';
import { matchesSubset } from './run.js';
import { collectionSetupCommands } from './setup.js';
import { docFromJS } from '../../engine/bson/ejson.js';

const minimal = {
  id: 'demo',
  title: 'Demo',
  description: 'One line.',
  section: 'Upserts',
  specRef: 'Upsert rules 1',
  collections: { c: { documents: [{ _id: 1 }] } },
  script: 'db.c.updateOne({_id: 1}, {$set: {a: 1}})',
  expect: { outcome: 'ok' },
};

function text(overrides: Record<string, unknown>): string {
  return JSON.stringify({ ...minimal, ...overrides });
}

describe('loadScenario', () => {
  it('fills defaults: database test, deployment replica set, no indexes', () => {
    const s = loadScenario(text({}));
    expect(s.database).toBe('test');
    expect(s.deployment).toBe('replicaset');
    expect(s.collections).toHaveLength(1);
    expect(s.collections[0]?.indexes).toEqual([]);
    expect(s.setup).toBeUndefined();
  });

  it('types numbers by their form (int32, double, int64) and keeps an editor text', () => {
    const s = loadScenario(
      '{"id":"t","title":"T","description":"d","section":"Basics","specRef":"r","script":"x","expect":{"outcome":"ok"},' +
        '"collections":{"c":{"documents":[{"_id":1,"w":21.0,"n":{"$numberLong":"5"}}]}}}',
    );
    const d = s.collections[0]!.documents[0]!;
    expect(d.get('_id')).toEqual(new Int32(1));
    expect(d.get('w')).toBe(21);
    expect(d.get('n')).toEqual(Long.fromNumber(5));
    expect(s.collections[0]!.documentsText).toContain('"w": 21.0');
  });

  it('names indexes by default as the server does', () => {
    const s = loadScenario(
      text({ collections: { c: { documents: [], indexes: [{ key: { a: 1, b: -1 }, unique: true }] } } }),
    );
    expect(s.collections[0]!.indexes[0]!.name).toBe('a_1_b_-1');
  });

  it('rejects unknown fields, bad outcomes, missing codes and setups', () => {
    expect(() => loadScenario(text({ extra: 1 }))).toThrow(/scenario\.extra: unknown field/);
    expect(() => loadScenario(text({ expect: { outcome: 'boom' } }))).toThrow(/outcome: must be one of/);
    expect(() => loadScenario(text({ expect: { outcome: 'writeError' } }))).toThrow(/code: required/);
    expect(loadScenario(text({ expect: { outcome: 'error', messageIncludes: 'atomic' } })).expect).toEqual({
      outcome: 'error',
      messageIncludes: 'atomic',
    });
    expect(() => loadScenario(text({ expect: { outcome: 'ok', code: 2 } }))).toThrow(/not allowed/);
    expect(() => loadScenario(text({ deployment: 'replicaset' }))).toThrow(/setup: required/);
    expect(() => loadScenario(text({ deployment: 'cluster' }))).toThrow(/deployment: must be one of/);
    expect(() => loadScenario(text({ description: 'two\nlines' }))).toThrow(/one line/);
    expect(() => loadScenario(text({ id: 'Bad Id' }))).toThrow(ScenarioError);
    expect(() => loadScenario(text({ collections: { c: { documents: [1] } } }))).toThrow(
      /documents\[0\]: must be a document/,
    );
    expect(() => loadScenario('{not json')).toThrow(/not valid Extended JSON/);
  });

  it('accepts a replica-set setup', () => {
    const s = loadScenario(
      text({ deployment: 'replicaset', setup: { members: [{ state: 'up' }, { state: 'down' }] } }),
    );
    expect(s.setup?.members).toEqual([{ state: 'up' }, { state: 'down' }]);
  });
});

describe('loadScenarioGallery', () => {
  it('rejects duplicate ids and unknown versions', () => {
    expect(() => loadScenarioGallery(JSON.stringify({ version: 1, scenarios: [minimal, minimal] }))).toThrow(
      /duplicate id 'demo'/,
    );
    expect(() => loadScenarioGallery(JSON.stringify({ version: 2, scenarios: [] }))).toThrow(/unsupported version/);
  });
});

describe('collectionSetupCommands', () => {
  it('creates with options, then indexes, then inserts bypassing validation', () => {
    const s = loadScenario(
      text({
        collections: {
          c: { options: { validator: { a: { $gt: 0 } } }, indexes: [{ key: { a: 1 } }], documents: [{ _id: 1, a: 0 }] },
        },
      }),
    );
    const cmds = collectionSetupCommands(s.collections[0]!).map((c) => [...c.keys()][0]);
    expect(cmds).toEqual(['create', 'createIndexes', 'insert']);
  });
});

describe('classifyRun', () => {
  function run(script: string, setup = 'db.c.insertOne({_id: 1, s: "x"})') {
    const e = new Engine();
    runShellScript(e, setup);
    return classifyRun(runShellScript(e, script));
  }
  it('tells write errors from helpers, WriteResults and command replies', () => {
    expect(run('db.c.updateOne({_id: 1}, {$inc: {s: 1}})')).toMatchObject({ outcome: 'writeError', code: 14 });
    expect(run('db.c.update({_id: 1}, {$inc: {s: 1}})')).toMatchObject({ outcome: 'writeError', code: 14 });
    expect(run('db.runCommand({update: "c", updates: [{q: {_id: 1}, u: {$inc: {s: 1}}}]})')).toMatchObject({
      outcome: 'writeError',
      code: 14,
    });
  });
  it('reports command errors and shell errors as error', () => {
    expect(run('db.runCommand({update: "c", updates: []})')).toMatchObject({ outcome: 'error', code: 16 });
    expect(run('db.c.updateOne({_id: 1}, {a: 1})').outcome).toBe('error');
    expect(run('db.c.updateOne(').outcome).toBe('error');
  });
  it('is ok otherwise, with the last value', () => {
    const r = run('db.c.updateOne({_id: 1}, {$set: {s: "y"}})\ndb.c.countDocuments({s: "y"})');
    expect(r.outcome).toBe('ok');
    expect(r.lastValue).toBe(1);
  });
});

describe('matchesSubset', () => {
  it('matches documents by subset and numbers across types', () => {
    const actual = docFromJS({ n: 1, nModified: 0, upserted: [{ index: 0, _id: 2 }] });
    expect(matchesSubset(docFromJS({ n: 1.5 }), actual)).toBe(false);
    expect(matchesSubset(new Map([['n', 1]]), actual)).toBe(true);
    expect(matchesSubset(docFromJS({ upserted: [{ index: 0 }] }), actual)).toBe(true);
    expect(matchesSubset(docFromJS({ upserted: [] }), actual)).toBe(false);
    expect(matchesSubset(docFromJS({ missing: 1 }), actual)).toBe(false);
  });
});

describe('gallerySections', () => {
  it('orders sections as the course does and keeps file order inside a section', async () => {
    const { gallerySections } = await import('./sections.js');
    const a = loadScenario(text({ id: 'a', section: 'Upserts' }));
    const b = loadScenario(text({ id: 'b', section: 'Basics' }));
    const c = loadScenario(text({ id: 'c', section: 'Upserts' }));
    const d = loadScenario(text({ id: 'd', section: 'Collation' }));
    expect(gallerySections([a, b, c, d]).map((s) => [s.title, s.scenarios.map((x) => x.id)])).toEqual([
      ['Basics', ['b']],
      ['Upserts', ['a', 'c']],
      ['Collation', ['d']],
    ]);
  });

  it('refuses a section that is not part of the course', () => {
    expect(() => loadScenario(text({ section: 'Misc' }))).toThrow(/section: must be one of Basics, Operators/);
  });
});
