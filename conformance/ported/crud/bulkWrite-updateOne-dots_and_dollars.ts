// Written from source/crud/tests/unified/bulkWrite-updateOne-dots_and_dollars.json: pipeline updates
// that create `$`-prefixed and dotted field names with $setField, at the top level and embedded.
import {
  bulkResult,
  command,
  data,
  entities,
  op,
  started,
  test,
  unsetOr,
  type J,
  type PortedFile,
} from '../support.js';

const setField = (field: string, input: string): J => ({ $setField: { field: { $literal: field }, value: 1, input } });
const topLevel = (field: string): J[] => [{ $replaceWith: setField(field, '$$ROOT') }];
const embedded = (field: string): J[] => [{ $set: { foo: setField(field, '$foo') } }];

const updates = (description: string, update: J[], after: J) =>
  test(
    description,
    [
      op(
        'bulkWrite',
        { requests: [{ updateOne: { filter: { _id: 1 }, update } }] },
        { expectResult: bulkResult({ matched: 1, modified: 1 }) },
      ),
    ],
    {
      runOnRequirements: [{ minServerVersion: '5.0' }],
      expectEvents: started(
        command('update', {
          update: 'coll0',
          updates: [{ q: { _id: 1 }, u: update, multi: unsetOr(false), upsert: unsetOr(false) }],
        }),
      ),
      outcome: [data('crud-tests', 'coll0', [after])],
    },
  );

export const bulkWriteUpdateOneDotsAndDollars: PortedFile = {
  source: 'crud/tests/unified/bulkWrite-updateOne-dots_and_dollars.json',
  description: 'bulkWrite-updateOne-dots_and_dollars',
  createEntities: entities({ db: 'crud-tests', coll: 'coll0' }),
  initialData: [data('crud-tests', 'coll0', [{ _id: 1, foo: {} }])],
  tests: [
    updates('Updating document to set top-level dollar-prefixed key on 5.0+ server', topLevel('$a'), {
      _id: 1,
      foo: {},
      $a: 1,
    }),
    updates('Updating document to set top-level dotted key on 5.0+ server', topLevel('a.b'), {
      _id: 1,
      foo: {},
      'a.b': 1,
    }),
    updates('Updating document to set dollar-prefixed key in embedded doc on 5.0+ server', embedded('$a'), {
      _id: 1,
      foo: { $a: 1 },
    }),
    updates('Updating document to set dotted key in embedded doc on 5.0+ server', embedded('a.b'), {
      _id: 1,
      foo: { 'a.b': 1 },
    }),
  ],
};
