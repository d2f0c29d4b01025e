/**
 * `$elemMatch` on a top-level field reads the field directly instead of visiting the path.
 * Guard: over random documents, it matches exactly when the same `$elemMatch` one level down
 * (`{w: doc}` with path `w.<field>`, which takes the general path walk) matches, and records the
 * same positional index.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Doc, Value } from '../bson/values.js';
import { compileQuery } from './index.js';
import type { MatchDetails } from '../runtime.js';

const names = fc.constantFrom('a', 'b', '0');
const scalar = fc.constantFrom<Value>(1, 2, 'x', null);
const value: fc.Arbitrary<Value> = fc.letrec<{ v: Value }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('v'), { maxLength: 3 }),
    fc.uniqueArray(fc.tuple(names, tie('v')), { selector: ([k]) => k, maxLength: 3 }).map((e) => new Map(e) as Doc),
  ),
})).v;
const doc = fc
  .uniqueArray(fc.tuple(names, value), { selector: ([k]) => k, maxLength: 3 })
  .map((e) => new Map(e) as Doc);
const elementQuery = fc.oneof(
  scalar.map((v) => new Map([['$eq', v]]) as Doc),
  scalar.map((v) => new Map([['$gt', v]]) as Doc),
  fc.tuple(names, scalar).map(([k, v]) => new Map([[k, v]]) as Doc),
  fc.tuple(names, scalar).map(([k, v]) => new Map([[k, new Map([['$gte', v]])]]) as Doc),
);

function run(filter: Doc, d: Doc): { matched: boolean; key: string | undefined } {
  const details: MatchDetails = {};
  const matched = compileQuery(filter, { collator: null }).matches(d, undefined, details);
  return { matched, key: details.elemMatchKey };
}

describe('$elemMatch on a top-level field', () => {
  it('matches and records as the general path walk does', () => {
    fc.assert(
      fc.property(doc, names, elementQuery, (d, field, inner) => {
        const elemMatch = new Map([['$elemMatch', inner]]) as Doc;
        const direct = run(new Map([[field, elemMatch]]), d);
        const nested = run(new Map([[`w.${field}`, elemMatch]]), new Map([['w', d]]));
        expect(direct).toEqual(nested);
      }),
      { numRuns: 2000 },
    );
  });
});
