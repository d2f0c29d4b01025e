import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Value } from '../bson/values.js';
import { body, deployedEngine, run } from './testing.js';

const REGIONS = ['AF', 'EU', 'NA', 'US', 'ZA'];
const RETRYABLE =
  ', "lsid": {"id": {"$binary": {"base64": "AAAAAAAAAAAAAAAAAAAAAQ==", "subType": "04"}}}, "txnNumber": {"$numberLong": "1"}';

const op = fc.oneof(
  // Move a document to another region (a shard key change), with the full key in the filter.
  fc.record({
    kind: fc.constant('move' as const),
    id: fc.integer({ min: 1, max: 5 }),
    to: fc.constantFrom(...REGIONS),
    retryable: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('upsert' as const),
    id: fc.integer({ min: 1, max: 8 }),
    region: fc.constantFrom(...REGIONS),
  }),
  fc.record({ kind: fc.constant('incAll' as const) }),
);

function codeOf(v: Value | undefined): number | undefined {
  return v === undefined || v === null ? undefined : Number(v.valueOf());
}

describe('sharded cluster under random updates', () => {
  it('documents are never lost or duplicated; refusals are the router rules; counts per shard add up', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 20 }), fc.constantFrom(1, 2, 3), (ops, shards) => {
        const engine = deployedEngine({ topology: 'sharded', shards });
        run(
          engine,
          'test',
          '{"insert": "o", "documents": [{"_id": 1, "region": "EU", "n": 0}, {"_id": 2, "region": "US", "n": 0}, {"_id": 3, "region": "AF", "n": 0}]}',
        );
        run(engine, 'admin', '{"shardCollection": "test.o", "key": {"region": 1}}');
        const model = new Map<number, { region: string; n: number }>([
          [1, { region: 'EU', n: 0 }],
          [2, { region: 'US', n: 0 }],
          [3, { region: 'AF', n: 0 }],
        ]);
        for (const o of ops) {
          let stmt: string;
          let extra = '';
          if (o.kind === 'move') {
            const doc = model.get(o.id);
            const from = doc?.region ?? 'EU';
            stmt = `{"q": {"_id": ${o.id}, "region": "${from}"}, "u": {"$set": {"region": "${o.to}"}}}`;
            if (o.retryable) extra = RETRYABLE;
          } else if (o.kind === 'upsert') {
            stmt = `{"q": {"_id": ${o.id}, "region": "${o.region}"}, "u": {"$inc": {"n": 1}}, "upsert": true}`;
          } else stmt = '{"q": {}, "u": {"$inc": {"n": 1}}, "multi": true}';
          const reply = body(run(engine, 'test', `{"update": "o", "updates": [${stmt}]${extra}}`));
          expect(reply.get('ok')).toBe(1);
          const errors = reply.get('writeErrors') as Map<string, Value>[] | undefined;
          const code = codeOf(errors?.[0]?.get('code'));
          if (o.kind === 'move') {
            const doc = model.get(o.id);
            const changes = doc !== undefined && doc.region !== o.to;
            if (changes && !o.retryable) expect(code).toBe(20);
            else expect(code).toBeUndefined();
            if (doc && code === undefined) doc.region = o.to;
          } else if (o.kind === 'upsert') {
            // One catalog holds every shard's documents, so _id is unique across the cluster here
            // (a real cluster only enforces it per shard).
            const doc = model.get(o.id);
            if (doc === undefined) {
              expect(code).toBeUndefined();
              model.set(o.id, { region: o.region, n: 1 });
            } else if (doc.region === o.region) {
              expect(code).toBeUndefined();
              doc.n++;
            } else expect(code).toBe(11000);
          } else {
            expect(code).toBeUndefined();
            for (const d of model.values()) d.n++;
          }
        }
        const actual = engine
          .documents('test', 'o')
          .map((d) => `${String(d.get('_id'))}:${String(d.get('region'))}:${String(d.get('n'))}`)
          .sort();
        expect(actual).toEqual([...model].map(([id, d]) => `${id}:${d.region}:${d.n}`).sort());
        const dep = body(run(engine, 'admin', '{"getDeployment": 1}'));
        const counts = (dep.get('shardedCollections') as Map<string, Value>[])[0]!.get('documents') as Map<
          string,
          Value
        >;
        const total = [...counts.values()].reduce((a: number, v) => a + Number(v!.valueOf()), 0);
        expect(total).toBe(model.size);
      }),
      { numRuns: 150 },
    );
  });
});
