/**
 * The matcher's document-level shortcuts against its general path:
 * - without match details, an AND tries its clauses cheapest first (cheap-first.ts), and a leaf on
 *   a top-level field reads the field through a shape cache (`FieldReader`) instead of walking the
 *   path; with details it keeps the canonical order and the path walk;
 * - stored documents (`ShapedDoc`) are read by position, plain `Map`s by name.
 * Guard: over random filters ($and/$or/$nor, comparisons, $in/$nin with regexes, $exists, $size,
 * $type, $mod, $all, both `$elemMatch` forms, dotted and positional paths, and `$expr` that can
 * fail) and random documents, with and without a collation, these agree on every answer and error:
 * no details; details; the stored layout; and the same filter one level down (`{w: doc}` with
 * `w.`-prefixed paths, which takes the general path walk).
 */
import fc from 'fast-check';
import { BSONRegExp, Decimal128, Int32, Long } from 'bson';
import { describe, expect, it } from 'vitest';
import { storedLayout } from '../bson/shaped-doc.js';
import type { Doc, Value } from '../bson/values.js';
import { makeCollator, parseCollation } from '../collation/index.js';
import type { MatchDetails } from '../runtime.js';
import { compileQuery } from './index.js';

const names = fc.constantFrom('a', 'b', 'c', '0');
const scalar: fc.Arbitrary<Value> = fc.oneof(
  fc.constantFrom<Value>(1, 2, 0, -0, 6.5, Number.NaN, 'red', 'Red', 'blue', null, true),
  fc.integer({ min: -2, max: 7 }).map((n) => new Int32(n)),
  fc.constantFrom(Long.fromBigInt(2n), Decimal128.fromString('2')),
);
const value: fc.Arbitrary<Value> = fc.letrec<{ v: Value }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('v'), { maxLength: 3 }),
    fc.uniqueArray(fc.tuple(names, tie('v')), { selector: ([k]) => k, maxLength: 3 }).map((e) => new Map(e) as Doc),
  ),
})).v;
const doc = fc
  .uniqueArray(fc.tuple(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'z'), value), {
    selector: ([k]) => k,
    maxLength: 10,
  })
  .map((e) => new Map<string, Value>([['_id', 1], ...e]) as Doc);

/** A filter tree, rendered with a prefix on its top-level paths. */
type Clause =
  | { kind: 'leaf'; path: string; predicate: Value }
  | { kind: 'list'; op: '$and' | '$or' | '$nor'; clauses: Clause[] }
  | { kind: 'expr' };

const path = fc.constantFrom('a', 'b', 'c', 'a.b', 'a.0', 'b.c', 'z');
const inner = fc.oneof(
  scalar.map((v) => new Map([['$gt', v]]) as Doc),
  fc.tuple(names, scalar).map(([k, v]) => new Map([[k, v]]) as Doc),
  fc.tuple(names, scalar, names, scalar).map(
    ([k, v, k2, v2]) =>
      new Map([
        [k, new Map([['$gte', v]])],
        [k2, v2],
      ]) as Doc,
  ),
);
const predicate: fc.Arbitrary<Value> = fc.oneof(
  scalar,
  fc
    .tuple(fc.constantFrom('$eq', '$ne', '$lt', '$lte', '$gt', '$gte'), scalar)
    .map(([op, v]) => new Map([[op, v]]) as Doc),
  fc.tuple(scalar, scalar).map(
    ([lo, hi]) =>
      new Map([
        ['$gte', lo],
        ['$lt', hi],
      ]) as Doc,
  ),
  fc
    .tuple(
      fc.constantFrom('$in', '$nin'),
      fc.array(fc.oneof(scalar, fc.constant<Value>(new BSONRegExp('^r', 'i'))), { maxLength: 4 }),
    )
    .map(([op, vs]) => new Map([[op, vs]]) as Doc),
  fc.boolean().map((b) => new Map([['$exists', b]]) as Doc),
  fc.integer({ min: 0, max: 2 }).map((n) => new Map([['$size', n]]) as Doc),
  fc.constantFrom('number', 'string', 'array', 'object').map((t) => new Map([['$type', t]]) as Doc),
  fc.constant(new Map([['$mod', [2, 0]]]) as Doc),
  fc.array(scalar, { minLength: 1, maxLength: 2 }).map((vs) => new Map([['$all', vs]]) as Doc),
  inner.map((q) => new Map([['$elemMatch', q]]) as Doc),
  fc.constant(new Map([['$regex', 'e']]) as Doc),
);
const clause: fc.Arbitrary<Clause> = fc.letrec<{ c: Clause }>((tie) => ({
  c: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.tuple(path, predicate).map(([p, q]) => ({ kind: 'leaf', path: p, predicate: q }) as Clause),
    fc
      .tuple(fc.constantFrom('$and', '$or', '$nor'), fc.array(tie('c'), { minLength: 1, maxLength: 4 }))
      .map(([op, clauses]) => ({ kind: 'list', op, clauses }) as Clause),
    fc.constant<Clause>({ kind: 'expr' }),
  ),
})).c;

function render(c: Clause, prefix: string): Doc {
  switch (c.kind) {
    case 'leaf':
      return new Map([[prefix + c.path, c.predicate]]);
    case 'list':
      return new Map([[c.op, c.clauses.map((x) => render(x, prefix))]]);
    case 'expr':
      // Fails (code 2) when z is 0, is null when z is missing or null.
      return new Map([['$expr', new Map([['$divide', [1, `$${prefix}z`]]])]]);
  }
}

function outcome(fn: () => boolean): string {
  try {
    return String(fn());
  } catch (e) {
    const x = e as { code?: number; errmsg?: string; message?: string };
    return `error ${x.code} ${x.errmsg ?? x.message}`;
  }
}

const COLLATIONS = [
  null,
  makeCollator(
    parseCollation(
      new Map<string, Value>([
        ['locale', 'en'],
        ['strength', 2],
      ]),
    ),
  ),
];

describe('matcher shortcuts', () => {
  it('answer as the general path: details, stored layout, and one level down', () => {
    fc.assert(
      fc.property(
        fc.array(clause, { minLength: 1, maxLength: 5 }),
        fc.array(doc, { minLength: 1, maxLength: 4 }),
        fc.constantFrom(...COLLATIONS),
        (clauses, docs, collator) => {
          // One matcher over several documents of different shapes (its caches see them all).
          const matcher = compileQuery(new Map([['$and', clauses.map((c) => render(c, ''))]]), { collator });
          const nested = compileQuery(new Map([['$and', clauses.map((c) => render(c, 'w.'))]]), { collator });
          for (const d of docs) {
            const plain = outcome(() => matcher.matches(d));
            const details: MatchDetails = {};
            expect(outcome(() => matcher.matches(d, undefined, details))).toBe(plain);
            expect(outcome(() => matcher.matches(storedLayout(new Map(d))))).toBe(plain);
            expect(outcome(() => nested.matches(new Map([['w', d]])))).toBe(plain);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('keeps the canonical order where a clause can fail', () => {
    // Canonical order tries {a: 5} (a comparison) before $expr: no division by zero for {a: 1}.
    const m = compileQuery(
      new Map<string, Value>([
        ['items', new Map([['$elemMatch', new Map([['q', 1]])]])],
        ['$expr', new Map([['$divide', [1, '$z']]])],
        ['a', 5],
      ]),
      { collator: null },
    );
    const d = new Map<string, Value>([
      ['a', 1],
      ['z', 0],
      ['items', [new Map([['q', 1]])]],
    ]);
    expect(m.matches(d)).toBe(false);
    expect(m.matches(storedLayout(new Map(d)))).toBe(false);
  });
});
