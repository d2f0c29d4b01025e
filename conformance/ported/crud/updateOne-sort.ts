// Written from source/crud/tests/unified/updateOne-sort.json: 8.0's `sort` on updateOne picks the document to update.
import {
  command,
  data,
  entities,
  onClient0,
  op,
  startedEvent,
  succeededEvent,
  test,
  unsetOr,
  updateResult,
  xs,
  type PortedFile,
} from '../support.js';

const args = { filter: { _id: { $gt: 1 } }, sort: { _id: -1 }, update: { $inc: { x: 1 } } };
const sent = command('update', {
  update: 'coll0',
  updates: [
    { q: { _id: { $gt: 1 } }, u: { $inc: { x: 1 } }, sort: { _id: -1 }, multi: unsetOr(false), upsert: unsetOr(false) },
  ],
});

export const updateOneSort: PortedFile = {
  source: 'crud/tests/unified/updateOne-sort.json',
  description: 'updateOne-sort',
  createEntities: entities({
    db: 'crud-tests',
    coll: 'coll0',
    observe: ['commandStartedEvent', 'commandSucceededEvent'],
  }),
  initialData: [data('crud-tests', 'coll0', xs([1, 11], [2, 22], [3, 33]))],
  tests: [
    test('UpdateOne with sort option', [op('updateOne', args, { expectResult: updateResult(1, 1) })], {
      runOnRequirements: [{ minServerVersion: '8.0' }],
      expectEvents: onClient0(startedEvent(sent), succeededEvent('update', { ok: 1, n: 1 })),
      outcome: [data('crud-tests', 'coll0', xs([1, 11], [2, 22], [3, 34]))],
    }),
    test(
      'updateOne with sort option unsupported (server-side error)',
      [op('updateOne', args, { expectError: { isClientError: false } })],
      {
        runOnRequirements: [{ maxServerVersion: '7.99' }],
        expectEvents: onClient0(startedEvent(sent)),
        outcome: [data('crud-tests', 'coll0', xs([1, 11], [2, 22], [3, 33]))],
      },
    ),
  ],
};
