/** Each unchanged document says why on its own card: equal values, refused by a validator, never reached. */
import { beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../index.js';
import { runPlaygroundScript, runSetup } from '../playground.js';
import { loadEngineShell, type ShellRunner } from '../shell-runner.js';
import type { StatementView } from '../protocol.js';

let shell: ShellRunner;
beforeAll(async () => {
  shell = await loadEngineShell();
});

function run(setup: string[], script: string, dryRun = true): StatementView[] {
  const engine = new Engine();
  expect(runSetup(engine, 'test', true, setup)).toBeUndefined();
  return runPlaygroundScript(engine, shell, 'test', script, dryRun).commands.flatMap((c) => c.statements);
}

const DOCS =
  '{"insert": "c", "documents": [{"_id": 1, "qty": 5, "tags": ["a", "b"], "grades": [90, 95]}, {"_id": 2, "qty": 7, "tags": []}]}';

function reasons(script: string): unknown[] {
  return run([DOCS], script)[0]!.documents.map((d) => d.unchanged);
}

describe('matched, unchanged: the reason per document', () => {
  it.each([
    ['db.c.updateOne({_id: 1}, {$set: {qty: 5}})', ['$set qty: already 5']],
    ['db.c.updateOne({_id: 1}, {$addToSet: {tags: "a"}})', ['$addToSet tags: element present']],
    ['db.c.updateOne({_id: 1}, {$pull: {tags: "z"}})', ['$pull tags: no element matched']],
    [
      'db.c.updateOne({_id: 1}, {$setOnInsert: {made: 1}}, {upsert: true})',
      ['$setOnInsert made: not an insert (it only applies when an upsert inserts)'],
    ],
    ['db.c.updateOne({_id: 1}, {$unset: {gone: ""}})', ['$unset gone: the field is already missing']],
    ['db.c.updateOne({_id: 1}, {$max: {qty: 3}})', ['$max qty: already 5, not less than the new value']],
    ['db.c.updateOne({_id: 1}, {$min: {qty: 9}})', ['$min qty: already 5, not greater than the new value']],
    ['db.c.updateOne({_id: 1, grades: 95}, {$set: {"grades.$": 95}})', ['$set grades.1: already 95']],
    [
      'db.c.updateOne({_id: 1}, {$set: {qty: 5}, $addToSet: {tags: "b"}})',
      ['$set qty: already 5', '$addToSet tags: element present'],
    ],
    [
      'db.c.updateOne({_id: 1}, {$set: {"grades.$[g]": 0}}, {arrayFilters: [{g: {$gt: 100}}]})',
      ['no array element matched the arrayFilters, so no modifier ran'],
    ],
    [
      'db.c.updateOne({_id: 1}, [{$set: {qty: {$add: ["$qty", 0]}}}])',
      ['the pipeline produced a document identical to the stored one'],
    ],
    [
      'db.c.replaceOne({_id: 2}, {_id: 2, qty: 7, tags: []})',
      ['the replacement document is identical to the stored one'],
    ],
  ])('%s', (script, expected) => {
    expect(reasons(script)).toEqual([{ kind: 'equal', reasons: expected }]);
  });

  it('a modified document carries no reason; each unchanged one its own', () => {
    expect(reasons('db.c.updateMany({}, {$addToSet: {tags: "a"}})')).toEqual([
      { kind: 'equal', reasons: ['$addToSet tags: element present'] },
      undefined,
    ]);
  });

  it('findAndModify and bulkWrite statements are explained too', () => {
    expect(reasons('db.c.findOneAndUpdate({_id: 2}, {$set: {qty: 7}})')).toEqual([
      { kind: 'equal', reasons: ['$set qty: already 7'] },
    ]);
    expect(
      reasons(
        'db.runCommand({bulkWrite: 1, ops: [{update: 0, filter: {_id: 2}, updateMods: {$pull: {tags: 1}}}], nsInfo: [{ns: "test.c"}]})'.replace(
          'db.runCommand',
          'db.adminCommand',
        ),
      ),
    ).toEqual([{ kind: 'equal', reasons: ['$pull tags: no element matched'] }]);
  });

  it('the reason is computed on the document as the statement saw it (a later statement changed it)', () => {
    const statements = run(
      [DOCS],
      'db.c.updateOne({_id: 1}, {$set: {qty: 5}}); db.c.updateOne({_id: 1}, {$set: {qty: 6}})',
      false,
    );
    expect(statements[0]!.documents[0]!.unchanged).toEqual({ kind: 'equal', reasons: ['$set qty: already 5'] });
    expect(statements[1]!.documents[0]!.unchanged).toBeUndefined();
  });
});

describe('a validator failure: the refused document and the documents never reached', () => {
  const setup = [
    '{"create": "c", "validator": {"qty": {"$gte": 0}}}',
    '{"insert": "c", "documents": [{"_id": 1, "qty": 5}, {"_id": 2, "qty": 1}, {"_id": 3, "qty": 9}, {"_id": 4, "qty": 0, "x": 1}, {"_id": 5, "qty": 2}]}',
  ];

  for (const dryRun of [true, false]) {
    it(`updateMany stops at _id 2: 1 modified, 2 refused, 3 and 5 never reached (${dryRun ? 'preview' : 'run'})`, () => {
      const s = run(setup, 'db.c.updateMany({x: {$exists: false}}, {$inc: {qty: -2}})', dryRun)[0]!;
      expect(s.error?.code).toBe(121);
      expect(s.nModified).toBe(1);
      expect(s.notReached).toBe(2);
      expect(s.documents.map((d) => [d.noop, d.unchanged])).toEqual([
        [false, undefined],
        [true, { kind: 'refused', lines: ['qty: { $gte: 0 } failed (comparison failed); the value was -1'] }],
        [true, { kind: 'not-reached', stoppedAt: '2' }],
        [true, { kind: 'not-reached', stoppedAt: '2' }],
      ]);
      expect(s.documents[1]!.before).toEqual(s.documents[1]!.after);
      expect(JSON.stringify(s.documents[1]!.before)).toContain('"text":"1"');
    });
  }

  it('$jsonSchema rules in words: the property, the rule, the considered value, missing properties', () => {
    const s = run(
      [
        '{"create": "c", "validator": {"$jsonSchema": {"required": ["name"], "properties": {"qty": {"bsonType": "int", "minimum": 0}}}}}',
        '{"insert": "c", "documents": [{"_id": 1, "name": "a", "qty": 1}]}',
      ],
      'db.c.updateOne({_id: 1}, {$set: {qty: -1.5}, $unset: {name: ""}})',
    )[0]!;
    expect(s.documents.map((d) => d.unchanged)).toEqual([
      {
        kind: 'refused',
        lines: [
          // The server's order: a schema's keywords before its type, properties before required.
          'qty: minimum 0 failed (comparison failed); the value was -1.5',
          'qty: bsonType "int" failed (type did not match); the value was -1.5 of type double',
          'required: missing name',
        ],
      },
    ]);
    expect(s.notReached).toBeUndefined();
  });

  it("findAndModify: the refused document from the command error's errInfo", () => {
    const s = run(setup, 'db.c.findOneAndUpdate({_id: 2}, {$inc: {qty: -2}})')[0]!;
    expect(s.documents.map((d) => d.unchanged)).toEqual([
      { kind: 'refused', lines: ['qty: { $gte: 0 } failed (comparison failed); the value was -1'] },
    ]);
  });
});
