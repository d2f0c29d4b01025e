// Written from source/crud/tests/unified/replaceOne-dots_and_dollars.json: replacements holding dotted
// and `$`-prefixed field names (accepted since 5.0; refused or silently dropped before).
import {
  command,
  data,
  entities,
  op,
  started,
  test,
  unsetOr,
  updateResult,
  type J,
  type PortedFile,
} from '../support.js';

const dottedKey = { _id: 1, 'a.b': 1 };
const dollarInEmbedded = { _id: 1, a: { $b: 1 } };
const dottedInEmbedded = { _id: 1, a: { 'b.c': 1 } };
const initial = [data('crud-tests', 'coll0', [{ _id: 1 }])];

const sent = (coll: string, replacement: J, unacknowledged = false) =>
  started(
    command('update', {
      update: coll,
      updates: [{ q: { _id: 1 }, u: replacement, multi: unsetOr(false), upsert: unsetOr(false) }],
      ...(unacknowledged ? { writeConcern: { w: 0 } } : {}),
    }),
  );
const replaces = (description: string, minServerVersion: string, replacement: J) =>
  test(description, [op('replaceOne', { filter: { _id: 1 }, replacement }, { expectResult: updateResult(1, 1) })], {
    runOnRequirements: [{ minServerVersion }],
    expectEvents: sent('coll0', replacement),
    outcome: [data('crud-tests', 'coll0', [replacement])],
  });

export const replaceOneDotsAndDollars: PortedFile = {
  source: 'crud/tests/unified/replaceOne-dots_and_dollars.json',
  description: 'replaceOne-dots_and_dollars',
  createEntities: [
    ...entities({ db: 'crud-tests', coll: 'coll0' }),
    {
      collection: {
        id: 'collection1',
        database: 'database0',
        collectionName: 'coll1',
        collectionOptions: { writeConcern: { w: 0 } },
      },
    },
  ],
  initialData: initial,
  tests: [
    replaces('Replacing document with top-level dotted key on 3.6+ server', '3.6', dottedKey),
    replaces('Replacing document with dollar-prefixed key in embedded doc on 5.0+ server', '5.0', dollarInEmbedded),
    test(
      'Replacing document with dollar-prefixed key in embedded doc on pre-5.0 server yields server-side error',
      [
        op(
          'replaceOne',
          { filter: { _id: 1 }, replacement: dollarInEmbedded },
          { expectError: { isClientError: false } },
        ),
      ],
      {
        runOnRequirements: [{ maxServerVersion: '4.99' }],
        expectEvents: sent('coll0', dollarInEmbedded),
        outcome: initial,
      },
    ),
    replaces('Replacing document with dotted key in embedded doc on 3.6+ server', '3.6', dottedInEmbedded),
    test(
      'Unacknowledged write using dollar-prefixed or dotted keys may be silently rejected on pre-5.0 server',
      [
        op(
          'replaceOne',
          { filter: { _id: 1 }, replacement: dollarInEmbedded },
          { expectResult: { acknowledged: unsetOr(false) } },
          'collection1',
        ),
      ],
      {
        runOnRequirements: [{ maxServerVersion: '4.99' }],
        expectEvents: sent('coll1', dollarInEmbedded, true),
        outcome: initial,
      },
    ),
  ],
};
