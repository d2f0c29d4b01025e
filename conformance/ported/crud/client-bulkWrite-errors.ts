// Written from source/crud/tests/unified/client-bulkWrite-errors.json: write errors per index, partial
// results, top-level and write concern errors, and the requests a driver refuses before sending.
import { data, entities, op, test, xs, type J, type PortedFile } from '../support.js';
import { deleteOne, insertOne, since80, summary, verbose } from './client-bulk-results.js';

const UNDEFINED_VARIABLE = 17276;
/** A delete whose $expr reads a `let` variable that does not exist: a write error at its index. */
const failingDelete = deleteOne({ $expr: { $eq: ['$_id', '$$id2'] } });
const threeDeletes = [deleteOne({ _id: 1 }), failingDelete, deleteOne({ _id: 3 })];
const clientBulkWrite = (args: { [key: string]: J }, expect: { [key: string]: J }) =>
  op('clientBulkWrite', args, expect, 'client0');
const failCommandOnce = (data: J): J =>
  op(
    'failPoint',
    { client: 'client0', failPoint: { configureFailPoint: 'failCommand', mode: { times: 1 }, data } },
    {},
    'testRunner',
  );
const clientError = (description: string, args: { [key: string]: J }, errorContains?: string) =>
  test(description, [
    clientBulkWrite(args, { expectError: { isClientError: true, ...(errorContains ? { errorContains } : {}) } }),
  ]);

export const clientBulkWriteErrors: PortedFile = {
  source: 'crud/tests/unified/client-bulkWrite-errors.json',
  description: 'client bulkWrite errors',
  schemaVersion: '1.21',
  runOnRequirements: since80,
  createEntities: [
    {
      client: {
        id: 'client0',
        observeEvents: ['commandStartedEvent'],
        uriOptions: { retryWrites: false },
        useMultipleMongoses: false,
      },
    },
    ...entities({ db: 'crud-tests', coll: 'coll0' }).slice(1),
  ],
  initialData: [data('crud-tests', 'coll0', xs([1, 11], [2, 22], [3, 33]))],
  tests: [
    test(
      'an individual operation fails during an ordered bulkWrite',
      [
        clientBulkWrite(
          { models: threeDeletes, verboseResults: true },
          {
            expectError: {
              expectResult: verbose({ deleted: 1 }, { deleteResults: { '0': { deletedCount: 1 } } }),
              writeErrors: { '1': { code: UNDEFINED_VARIABLE } },
            },
          },
        ),
      ],
      { outcome: [data('crud-tests', 'coll0', xs([2, 22], [3, 33]))] },
    ),
    test(
      'an individual operation fails during an unordered bulkWrite',
      [
        clientBulkWrite(
          { models: threeDeletes, verboseResults: true, ordered: false },
          {
            expectError: {
              expectResult: verbose(
                { deleted: 2 },
                { deleteResults: { '0': { deletedCount: 1 }, '2': { deletedCount: 1 } } },
              ),
              writeErrors: { '1': { code: UNDEFINED_VARIABLE } },
            },
          },
        ),
      ],
      { outcome: [data('crud-tests', 'coll0', xs([2, 22]))] },
    ),
    test('detailed results are omitted from error when verboseResults is false', [
      clientBulkWrite(
        { models: threeDeletes, verboseResults: false },
        { expectError: { expectResult: summary({ deleted: 1 }), writeErrors: { '1': { code: UNDEFINED_VARIABLE } } } },
      ),
    ]),
    test('a top-level failure occurs during a bulkWrite', [
      failCommandOnce({ failCommands: ['bulkWrite'], errorCode: 8 }),
      clientBulkWrite({ models: [insertOne({ x: 1 })], verboseResults: true }, { expectError: { errorCode: 8 } }),
    ]),
    test('a bulk write with only errors does not report a partial result', [
      clientBulkWrite(
        { models: [failingDelete], verboseResults: true },
        // the specification allows an empty result object or none
        { expectError: { expectResult: { $$unsetOrMatches: {} }, writeErrors: { '0': { code: UNDEFINED_VARIABLE } } } },
      ),
    ]),
    test('a write concern error occurs during a bulkWrite', [
      failCommandOnce({
        failCommands: ['bulkWrite'],
        writeConcernError: { code: 91, errmsg: 'Replication is being shut down' },
      }),
      clientBulkWrite(
        { models: [insertOne({ _id: 10 })], verboseResults: true },
        {
          expectError: {
            expectResult: verbose({ inserted: 1 }, { insertResults: { '0': { insertedId: 10 } } }),
            writeConcernErrors: [{ code: 91, message: 'Replication is being shut down' }],
          },
        },
      ),
    ]),
    clientError('an empty list of write models is a client-side error', { models: [], verboseResults: true }),
    clientError(
      'Requesting unacknowledged write with verboseResults is a client-side error',
      { models: [insertOne({ _id: 10 })], verboseResults: true, ordered: false, writeConcern: { w: 0 } },
      'Cannot request unacknowledged write concern and verbose results',
    ),
    clientError(
      'Requesting unacknowledged write with ordered is a client-side error',
      // `ordered` left out: it defaults to true
      { models: [insertOne({ _id: 10 })], writeConcern: { w: 0 } },
      'Cannot request unacknowledged write concern and ordered writes',
    ),
  ],
};
