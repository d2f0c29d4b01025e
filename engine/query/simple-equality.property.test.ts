/**
 * The `{path: scalar}` shortcut (simple-equality.ts) against the parser (`compileParsed`): over
 * one-field filters of every value type (scalars of each numeric type, -0, NaN, strings, dates,
 * ObjectIds, null, booleans, and what the shortcut must leave to the parser: documents, operator
 * documents, arrays, regexes, undefined, MinKey, Decimal128) on paths that are plain, dotted, `$`
 * names, empty components or past the component limit, `compileQuery` gives the same tree (deep
 * equal, frozen), the same `hasExpr`, the same answers on random documents with and without a
 * collation, and the same error code and message.
 */
import fc from 'fast-check';
import { BSONRegExp, Decimal128, Int32, Long, MinKey, ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import type { Collator } from '../bson/compare.js';
import { isEngineError } from '../errors.js';
import type { Doc, Value } from '../bson/values.js';
import { makeCollator, parseCollation } from '../collation/index.js';
import { compileParsed, compileQuery, serializeMatchNode, type Matcher } from './index.js';

const LONG_PATH = Array.from({ length: 181 }, () => 'a').join('.');
const path = fc.constantFrom('_id', 'a', 'k', 'a.b', 'a.0', '$a', '$id', 'a..b', '', '0', LONG_PATH, 'x'.repeat(200));
const scalar: fc.Arbitrary<Value> = fc.oneof(
  fc.constantFrom<Value>(1, 2, 0, -0, 6.5, Number.NaN, 'red', 'Red', '', null, true, false),
  fc.integer({ min: -2, max: 3 }).map((n) => new Int32(n)),
  fc.constantFrom<Value>(
    Long.fromNumber(2),
    new Date(0),
    new Date(Number.NaN),
    new ObjectId('0123456789abcdef01234567'),
  ),
);
const other: fc.Arbitrary<Value> = fc.constantFrom<Value>(
  Decimal128.fromString('2'),
  new MinKey(),
  new BSONRegExp('^r', 'i'),
  [1, 2],
  [],
  new Map<string, Value>([['x', 1]]),
  new Map<string, Value>([['$gt', 1]]),
  new Map<string, Value>([['$eq', 'red']]),
  new Map(),
);
const value = fc.oneof({ weight: 3, arbitrary: scalar }, { weight: 1, arbitrary: other });
const docValue: fc.Arbitrary<Value> = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }));
const doc: fc.Arbitrary<Doc> = fc
  .uniqueArray(
    fc.tuple(
      fc.constantFrom('_id', 'a', 'k', '0'),
      fc.oneof(
        docValue,
        docValue.map((v) => new Map([['b', v]]) as Doc),
      ),
    ),
    {
      selector: ([k]) => k,
      maxLength: 4,
    },
  )
  .map((entries) => new Map(entries) as Doc);

const collators: (Collator | null)[] = [
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

function compiled(compile: () => Matcher): Matcher | { code: number; message: string } {
  try {
    return compile();
  } catch (e) {
    if (!isEngineError(e)) throw e;
    return { code: e.code, message: e.message };
  }
}

describe('simple equality shortcut', () => {
  it('compiles {path: scalar} as the parser does', () => {
    fc.assert(
      fc.property(path, value, fc.array(doc, { maxLength: 4 }), fc.constantFrom(0, 1), (p, v, docs, c) => {
        const filter = new Map([[p, v]]) as Doc;
        const collator = collators[c]!;
        const options = { collator, optimizeExpr: true, variables: new Set<string>() };
        const fast = compiled(() => compileQuery(filter, options));
        const parsed = compiled(() => compileParsed(filter, options));
        if (!('matches' in parsed) || !('matches' in fast)) {
          expect(fast).toEqual(parsed);
          return;
        }
        // Compiled regexes hold state that deep equality cannot compare; their filters take the parser anyway.
        if (parsed.root.kind !== 'regex') expect(fast.root).toEqual(parsed.root);
        expect(serializeMatchNode(fast.root)).toEqual(serializeMatchNode(parsed.root));
        expect(Object.isFrozen(fast.root)).toBe(Object.isFrozen(parsed.root));
        expect(fast.hasExpr).toBe(parsed.hasExpr);
        for (const d of docs) expect(fast.matches(d)).toBe(parsed.matches(d));
      }),
      { numRuns: 1500 },
    );
  });
});
