/**
 * Tests where the official Node driver (mongodb 7.9) itself departs from the specification, found
 * where the driver runner and the emulated runner disagreed. Each entry was checked in the
 * driver's source and against the served engine's replies: the engine answers as the test
 * expects, the driver sends or reports something else. They run and are counted apart
 * ("driver deviations"); one that starts passing is reported so the entry can go.
 */
export interface DriverDeviation {
  /** Path suffix of the test file. */
  readonly file: string;
  readonly test: string;
  readonly reason: string;
}

const BYPASS =
  'the driver omits bypassDocumentValidation: false (sends it only when true: lib/operations/aggregate.js, find_and_modify.js, bulk/common.js)';
const WTIMEOUT =
  'the driver adds wtimeout: 10000 to commitTransaction/abortTransaction whenever a write concern is set and no timeoutMS (lib/sessions.js)';

const NULL_ID =
  'the driver replaces an explicit _id: null by a generated ObjectId (document._id == null in maybeAddIdToDocuments, lib/utils.js); the specification keeps it (DRIVERS-2124)';
/** create-null-ids.json, and create-id-types.json of the DRIVERS-2124 branch (ported in conformance/ported). */
const nullId = (via: string, file = 'create-null-ids.json'): DriverDeviation => ({
  file: `crud/tests/unified/${file}`,
  test: `inserting _id with type null via ${via}`,
  reason: NULL_ID,
});
const partialUnset = (test: string): DriverDeviation => ({
  file: 'crud/tests/unified/client-bulkWrite-partialResults.json',
  test,
  reason:
    'MongoClientBulkWriteError.partialResult is always set, also when no write succeeded (lib/operations/client_bulk_write/results_merger.js, executor.js); bulk-write.md says it MUST NOT be',
});
const wtimeoutInTxn = (file: string, test: string): DriverDeviation => ({
  file: `transactions/tests/unified/${file}`,
  test,
  reason: WTIMEOUT,
});

export const DRIVER_DEVIATIONS: readonly DriverDeviation[] = [
  nullId('insertOne'),
  nullId('insertMany'),
  nullId('bulkWrite'),
  nullId('clientBulkWrite'),
  nullId('insertOne', 'create-id-types.json'),
  nullId('insertMany', 'create-id-types.json'),
  nullId('bulkWrite', 'create-id-types.json'),
  nullId('clientBulkWrite', 'create-id-types.json'),
  partialUnset('partialResult is unset when first operation fails during an ordered bulk write (verbose)'),
  partialUnset('partialResult is unset when first operation fails during an ordered bulk write (summary)'),
  partialUnset('partialResult is unset when all operations fail during an unordered bulk write'),
  wtimeoutInTxn('findOneAndReplace.json', 'collection writeConcern ignored for findOneAndReplace'),
  wtimeoutInTxn('findOneAndDelete.json', 'collection writeConcern ignored for findOneAndDelete'),
  wtimeoutInTxn('update.json', 'collections writeConcern ignored for update'),
  {
    file: 'crud/tests/unified/bypassDocumentValidation.json',
    test: 'Aggregate with $out passes bypassDocumentValidation: false',
    reason: BYPASS,
  },
  {
    file: 'crud/tests/unified/bypassDocumentValidation.json',
    test: 'BulkWrite passes bypassDocumentValidation: false',
    reason: BYPASS,
  },
  {
    file: 'crud/tests/unified/bypassDocumentValidation.json',
    test: 'FindOneAndReplace passes bypassDocumentValidation: false',
    reason: BYPASS,
  },
  {
    file: 'crud/tests/unified/bypassDocumentValidation.json',
    test: 'FindOneAndUpdate passes bypassDocumentValidation: false',
    reason: BYPASS,
  },
  {
    file: 'crud/tests/unified/bypassDocumentValidation.json',
    test: 'InsertMany passes bypassDocumentValidation: false',
    reason: BYPASS,
  },
  { file: 'transactions/tests/unified/write-concern.json', test: 'commit with majority', reason: WTIMEOUT },
  { file: 'transactions/tests/unified/write-concern.json', test: 'abort with majority', reason: WTIMEOUT },
  {
    file: 'transactions/tests/unified/findOneAndUpdate.json',
    test: 'collection writeConcern ignored for findOneAndUpdate',
    reason: WTIMEOUT,
  },
  {
    file: 'transactions/tests/unified/client-bulkWrite.json',
    test: 'client writeConcern ignored for client bulkWrite in transaction',
    reason: WTIMEOUT,
  },
  {
    file: 'transactions/tests/unified/client-bulkWrite.json',
    test: 'client bulkWrite with writeConcern in a transaction causes a transaction error',
    reason:
      'MongoClient.bulkWrite in a transaction drops a writeConcern option silently instead of failing "Cannot set write concern after starting a transaction" (the engine refuses one sent inside a transaction with 72, as the server does)',
  },
  {
    file: 'retryable-writes/tests/unified/bulkWrite.json',
    test: 'First insertOne is never committed',
    reason:
      'BulkWriteResult.insertedIds lists the _id of an insert whose whole command failed (getSuccessfullyInsertedIds only drops ids with a writeError: lib/bulk/common.js); insertedCount is 0 as expected',
  },
];

export function deviationFor(file: string, test: string): DriverDeviation | undefined {
  const norm = file.split('\\').join('/');
  return DRIVER_DEVIATIONS.find((d) => norm.endsWith(d.file) && d.test === test);
}
