// Written from source/crud/tests/unified/updateMany-arrayFilters.json: $[i] with arrayFilters on every document.
import { data, entities, op, test, updateResult, type J, type PortedFile } from '../support.js';

const ys = (one: number[], two: number[]): J[] => [
  { _id: 1, y: one.map((b) => ({ b })) },
  { _id: 2, y: two.map((b) => ({ b })) },
];
const setY = (filterB: number, modified: number) =>
  op(
    'updateMany',
    { filter: {}, update: { $set: { 'y.$[i].b': 2 } }, arrayFilters: [{ 'i.b': filterB }] },
    { expectResult: updateResult(2, modified) },
  );

export const updateManyArrayFilters: PortedFile = {
  source: 'crud/tests/unified/updateMany-arrayFilters.json',
  description: 'updateMany-arrayFilters',
  runOnRequirements: [{ minServerVersion: '3.5.6' }],
  createEntities: entities({ db: 'crud-v1', coll: 'coll', observe: [] }),
  initialData: [data('crud-v1', 'coll', ys([3, 1], [0, 1]))],
  tests: [
    test('UpdateMany when no documents match arrayFilters', [setY(4, 0)], {
      outcome: [data('crud-v1', 'coll', ys([3, 1], [0, 1]))],
    }),
    test('UpdateMany when one document matches arrayFilters', [setY(3, 1)], {
      outcome: [data('crud-v1', 'coll', ys([2, 1], [0, 1]))],
    }),
    test('UpdateMany when multiple documents match arrayFilters', [setY(1, 2)], {
      outcome: [data('crud-v1', 'coll', ys([3, 2], [0, 2]))],
    }),
  ],
};
