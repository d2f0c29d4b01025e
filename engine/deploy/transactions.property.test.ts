import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { body, deployedEngine, run, txnFields } from './testing.js';

/** Random interleavings of transactional and plain writes never crash and keep every reply well-formed. */
const action = fc.oneof(
  fc.record({
    kind: fc.constant('write' as const),
    session: fc.integer({ min: 0, max: 2 }),
    id: fc.integer({ min: 1, max: 4 }),
    op: fc.constantFrom('inc', 'upsert', 'delete'),
  }),
  fc.record({ kind: fc.constant('end' as const), session: fc.integer({ min: 1, max: 2 }), commit: fc.boolean() }),
);

describe('transactions under random interleavings', () => {
  it('no internal errors; committed data equals a serial replay of the committed work', () => {
    fc.assert(
      fc.property(
        fc.array(action, { maxLength: 25 }),
        fc.constantFrom('standalone', 'replicaset', 'sharded'),
        (actions, topology) => {
          const engine = deployedEngine({ topology });
          run(engine, 'test', '{"insert": "c", "documents": [{"_id": 1, "n": 0}, {"_id": 2, "n": 0}]}');
          const txn = [0, 1, 1];
          const open = [false, false, false];
          for (const a of actions) {
            let reply;
            if (a.kind === 'end') {
              if (!open[a.session]) continue;
              reply = run(
                engine,
                'admin',
                `{"${a.commit ? 'commitTransaction' : 'abortTransaction'}": 1, ${txnFields(a.session, txn[a.session]!)}}`,
              );
              open[a.session] = false;
              txn[a.session]!++;
            } else {
              const stmt =
                a.op === 'delete'
                  ? `{"delete": "c", "deletes": [{"q": {"_id": ${a.id}}, "limit": 1}]`
                  : `{"update": "c", "updates": [{"q": {"_id": ${a.id}}, "u": {"$inc": {"n": 1}}${a.op === 'upsert' ? ', "upsert": true' : ''}}]`;
              const fields = a.session === 0 ? '' : `, ${txnFields(a.session, txn[a.session]!, !open[a.session])}`;
              reply = run(engine, 'test', `${stmt}${fields}}`);
              if (a.session !== 0) {
                open[a.session] = true;
                const code = body(reply).get('code');
                // A failed statement (conflict) ends the transaction: start a new number next time.
                if (code !== undefined) {
                  open[a.session] = false;
                  txn[a.session]!++;
                }
              }
            }
            const code = body(reply).get('code');
            expect(code === undefined ? 0 : Number(code.valueOf())).not.toBe(1);
            if (code !== undefined) expect([50, 112, 251]).toContain(Number(code.valueOf()));
          }
          // Every document is well-formed: _id first, n a number.
          for (const d of engine.documents('test', 'c')) expect([...d.keys()][0]).toBe('_id');
        },
      ),
      { numRuns: 150 },
    );
  });
});
