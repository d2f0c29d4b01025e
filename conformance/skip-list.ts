/**
 * The one skip list of the conformance runner. Every entry names a file (a path suffix under the
 * specifications directory) and optionally one test (its description), with the reason it cannot
 * pass yet. Skipped tests still run: one that passes is reported as "unexpectedly passing" so the
 * entry can be removed. Reasons starting with "engine bug:" are defects to fix; "engine gap:" are
 * features the engine does not have yet; the others need server machinery outside the engine.
 */
export interface SkipEntry {
  readonly file: string;
  readonly test?: string;
  readonly reason: string;
}

const BUG_FIND_BATCHSIZE =
  'engine bug: find ignores batchSize (returns every document in firstBatch, so no getMore is sent)';
const CHANGE_STREAMS = 'needs change streams, which the engine does not implement';
const NO_API_STRICT =
  'engine gap: apiStrict is not enforced (commands outside API version 1 must fail with APIStrictError)';
const NO_DB_AGGREGATE = 'engine gap: database-level aggregate ({aggregate: 1}) not supported';
const NO_OUT = 'engine gap: aggregate $out stage not supported';
const NO_SNAPSHOT_REJECTION =
  "engine gap: readConcern {level: 'snapshot'} is not rejected on writes/list commands outside transactions";
const NO_TRANSACTIONS = 'engine gap: no transactions (commitTransaction/abortTransaction commands; deployments issue)';
const NO_TRANSACTIONS_ISOLATION =
  'engine gap: no transactions (writes inside a transaction are visible before commit; deployments issue)';
const NO_TRANSACTIONS_ROLLBACK = 'engine gap: no transactions (abortTransaction does not roll back; deployments issue)';

/** One entry per listed test of `file`. */
function tests(file: string, reason: string, descriptions: readonly string[]): SkipEntry[] {
  return descriptions.map((test) => ({ file, test, reason }));
}

export const SKIP_LIST: readonly SkipEntry[] = [
  ...tests('versioned-api/tests/crud-api-version-1-strict.json', BUG_FIND_BATCHSIZE, [
    'find and getMore append API version',
  ]),
  ...tests('versioned-api/tests/crud-api-version-1.json', BUG_FIND_BATCHSIZE, ['find and getMore append API version']),
  { file: 'change-streams/tests/unified/change-streams-disambiguatedPaths.json', reason: CHANGE_STREAMS },
  { file: 'change-streams/tests/unified/change-streams-pre_and_post_images.json', reason: CHANGE_STREAMS },
  { file: 'change-streams/tests/unified/change-streams.json', reason: CHANGE_STREAMS },
  ...tests('versioned-api/tests/crud-api-version-1-strict.json', NO_API_STRICT, [
    'distinct appends declared API version',
  ]),
  ...tests('unified-test-format/tests/valid-pass/poc-crud.json', NO_DB_AGGREGATE, [
    'Aggregate with $listLocalSessions',
  ]),
  ...tests('versioned-api/tests/crud-api-version-1-strict.json', NO_DB_AGGREGATE, [
    'aggregate on database appends declared API version',
  ]),
  ...tests('versioned-api/tests/crud-api-version-1.json', NO_DB_AGGREGATE, [
    'aggregate on database appends declared API version',
  ]),
  ...tests('crud/tests/unified/bypassDocumentValidation.json', NO_OUT, [
    'Aggregate with $out passes bypassDocumentValidation: false',
  ]),
  ...tests('unified-test-format/tests/valid-pass/poc-crud.json', NO_OUT, ['readConcern majority with out stage']),
  ...tests('sessions/tests/snapshot-sessions-unsupported-ops.json', NO_SNAPSHOT_REJECTION, [
    'Server returns an error on insertOne with snapshot',
    'Server returns an error on insertMany with snapshot',
    'Server returns an error on deleteOne with snapshot',
    'Server returns an error on updateOne with snapshot',
    'Server returns an error on findOneAndUpdate with snapshot',
    'Server returns an error on listDatabases with snapshot',
    'Server returns an error on listCollections with snapshot',
    'Server returns an error on listIndexes with snapshot',
    'Server returns an error on runCommand with snapshot',
  ]),
  ...tests('transactions/tests/unified/bulk.json', NO_TRANSACTIONS, ['bulk']),
  ...tests('transactions/tests/unified/causal-consistency.json', NO_TRANSACTIONS, [
    'causal consistency',
    'causal consistency disabled',
  ]),
  ...tests('transactions/tests/unified/client-bulkWrite.json', NO_TRANSACTIONS, [
    'client bulkWrite in a transaction',
    'client writeConcern ignored for client bulkWrite in transaction',
  ]),
  ...tests('transactions/tests/unified/findOneAndUpdate.json', NO_TRANSACTIONS, [
    'findOneAndUpdate',
    'collection writeConcern ignored for findOneAndUpdate',
  ]),
  ...tests('transactions/tests/unified/write-concern.json', NO_TRANSACTIONS, [
    'commit with majority',
    'commit with default',
    'unacknowledged write concern coll insertOne',
    'unacknowledged write concern coll insertMany',
    'unacknowledged write concern coll bulkWrite',
    'unacknowledged write concern coll deleteOne',
    'unacknowledged write concern coll deleteMany',
    'unacknowledged write concern coll updateOne',
    'unacknowledged write concern coll updateMany',
    'unacknowledged write concern coll findOneAndDelete',
    'unacknowledged write concern coll findOneAndReplace',
    'unacknowledged write concern coll findOneAndUpdate',
  ]),
  ...tests('unified-test-format/tests/valid-pass/poc-transactions.json', NO_TRANSACTIONS_ISOLATION, [
    'explicitly create collection using create command',
    'create index on a non-existing collection',
  ]),
  ...tests('transactions/tests/unified/write-concern.json', NO_TRANSACTIONS_ROLLBACK, [
    'abort with majority',
    'abort with default',
  ]),
];
