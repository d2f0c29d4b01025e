// Written from source/crud/tests/unified/replaceOne-hint-unacknowledged.json: `hint` with w:0 is sent
// (8.0 accepts it) and the result is unacknowledged.
import { command, entities, data, op, started, test, unsetOr, type J, type PortedFile } from '../support.js';

const filter = { _id: { $gt: 1 } };
const replacement = { x: 111 };
const withHint = (description: string, hint: J) =>
  test(
    description,
    [op('replaceOne', { filter, replacement, hint }, { expectResult: unsetOr({ acknowledged: unsetOr(false) }) })],
    {
      runOnRequirements: [{ minServerVersion: '4.2.0' }],
      expectEvents: started(
        command('update', {
          update: 'coll0',
          updates: [
            {
              q: filter,
              u: replacement,
              multi: unsetOr(false),
              upsert: unsetOr(false),
              hint: { $$type: ['string', 'object'] },
            },
          ],
          writeConcern: { w: 0 },
        }),
      ),
    },
  );

export const replaceOneHintUnacknowledged: PortedFile = {
  source: 'crud/tests/unified/replaceOne-hint-unacknowledged.json',
  description: 'replaceOne-hint-unacknowledged',
  createEntities: entities({ db: 'db0', coll: 'coll0', collectionOptions: { writeConcern: { w: 0 } } }),
  initialData: [
    data('db0', 'coll0', [
      { _id: 1, x: 11 },
      { _id: 2, x: 22 },
    ]),
  ],
  tests: [
    withHint('Unacknowledged replaceOne with hint string on 4.2+ server', '_id_'),
    withHint('Unacknowledged replaceOne with hint document on 4.2+ server', { _id: 1 }),
  ],
};
