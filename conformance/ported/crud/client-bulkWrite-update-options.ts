// Written from source/crud/tests/unified/client-bulkWrite-update-options.json: arrayFilters, collation,
// hint and upsert on client bulkWrite update models, as sent in the admin `bulkWrite` command's ops.
import { command, data, entities, op, started, test, type J, type PortedFile } from '../support.js';

const ns = 'crud-tests.coll0';
const arrays = (...rows: [number, number[]][]): J[] => rows.map(([id, array]) => ({ _id: id, array }));
const initial = arrays([1, [1, 2, 3]], [2, [1, 2, 3]], [3, [1, 2, 3]], [4, [1, 2, 3]]);
const twoToThree = { $and: [{ _id: { $gt: 1 } }, { _id: { $lte: 3 } }] };

/** An update result of the verbose client bulk write result (no upsert unless an id is given). */
const updated = (matched: number, modified: number, upsertedId?: number): J => ({
  matchedCount: matched,
  modifiedCount: modified,
  upsertedId: upsertedId ?? { $$exists: false },
});
const verboseResult = (counts: { matched: number; modified: number; upserted?: number }, updates: J[]): J => ({
  insertedCount: 0,
  upsertedCount: counts.upserted ?? 0,
  matchedCount: counts.matched,
  modifiedCount: counts.modified,
  deletedCount: 0,
  insertResults: {},
  updateResults: Object.fromEntries(updates.map((u, i) => [String(i), u])),
  deleteResults: {},
});
const bulkWriteSent = (ops: J[]) =>
  started(command('bulkWrite', { bulkWrite: 1, errorsOnly: false, ordered: true, ops, nsInfo: [{ ns }] }, 'admin'));
const clientBulkWrite = (models: J[], expectResult: J) =>
  op('clientBulkWrite', { models, verboseResults: true }, { expectResult }, 'client0');

/** The three models (updateOne, updateMany, replaceOne) with one extra option each, and their ops. */
function threeModels(option: string, value: J): { models: J[]; ops: J[] } {
  return {
    models: [
      { updateOne: { namespace: ns, filter: { _id: 1 }, update: { $set: { array: [1, 2, 4] } }, [option]: value } },
      { updateMany: { namespace: ns, filter: twoToThree, update: { $set: { array: [1, 2, 5] } }, [option]: value } },
      { replaceOne: { namespace: ns, filter: { _id: 4 }, replacement: { array: [1, 2, 6] }, [option]: value } },
    ],
    ops: [
      { update: 0, filter: { _id: 1 }, updateMods: { $set: { array: [1, 2, 4] } }, [option]: value, multi: false },
      { update: 0, filter: twoToThree, updateMods: { $set: { array: [1, 2, 5] } }, [option]: value, multi: true },
      { update: 0, filter: { _id: 4 }, updateMods: { array: [1, 2, 6] }, [option]: value, multi: false },
    ],
  };
}
const threeUpdated = verboseResult({ matched: 4, modified: 4 }, [updated(1, 1), updated(2, 2), updated(1, 1)]);
const threeOutcome = [
  data('crud-tests', 'coll0', arrays([1, [1, 2, 4]], [2, [1, 2, 5]], [3, [1, 2, 5]], [4, [1, 2, 6]])),
];
const collation = threeModels('collation', { locale: 'simple' });
const hint = threeModels('hint', '_id_');
const arrayFilters = [{ i: { $gte: 2 } }];

export const clientBulkWriteUpdateOptions: PortedFile = {
  source: 'crud/tests/unified/client-bulkWrite-update-options.json',
  description: 'client bulkWrite update options',
  schemaVersion: '1.4',
  runOnRequirements: [{ minServerVersion: '8.0', serverless: 'forbid' }],
  createEntities: entities({ db: 'crud-tests', coll: 'coll0' }),
  initialData: [data('crud-tests', 'coll0', initial)],
  tests: [
    test(
      'client bulkWrite update with arrayFilters',
      [
        clientBulkWrite(
          [
            { updateOne: { namespace: ns, filter: { _id: 1 }, update: { $set: { 'array.$[i]': 4 } }, arrayFilters } },
            { updateMany: { namespace: ns, filter: twoToThree, update: { $set: { 'array.$[i]': 5 } }, arrayFilters } },
          ],
          verboseResult({ matched: 3, modified: 3 }, [updated(1, 1), updated(2, 2)]),
        ),
      ],
      {
        expectEvents: bulkWriteSent([
          { update: 0, filter: { _id: 1 }, updateMods: { $set: { 'array.$[i]': 4 } }, arrayFilters, multi: false },
          { update: 0, filter: twoToThree, updateMods: { $set: { 'array.$[i]': 5 } }, arrayFilters, multi: true },
        ]),
        outcome: [data('crud-tests', 'coll0', arrays([1, [1, 4, 4]], [2, [1, 5, 5]], [3, [1, 5, 5]], [4, [1, 2, 3]]))],
      },
    ),
    test('client bulkWrite update with collation', [clientBulkWrite(collation.models, threeUpdated)], {
      expectEvents: bulkWriteSent(collation.ops),
      outcome: threeOutcome,
    }),
    test('client bulkWrite update with hint', [clientBulkWrite(hint.models, threeUpdated)], {
      expectEvents: bulkWriteSent(hint.ops),
      outcome: threeOutcome,
    }),
    test(
      'client bulkWrite update with upsert',
      [
        clientBulkWrite(
          [
            { updateOne: { namespace: ns, filter: { _id: 5 }, update: { $set: { array: [1, 2, 4] } }, upsert: true } },
            { replaceOne: { namespace: ns, filter: { _id: 6 }, replacement: { array: [1, 2, 6] }, upsert: true } },
          ],
          // an upsert counts as matched in the per-model result (the server's `n`)
          verboseResult({ matched: 0, modified: 0, upserted: 2 }, [updated(1, 0, 5), updated(1, 0, 6)]),
        ),
      ],
      {
        expectEvents: bulkWriteSent([
          { update: 0, filter: { _id: 5 }, updateMods: { $set: { array: [1, 2, 4] } }, upsert: true, multi: false },
          { update: 0, filter: { _id: 6 }, updateMods: { array: [1, 2, 6] }, upsert: true, multi: false },
        ]),
        outcome: [data('crud-tests', 'coll0', [...initial, ...arrays([5, [1, 2, 4]], [6, [1, 2, 6]])])],
      },
    ),
  ],
};
