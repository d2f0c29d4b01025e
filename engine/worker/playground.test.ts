/** The playground run: details of each write, the oplog it wrote, dry runs that leave no trace. */
import { describe, expect, it } from 'vitest';
import { Engine } from '../index.js';
import { collectionViews, runPlaygroundScript, runSetup } from './playground.js';
import { loadEngineShell } from './shell-runner.js';
import { typedEJSON } from './views.js';
import { parseEJSON } from '../bson/ejson.js';

async function setup(): Promise<Engine> {
  const engine = new Engine();
  const error = runSetup(engine, 'test', true, [
    '{"insert": "students", "documents": [{"_id": 1, "grades": [95, 92, 90]}, {"_id": 2, "grades": [98, 100, 102]}]}',
  ]);
  expect(error).toBeUndefined();
  return engine;
}

describe('runPlaygroundScript', () => {
  it('reports the command sent, before/after, array touches and the oplog entry', async () => {
    const engine = await setup();
    const shell = await loadEngineShell();
    const run = runPlaygroundScript(
      engine,
      shell,
      'test',
      'db.students.updateMany({}, {$set: {"grades.$[g]": 100}}, {arrayFilters: [{g: {$gte: 100}}]})',
      false,
    );
    expect(run.commands).toHaveLength(1);
    const command = run.commands[0]!;
    expect(command.name).toBe('update');
    const statement = command.statements[0]!;
    expect(statement.nMatched).toBe(2);
    expect(statement.nModified).toBe(1);
    expect(statement.arrayFilters).toEqual([{ identifier: 'g', filter: '{"g":{"$gte":100}}' }]);
    expect(statement.documents[1]!.arrayTouches).toEqual([
      { operator: 'g', path: 'grades.1', changed: false },
      { operator: 'g', path: 'grades.2', changed: true },
    ]);
    expect(run.oplog).toHaveLength(1);
    expect(run.oplog[0]!.explanation).toEqual(['update test.students _id 2 with a $v:2 delta', 'u2: set element grades.2 to 100']);
    expect(run.collections?.[0]?.documents[1]?.ejson).toBe('{\n  "_id": 2,\n  "grades": [98, 100, 100]\n}');
  });

  it('leaves nothing behind on a dry run', async () => {
    const engine = await setup();
    const shell = await loadEngineShell();
    const oplogBefore = engine.oplogEntries().length;
    const run = runPlaygroundScript(engine, shell, 'test', 'db.students.deleteMany({})\ndb.students.insertOne({_id: 3})', true);
    expect(run.statements).toHaveLength(2);
    expect(run.oplog.map((e) => e.op)).toEqual(['d', 'd', 'i']);
    expect(run.collections).toBeUndefined();
    expect(collectionViews(engine, 'test')[0]!.documents).toHaveLength(2);
    expect(engine.oplogEntries().length).toBe(oplogBefore);
  });
});

describe('typedEJSON', () => {
  it('keeps int, double and long apart', () => {
    const v = parseEJSON('{"a": 5, "b": 5.0, "c": {"$numberLong": "5"}}');
    expect(typedEJSON(v, 0)).toBe('{"a":5,"b":5.0,"c":{"$numberLong":"5"}}');
    expect(parseEJSON(typedEJSON(v))).toEqual(v);
  });
});
