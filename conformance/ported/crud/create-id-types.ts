// Written from create-id-types.json of mongodb/specifications' DRIVERS-2124-id-types branch (fcd0a58;
// not merged: create-null-ids.json replaced it): an `_id` of every BSON type is stored as that type by
// every insert and upsert path, and regex and array `_id`s are refused by the server, not the driver.
// Left out: its `undefined` cases, which the server refuses (storage_validation.cpp: InvalidIdField
// "The '_id' value cannot be of type undefined"; a filter on undefined is BadValue).
import { data, op, test, type J, type PortedFile } from '../support.js';

const OID = { $oid: '507f1f77bcf86cd799439011' };
/** One `_id` value per BSON type, in the file's order. */
const ID_OF_TYPE: [string, J][] = [
  ['double', { $numberDouble: 'NaN' }],
  ['string', ''],
  ['object', {}],
  ['binData', { $binary: { base64: '', subType: '00' } }],
  ['objectId', OID],
  ['bool', false],
  ['date', { $date: { $numberLong: '0' } }],
  ['null', null],
  ['dbPointer', { $dbPointer: { $ref: 'a.b', $id: OID } }],
  ['javascript', { $code: '' }],
  ['javascriptWithScope', { $code: '', $scope: {} }],
  ['symbol', { $symbol: '' }],
  ['int', { $numberInt: '0' }],
  ['timestamp', { $timestamp: { t: 0, i: 0 } }],
  ['long', { $numberLong: '0' }],
  ['decimal', { $numberDecimal: '0' }],
  ['minKey', { $minKey: 1 }],
  ['maxKey', { $maxKey: 1 }],
];

/** The seven ways to create a document with `_id`, as operations. */
function paths(id: J): [string, J][] {
  const doc = { _id: id };
  const unsetA = { $unset: { a: '' } };
  return [
    ['insertOne', op('insertOne', { document: doc }, {}, 'collection')],
    ['insertMany', op('insertMany', { documents: [doc] }, {}, 'collection')],
    ['updateOne', op('updateOne', { filter: doc, update: unsetA, upsert: true }, {}, 'collection')],
    ['updateMany', op('updateMany', { filter: doc, update: unsetA, upsert: true }, {}, 'collection')],
    ['replaceOne', op('replaceOne', { filter: {}, replacement: doc, upsert: true }, {}, 'collection')],
    ['bulkWrite', op('bulkWrite', { requests: [{ insertOne: { document: doc } }] }, {}, 'collection')],
    [
      'clientBulkWrite',
      op(
        'clientBulkWrite',
        { models: [{ insertOne: { namespace: 'crud_id.type_tests', document: doc } }] },
        {},
        'client',
      ),
    ],
  ];
}

const dropFirst = op('dropCollection', { collection: 'type_tests' }, {}, 'database');
const since80 = (via: string) =>
  via === 'clientBulkWrite' ? { runOnRequirements: [{ minServerVersion: '8.0' }] } : {};

const stored = ID_OF_TYPE.flatMap(([type, id]) =>
  paths(id).map(([via, operation]) =>
    test(`inserting _id with type ${type} via ${via}`, [dropFirst, operation], {
      ...since80(via),
      outcome: [data('crud_id', 'type_tests', [{ _id: id }])],
    }),
  ),
);

/** Refused by the server (isClientError: false); a regex filter matches by pattern, so no update paths for it. */
const refused = (
  [
    ['regex', { $regularExpression: { pattern: 'abc', options: 'i' } }, ['updateOne', 'updateMany']],
    ['array', [], []],
  ] as [string, J, string[]][]
).flatMap(([type, id, without]) =>
  paths(id)
    .filter(([via]) => !without.includes(via))
    .map(([via, operation]) =>
      test(
        `drivers should not prevent _id with type ${type} to insert via ${via}`,
        [dropFirst, { ...(operation as { [key: string]: J }), expectError: { isClientError: false } }],
        since80(via),
      ),
    ),
);

export const createIdTypes: PortedFile = {
  source: 'crud/tests/unified/create-id-types.json',
  description: 'CRUD ID Type Tests',
  createEntities: [
    { client: { id: 'client', observeEvents: ['commandStartedEvent'] } },
    { database: { id: 'database', client: 'client', databaseName: 'crud_id' } },
    { collection: { id: 'collection', database: 'database', collectionName: 'type_tests' } },
  ],
  tests: [...stored, ...refused],
};
