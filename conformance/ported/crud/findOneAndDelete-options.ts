// Written from source/crud/tests/unified/findOneAndDelete-comment.json, -hint.json and -let.json:
// the findAndModify command findOneAndDelete sends (`remove: true` with the option) and its effect.
import { command, data, entities, op, started, test, type J, type PortedFile } from '../support.js';

const sent = (coll: string, query: J, option: { [key: string]: J }) =>
  started(command('findAndModify', { findAndModify: coll, query, remove: true, ...option }));

const commentArgs = (comment: J) => ({ filter: { _id: 1 }, comment });
export const findOneAndDeleteComment: PortedFile = {
  source: 'crud/tests/unified/findOneAndDelete-comment.json',
  description: 'findOneAndDelete-comment',
  createEntities: entities({ db: 'crud-tests', coll: 'coll0' }),
  initialData: [data('crud-tests', 'coll0', [{ _id: 1 }, { _id: 2 }])],
  tests: [
    ...(
      [
        ['findOneAndDelete with string comment', 'comment'],
        ['findOneAndDelete with document comment', { key: 'value' }],
      ] as [string, J][]
    ).map(([description, comment]) =>
      test(description, [op('findOneAndDelete', commentArgs(comment), { expectResult: { _id: 1 } })], {
        runOnRequirements: [{ minServerVersion: '4.4' }],
        expectEvents: sent('coll0', { _id: 1 }, { comment }),
        outcome: [data('crud-tests', 'coll0', [{ _id: 2 }])],
      }),
    ),
    test(
      'findOneAndDelete with comment - pre 4.4',
      [op('findOneAndDelete', commentArgs('comment'), { expectError: { isClientError: false } })],
      {
        runOnRequirements: [{ minServerVersion: '4.2.0', maxServerVersion: '4.2.99' }],
        expectEvents: sent('coll0', { _id: 1 }, { comment: 'comment' }),
        outcome: [data('crud-tests', 'coll0', [{ _id: 1 }, { _id: 2 }])],
      },
    ),
  ],
};

const hintColl = 'findOneAndDelete_hint';
const withHint = (description: string, hint: J) =>
  test(description, [op('findOneAndDelete', { filter: { _id: 1 }, hint }, { expectResult: { _id: 1, x: 11 } })], {
    expectEvents: sent(hintColl, { _id: 1 }, { hint }),
    outcome: [data('crud-v2', hintColl, [{ _id: 2, x: 22 }])],
  });
export const findOneAndDeleteHint: PortedFile = {
  source: 'crud/tests/unified/findOneAndDelete-hint.json',
  description: 'findOneAndDelete-hint',
  runOnRequirements: [{ minServerVersion: '4.3.4' }],
  createEntities: entities({ db: 'crud-v2', coll: hintColl }),
  initialData: [
    data('crud-v2', hintColl, [
      { _id: 1, x: 11 },
      { _id: 2, x: 22 },
    ]),
  ],
  tests: [
    withHint('FindOneAndDelete with hint string', '_id_'),
    withHint('FindOneAndDelete with hint document', { _id: 1 }),
  ],
};

const byLetId = { $expr: { $eq: ['$_id', '$$id'] } };
export const findOneAndDeleteLet: PortedFile = {
  source: 'crud/tests/unified/findOneAndDelete-let.json',
  description: 'findOneAndDelete-let',
  createEntities: entities({ db: 'crud-tests', coll: 'coll0' }),
  initialData: [data('crud-tests', 'coll0', [{ _id: 1 }, { _id: 2 }])],
  tests: [
    test('findOneAndDelete with let option', [op('findOneAndDelete', { filter: byLetId, let: { id: 1 } })], {
      runOnRequirements: [{ minServerVersion: '5.0' }],
      expectEvents: sent('coll0', byLetId, { let: { id: 1 } }),
      outcome: [data('crud-tests', 'coll0', [{ _id: 2 }])],
    }),
    test(
      'findOneAndDelete with let option unsupported (server-side error)',
      [
        op(
          'findOneAndDelete',
          { filter: byLetId, let: { id: 1 } },
          { expectError: { errorContains: "field 'let' is an unknown field", isClientError: false } },
        ),
      ],
      {
        runOnRequirements: [{ minServerVersion: '4.2.0', maxServerVersion: '4.4.99' }],
        expectEvents: sent('coll0', byLetId, { let: { id: 1 } }),
        outcome: [data('crud-tests', 'coll0', [{ _id: 1 }, { _id: 2 }])],
      },
    ),
  ],
};

const gt1 = { _id: { $gt: 1 } };
const unacknowledged = (description: string, hint: J, before44: boolean) =>
  before44
    ? test(description, [op('findOneAndDelete', { filter: gt1, hint }, { expectError: { isClientError: true } })], {
        runOnRequirements: [{ maxServerVersion: '4.2.99' }],
        expectEvents: [{ client: 'client0', events: [] }],
      })
    : test(description, [op('findOneAndDelete', { filter: gt1, hint }, { expectResult: { $$unsetOrMatches: null } })], {
        runOnRequirements: [{ minServerVersion: '4.4.0' }],
        expectEvents: sent('coll0', gt1, { hint: { $$type: ['string', 'object'] }, writeConcern: { w: 0 } }),
      });
export const findOneAndDeleteHintUnacknowledged: PortedFile = {
  source: 'crud/tests/unified/findOneAndDelete-hint-unacknowledged.json',
  description: 'findOneAndDelete-hint-unacknowledged',
  createEntities: entities({ db: 'db0', coll: 'coll0', collectionOptions: { writeConcern: { w: 0 } } }),
  initialData: [
    data('db0', 'coll0', [
      { _id: 1, x: 11 },
      { _id: 2, x: 22 },
    ]),
  ],
  tests: [
    unacknowledged(
      'Unacknowledged findOneAndDelete with hint string fails with client-side error on pre-4.4 server',
      '_id_',
      true,
    ),
    unacknowledged(
      'Unacknowledged findOneAndDelete with hint document fails with client-side error on pre-4.4 server',
      { _id: 1 },
      true,
    ),
    unacknowledged('Unacknowledged findOneAndDelete with hint string on 4.4+ server', '_id_', false),
    unacknowledged('Unacknowledged findOneAndDelete with hint document on 4.4+ server', { _id: 1 }, false),
  ],
};

export const findOneAndDeleteRawData: PortedFile = {
  source: 'crud/tests/unified/findOneAndDelete-rawdata.json',
  description: 'findOneAndDelete-rawData',
  createEntities: entities({ db: 'crud-tests', coll: 'coll0' }),
  tests: [
    test('findOneAndDelete with rawData option', [op('findOneAndDelete', { filter: {}, rawData: true })], {
      runOnRequirements: [{ minServerVersion: '8.2.0' }],
      expectEvents: sent('coll0', {}, { rawData: true }),
    }),
    // 8.0 does not know rawData: the driver leaves it out
    test(
      'findOneAndDelete with rawData option on less than 8.2.0 - ignore argument',
      [op('findOneAndDelete', { filter: {}, rawData: true })],
      {
        runOnRequirements: [{ maxServerVersion: '8.1.99' }],
        expectEvents: sent('coll0', {}, { rawData: { $$exists: false } }),
      },
    ),
  ],
};
