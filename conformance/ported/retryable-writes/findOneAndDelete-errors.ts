// Written from source/retryable-writes/tests/unified/findOneAndDelete-errorLabels.json and
// -serverErrors.json: the driver retries a findOneAndDelete once when (and only when) the server's
// error carries RetryableWriteError, and labels a twice-failed network error so.
import { data, entities, op, test, xs, type J, type PortedFile } from '../support.js';

const DB = 'retryable-writes-tests';
const failFindAndModify = (times: number, fields: { [key: string]: J }): J =>
  op(
    'failPoint',
    {
      client: 'client0',
      failPoint: {
        configureFailPoint: 'failCommand',
        mode: { times },
        data: { failCommands: ['findAndModify'], ...fields },
      },
    },
    {},
    'testRunner',
  );
const deleteFirst = (expect: { [key: string]: J }) =>
  op('findOneAndDelete', { filter: { x: { $gte: 11 } }, sort: { x: 1 } }, expect);
const deletedOne = [data(DB, 'coll', xs([2, 22]))];
const unchanged = [data(DB, 'coll', xs([1, 11], [2, 22]))];
const retryClient: J[] = [
  { client: { id: 'client0', useMultipleMongoses: false } },
  ...entities({ db: DB, coll: 'coll' }).slice(1),
];
const succeedsAfter = (description: string, fields: { [key: string]: J }) =>
  test(description, [failFindAndModify(1, fields), deleteFirst({ expectResult: { _id: 1, x: 11 } })], {
    outcome: deletedOne,
  });

export const retryableFindOneAndDeleteErrorLabels: PortedFile = {
  source: 'retryable-writes/tests/unified/findOneAndDelete-errorLabels.json',
  description: 'findOneAndDelete-errorLabels',
  schemaVersion: '1.3',
  runOnRequirements: [{ minServerVersion: '4.3.1', topologies: ['replicaset', 'sharded', 'load-balanced'] }],
  createEntities: retryClient,
  initialData: unchanged,
  tests: [
    // WriteConflict is not a retryable code: the label alone makes the driver retry
    succeedsAfter('FindOneAndDelete succeeds with RetryableWriteError from server', {
      errorCode: 112,
      errorLabels: ['RetryableWriteError'],
    }),
    test(
      'FindOneAndDelete fails if server does not return RetryableWriteError',
      [
        // InterruptedAtShutdown is retryable, but without the label the driver does not retry
        failFindAndModify(1, { errorCode: 11600, errorLabels: [] }),
        deleteFirst({ expectError: { isError: true, errorLabelsOmit: ['RetryableWriteError'] } }),
      ],
      { outcome: unchanged },
    ),
    succeedsAfter('FindOneAndDelete succeeds after PrimarySteppedDown', {
      errorCode: 189,
      errorLabels: ['RetryableWriteError'],
    }),
    succeedsAfter('FindOneAndDelete succeeds after WriteConcernError ShutdownInProgress', {
      errorLabels: ['RetryableWriteError'],
      writeConcernError: { code: 91, errmsg: 'Replication is being shut down' },
    }),
  ],
};

export const retryableFindOneAndDeleteServerErrors: PortedFile = {
  source: 'retryable-writes/tests/unified/findOneAndDelete-serverErrors.json',
  description: 'findOneAndDelete-serverErrors',
  schemaVersion: '1.3',
  runOnRequirements: [
    { minServerVersion: '4.0', topologies: ['replicaset'] },
    { minServerVersion: '4.1.7', topologies: ['sharded', 'load-balanced'] },
  ],
  createEntities: retryClient,
  initialData: unchanged,
  tests: [
    test(
      'FindOneAndDelete fails with a RetryableWriteError label after two connection failures',
      [
        failFindAndModify(2, { closeConnection: true }),
        deleteFirst({ expectError: { isError: true, errorLabelsContain: ['RetryableWriteError'] } }),
      ],
      { outcome: unchanged },
    ),
  ],
};
