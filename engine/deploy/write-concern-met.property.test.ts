/**
 * When a write concern is met: the count shortcut for a number or "majority" (`writeConcernMetAt`)
 * against the general walk over the acknowledging members (`walkMetAt`, which tag modes use), for
 * generated members (up or down, any lag including -0, fractions and NaN, any of them the primary)
 * and every kind of `w` (integers past the member count, fractions, NaN, "majority", tag modes).
 * Then the reply itself: a replica set's writes with such members and write concerns answer as the
 * walk decides.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Doc } from '../bson/values.js';
import type { Member, ReplicaSet } from './topology.js';
import { walkMetAt, writeConcernMetAt, type WriteConcernSettings } from './write-concern.js';
import { run } from '../commands/testing.js';
import { deployedEngine } from './testing.js';

const lag = fc.oneof(fc.constantFrom(0, -0, 1, 5, 100, 250, Number.NaN, -3, 1.5), fc.integer({ min: 0, max: 1000 }));
const member = fc.record({
  state: fc.constantFrom('up' as const, 'up' as const, 'down' as const),
  lagMs: lag,
  tags: fc.record({ dc: fc.constantFrom('east', 'west', 'north') }),
});
const w = fc.oneof(
  fc.integer({ min: -1, max: 9 }),
  fc.constantFrom(1.5, Number.NaN, Number.POSITIVE_INFINITY, 'majority', 'twoDCs', 'unknownMode'),
);
const settings: WriteConcernSettings = { getLastErrorModes: { twoDCs: { dc: 2 } } };

describe('writeConcernMetAt', () => {
  it('answers as the walk over the acknowledging members for every w and member set', () => {
    fc.assert(
      fc.property(fc.array(member, { minLength: 1, maxLength: 7 }), fc.nat(6), w, (members, p, wv) => {
        const rs: ReplicaSet = { name: 'rs0', members: members as Member[] };
        const primary = rs.members[p % rs.members.length]!;
        const fast = writeConcernMetAt(wv, rs, primary, settings);
        const walk = walkMetAt(rs, primary, wv, settings, rs.members.length);
        expect(Object.is(fast, walk)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps equal times in member order and finds the need-th one', () => {
    const m = (lagMs: number, state: 'up' | 'down' = 'up'): Member => ({ state, lagMs, tags: {} });
    const members = [m(0), m(300), m(-0), m(0, 'down'), m(100)];
    const rs: ReplicaSet = { name: 'rs0', members };
    expect(writeConcernMetAt(1, rs, members[0]!, {})).toBe(0);
    expect(writeConcernMetAt(3, rs, members[0]!, {})).toBe(100);
    expect(writeConcernMetAt('majority', rs, members[0]!, {})).toBe(100);
    expect(writeConcernMetAt(4, rs, members[0]!, {})).toBe(300);
    expect(writeConcernMetAt(5, rs, members[0]!, {})).toBeUndefined();
    expect(Object.is(writeConcernMetAt(2, rs, members[0]!, {}), -0)).toBe(true);
  });
});

describe('write replies on a replica set with lagging members', () => {
  it('carry writeConcernError exactly when the walk says the write concern is not met in time', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            state: fc.constantFrom('up' as const, 'down' as const),
            lagMs: fc.integer({ min: 0, max: 400 }),
          }),
          {
            minLength: 1,
            maxLength: 5,
          },
        ),
        fc.oneof(fc.integer({ min: 1, max: 5 }), fc.constant('majority')),
        fc.constantFrom(0, 50, 200),
        (inputs, wv, wtimeout) => {
          const members = [{ state: 'up' as const, lagMs: 0 }, ...inputs];
          const engine = deployedEngine({ topology: 'replicaset', members });
          const reply: Doc = run(
            engine,
            'test',
            `{"insert": "c", "documents": [{"_id": 1}], "writeConcern": {"w": ${typeof wv === 'number' ? wv : '"majority"'}, "wtimeout": ${wtimeout}}}`,
          );
          const rs: ReplicaSet = {
            name: 'rs0',
            members: members.map((x) => ({ state: x.state, lagMs: x.lagMs, tags: {} })),
          };
          const total = rs.members.length;
          const unsatisfiable = typeof wv === 'number' && wv > total;
          const metAt = walkMetAt(rs, rs.members[0]!, wv, {}, total);
          const met = !unsatisfiable && metAt !== undefined && (wtimeout <= 0 || metAt <= wtimeout);
          expect(reply.get('n')).toBeDefined();
          expect(reply.has('writeConcernError')).toBe(!met);
        },
      ),
      { numRuns: 150 },
    );
  });
});
