// Written from source/crud/tests/unified/bulkWrite-update-validation.json: the driver refuses a
// replacement with operators and an update without them, before sending anything.
import { data, entities, op, test, xs, type J, type PortedFile } from '../support.js';

const initial = [data('crud-tests', 'coll0', xs([1, 11], [2, 22], [3, 33]))];
const refused = (description: string, request: J) =>
  test(description, [op('bulkWrite', { requests: [request] }, { expectError: { isClientError: true } })], {
    expectEvents: [{ client: 'client0', events: [] }],
    outcome: initial,
  });

export const bulkWriteUpdateValidation: PortedFile = {
  source: 'crud/tests/unified/bulkWrite-update-validation.json',
  description: 'bulkWrite-update-validation',
  createEntities: entities({ db: 'crud-tests', coll: 'coll0' }),
  initialData: initial,
  tests: [
    refused('BulkWrite replaceOne prohibits atomic modifiers', {
      replaceOne: { filter: { _id: 1 }, replacement: { $set: { x: 22 } } },
    }),
    refused('BulkWrite updateOne requires atomic modifiers', { updateOne: { filter: { _id: 1 }, update: { x: 22 } } }),
    refused('BulkWrite updateMany requires atomic modifiers', {
      updateMany: { filter: { _id: { $gt: 1 } }, update: { x: 44 } },
    }),
  ],
};
