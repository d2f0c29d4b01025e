// Written from source/crud/tests/unified/bulkWrite-collation.json: per-request collations in one bulkWrite.
import { bulkResult, data, entities, op, test, type J, type PortedFile } from '../support.js';

const strength = (s: number): J => ({ locale: 'en_US', strength: s });

export const bulkWriteCollation: PortedFile = {
  source: 'crud/tests/unified/bulkWrite-collation.json',
  description: 'bulkWrite-collation',
  schemaVersion: '1.4',
  runOnRequirements: [{ minServerVersion: '3.4', serverless: 'forbid' }],
  createEntities: entities({ db: 'crud-v1', coll: 'coll', observe: [] }),
  initialData: [
    data('crud-v1', 'coll', [
      { _id: 1, x: 11 },
      { _id: 2, x: 'ping' },
      { _id: 3, x: 'pINg' },
      { _id: 4, x: 'pong' },
      { _id: 5, x: 'pONg' },
    ]),
  ],
  tests: [
    test(
      'BulkWrite with delete operations and collation',
      [
        op(
          'bulkWrite',
          {
            requests: [
              // two match, one is deleted; then the other; then both "pong"s
              { deleteOne: { filter: { x: 'PING' }, collation: strength(2) } },
              { deleteOne: { filter: { x: 'PING' }, collation: strength(2) } },
              { deleteMany: { filter: { x: 'PONG' }, collation: strength(2) } },
            ],
            ordered: true,
          },
          { expectResult: bulkResult({ deleted: 4 }) },
        ),
      ],
      { outcome: [data('crud-v1', 'coll', [{ _id: 1, x: 11 }])] },
    ),
    test(
      'BulkWrite with update operations and collation',
      [
        op(
          'bulkWrite',
          {
            requests: [
              // strength 3 tells "ping" from "pINg": one match
              { updateMany: { filter: { x: 'ping' }, update: { $set: { x: 'PONG' } }, collation: strength(3) } },
              { updateOne: { filter: { x: 'ping' }, update: { $set: { x: 'PONG' } }, collation: strength(2) } },
              // nothing left to match at strength 3: upserts
              {
                replaceOne: {
                  filter: { x: 'ping' },
                  replacement: { _id: 6, x: 'ping' },
                  upsert: true,
                  collation: strength(3),
                },
              },
              { updateMany: { filter: { x: 'pong' }, update: { $set: { x: 'PONG' } }, collation: strength(2) } },
            ],
            ordered: true,
          },
          { expectResult: bulkResult({ matched: 6, modified: 4, upserted: 1, upsertedIds: { '2': 6 } }) },
        ),
      ],
      {
        outcome: [
          data('crud-v1', 'coll', [
            { _id: 1, x: 11 },
            { _id: 2, x: 'PONG' },
            { _id: 3, x: 'PONG' },
            { _id: 4, x: 'PONG' },
            { _id: 5, x: 'PONG' },
            { _id: 6, x: 'ping' },
          ]),
        ],
      },
    ),
  ],
};
