// Written from source/crud/tests/unified/create-null-ids.json: an explicit `_id: null` is inserted as
// null by every insert and upsert path ($type "null" counts it, so no client-side conversion passes).
import { data, op, test, type J, type PortedFile } from '../support.js';

const nullId = { _id: null };
const insertsNull = (via: string, operation: J, extra: { runOnRequirements?: J[] } = {}) =>
  test(
    `inserting _id with type null via ${via}`,
    [operation, op('countDocuments', { filter: { _id: { $type: 'null' } } }, { expectResult: 1 })],
    extra,
  );

export const createNullIds: PortedFile = {
  source: 'crud/tests/unified/create-null-ids.json',
  description: 'create-null-ids',
  createEntities: [
    { client: { id: 'client0', observeEvents: ['commandStartedEvent'] } },
    { database: { id: 'database0', client: 'client0', databaseName: 'crud_id' } },
    { collection: { id: 'collection0', database: 'database0', collectionName: 'type_tests' } },
  ],
  initialData: [data('crud_id', 'type_tests', [])],
  tests: [
    insertsNull('insertOne', op('insertOne', { document: nullId })),
    insertsNull('insertMany', op('insertMany', { documents: [nullId] })),
    insertsNull('updateOne', op('updateOne', { filter: nullId, update: { $unset: { a: '' } }, upsert: true })),
    insertsNull('updateMany', op('updateMany', { filter: nullId, update: { $unset: { a: '' } }, upsert: true })),
    insertsNull('replaceOne', op('replaceOne', { filter: {}, replacement: nullId, upsert: true })),
    insertsNull('bulkWrite', op('bulkWrite', { requests: [{ insertOne: { document: nullId } }] })),
    insertsNull(
      'clientBulkWrite',
      op(
        'clientBulkWrite',
        { models: [{ insertOne: { namespace: 'crud_id.type_tests', document: nullId } }] },
        {},
        'client0',
      ),
      { runOnRequirements: [{ minServerVersion: '8.0' }] },
    ),
  ],
};
