// Written from source/crud/tests/unified/replaceOne-comment.json: a string or document `comment` on the update command.
import { command, data, entities, op, started, test, unsetOr, type J, type PortedFile } from '../support.js';

const args = (comment: J) => ({ filter: { _id: 1 }, replacement: { x: 22 }, comment });
const sent = (comment: J) =>
  started(
    command('update', {
      update: 'coll0',
      updates: [{ q: { _id: 1 }, u: { x: 22 }, multi: unsetOr(false), upsert: unsetOr(false) }],
      comment,
    }),
  );
const before = [data('crud-tests', 'coll0', [{ _id: 1, x: 11 }])];
const after = [data('crud-tests', 'coll0', [{ _id: 1, x: 22 }])];
const since44 = [{ minServerVersion: '4.4' }];

export const replaceOneComment: PortedFile = {
  source: 'crud/tests/unified/replaceOne-comment.json',
  description: 'replaceOne-comment',
  createEntities: entities({ db: 'crud-tests', coll: 'coll0' }),
  initialData: before,
  tests: [
    test('ReplaceOne with string comment', [op('replaceOne', args('comment'))], {
      runOnRequirements: since44,
      expectEvents: sent('comment'),
      outcome: after,
    }),
    test('ReplaceOne with document comment', [op('replaceOne', args({ key: 'value' }))], {
      runOnRequirements: since44,
      expectEvents: sent({ key: 'value' }),
      outcome: after,
    }),
    test(
      'ReplaceOne with comment - pre 4.4',
      [op('replaceOne', args('comment'), { expectError: { isClientError: false } })],
      {
        runOnRequirements: [{ minServerVersion: '3.4.0', maxServerVersion: '4.2.99' }],
        expectEvents: sent('comment'),
        outcome: before,
      },
    ),
  ],
};
