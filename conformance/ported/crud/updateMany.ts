// Written from source/crud/tests/unified/updateMany.json: updateMany's UpdateResult and documents.
import { data, entities, op, test, updateResult, xs, type PortedFile } from '../support.js';

const initial = xs([1, 11], [2, 22], [3, 33]);
const outcome = (...rows: [number, number][]) => [data('crud-v1', 'coll', xs(...rows))];
const inc = { $inc: { x: 1 } };

export const updateMany: PortedFile = {
  source: 'crud/tests/unified/updateMany.json',
  description: 'updateMany',
  runOnRequirements: [{ minServerVersion: '2.6' }],
  createEntities: entities({ db: 'crud-v1', coll: 'coll', observe: [] }),
  initialData: [data('crud-v1', 'coll', initial)],
  tests: [
    test(
      'UpdateMany when many documents match',
      [op('updateMany', { filter: { _id: { $gt: 1 } }, update: inc }, { expectResult: updateResult(2, 2) })],
      { outcome: outcome([1, 11], [2, 23], [3, 34]) },
    ),
    test(
      'UpdateMany when one document matches',
      [op('updateMany', { filter: { _id: 1 }, update: inc }, { expectResult: updateResult(1, 1) })],
      { outcome: outcome([1, 12], [2, 22], [3, 33]) },
    ),
    test(
      'UpdateMany when no documents match',
      [op('updateMany', { filter: { _id: 4 }, update: inc }, { expectResult: updateResult(0, 0) })],
      { outcome: outcome([1, 11], [2, 22], [3, 33]) },
    ),
    test(
      'UpdateMany with upsert when no documents match',
      [op('updateMany', { filter: { _id: 4 }, update: inc, upsert: true }, { expectResult: updateResult(0, 0, 1, 4) })],
      { outcome: outcome([1, 11], [2, 22], [3, 33], [4, 1]) },
    ),
  ],
};
