import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Value } from '../bson/values.js';
import { body, deployedEngine, run, txnFields } from './testing.js';

const action = fc.oneof(
  fc.record({
    kind: fc.constant('write' as const),
    session: fc.integer({ min: 0, max: 2 }),
    id: fc.integer({ min: 1, max: 4 }),
    op: fc.constantFrom('inc', 'upsert', 'delete'),
  }),
  fc.record({ kind: fc.constant('end' as const), session: fc.integer({ min: 1, max: 2 }), commit: fc.boolean() }),
);

type State = Map<number, number>;

/** The effect of one statement on a state (documents `{_id, n}`). */
function apply(state: State, op: string, id: number): void {
  if (op === 'delete') state.delete(id);
  else if (state.has(id)) state.set(id, state.get(id)! + 1);
  else if (op === 'upsert') state.set(id, 1);
}

function codeOf(v: Value | undefined): number | undefined {
  return v === undefined || v === null ? undefined : Number(v.valueOf());
}

describe('transactions under random interleavings', () => {
  it('no internal errors; the data equals a model where each transaction works on its snapshot and commits atomically', () => {
    fc.assert(
      fc.property(
        fc.array(action, { maxLength: 25 }),
        // A standalone refuses transactions (standalone.test.ts).
        fc.constantFrom('replicaset', 'sharded'),
        (actions, topology) => {
          const engine = deployedEngine({ topology });
          run(engine, 'test', '{"insert": "c", "documents": [{"_id": 1, "n": 0}, {"_id": 2, "n": 0}]}');
          const txn = [0, 1, 1];
          const open = [false, false, false];
          // Session 0 writes outside transactions; sessions 1 and 2 in transactions.
          let main: State = new Map([
            [1, 0],
            [2, 0],
          ]);
          const views: (State | undefined)[] = [undefined, undefined, undefined];
          const written: Set<number>[] = [new Set(), new Set(), new Set()];
          const endTxn = (s: number) => {
            open[s] = false;
            txn[s]!++;
            views[s] = undefined;
            written[s] = new Set();
          };
          for (const a of actions) {
            let code: number | undefined;
            if (a.kind === 'end') {
              if (!open[a.session]) continue;
              const name = a.commit ? 'commitTransaction' : 'abortTransaction';
              const reply = run(engine, 'admin', `{"${name}": 1, ${txnFields(a.session, txn[a.session]!)}}`);
              code = codeOf(body(reply).get('code'));
              if (a.commit && code === undefined) {
                const view = views[a.session]!;
                const next = new Map(main);
                for (const id of written[a.session]!) {
                  if (view.has(id)) next.set(id, view.get(id)!);
                  else next.delete(id);
                }
                main = next;
              }
              endTxn(a.session);
            } else {
              const stmt =
                a.op === 'delete'
                  ? `{"delete": "c", "deletes": [{"q": {"_id": ${a.id}}, "limit": 1}]`
                  : `{"update": "c", "updates": [{"q": {"_id": ${a.id}}, "u": {"$inc": {"n": 1}}${a.op === 'upsert' ? ', "upsert": true' : ''}}]`;
              const inTxn = a.session !== 0;
              if (inTxn && !open[a.session]) views[a.session] = new Map(main);
              const fields = inTxn ? `, ${txnFields(a.session, txn[a.session]!, !open[a.session])}` : '';
              const reply = run(engine, 'test', `${stmt}${fields}}`);
              code = codeOf(body(reply).get('code'));
              if (code === undefined) {
                if (inTxn) {
                  const view = views[a.session]!;
                  // Only a statement that touched the document writes it (a miss writes nothing).
                  if (view.has(a.id) || a.op === 'upsert') written[a.session]!.add(a.id);
                  apply(view, a.op, a.id);
                  open[a.session] = true;
                } else apply(main, a.op, a.id);
              } else if (inTxn) endTxn(a.session); // a failed statement aborts its transaction
            }
            expect(code).not.toBe(1);
            if (code !== undefined) expect([50, 112, 251]).toContain(code);
          }
          const actual = engine.documents('test', 'c').map((d) => `${String(d.get('_id'))}:${String(d.get('n'))}`);
          expect(actual.sort()).toEqual([...main].map(([id, n]) => `${id}:${n}`).sort());
        },
      ),
      { numRuns: 150 },
    );
  });
});
