/**
 * `$add` (`AddNode`) sums int32 and double operands as JS numbers and hands the sum to `AddState`
 * at the first other operand. Guard: over random operand lists (int32 at the limits, long, double
 * with NaN, ±0 and ±Infinity, decimal, dates, null, missing, strings, and an operand that fails when
 * evaluated), the node gives the same value, of the same BSON type, and the same error as the
 * general rule (`addValues` over the operands evaluated one at a time), and evaluates the same
 * operands.
 */
import fc from 'fast-check';
import { Decimal128, Int32, Long } from 'bson';
import { describe, expect, it } from 'vitest';
import { stringifyEJSON } from '../bson/ejson.js';
import type { Doc, Value } from '../bson/values.js';
import { addValues } from './add-subtract.js';
import { makeParseContext } from './parse.js';
import type { ExprNode, Scope } from './types.js';
import { env } from './test-helpers.js';

const INT32_EDGES = [0, 1, -1, 2147483647, -2147483648, 1073741824, -1073741825];
const operand: fc.Arbitrary<Value | 'missing' | 'fails'> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .oneof(fc.integer({ min: -2147483648, max: 2147483647 }), fc.constantFrom(...INT32_EDGES))
      .map((n) => new Int32(n)),
  },
  {
    weight: 6,
    arbitrary: fc.oneof(
      fc.double(),
      fc.constantFrom(0, -0, 0.1, 2 ** 53, -(2 ** 53), 1e308, Number.NaN, Infinity, -Infinity, 2 ** 63),
    ),
  },
  {
    weight: 2,
    arbitrary: fc
      .oneof(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), fc.constantFrom(2n ** 63n - 1n, -(2n ** 63n)))
      .map((n) => Long.fromBigInt(n)),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('1.5', '-0', 'NaN', '1E+6144', '123456789012345678901234567890')
      .map((s) => Decimal128.fromString(s)),
  },
  { weight: 1, arbitrary: fc.integer({ min: -1e12, max: 1e12 }).map((ms) => new Date(ms)) },
  { weight: 1, arbitrary: fc.constantFrom<Value | 'missing' | 'fails'>(null, 'missing', 'fails', 'text', true) },
);

function typed(v: Value | undefined): string {
  return v === undefined ? 'missing' : stringifyEJSON(new Map([['v', v]]));
}

function outcome(fn: () => Value | undefined): string {
  try {
    return typed(fn());
  } catch (e) {
    const x = e as { code?: number; errmsg?: string; message?: string };
    return `error ${x.code} ${x.errmsg ?? x.message}`;
  }
}

/** The operand as an expression: a field of the document (so nothing is folded), or one that fails. */
function operandSpec(o: Value | 'missing' | 'fails', i: number): Value {
  if (o === 'fails') return new Map([['$divide', [1, 0]]]);
  if (o === 'missing') return '$nope';
  return `$f${i}`;
}

describe('$add fast path', () => {
  it('gives the value, type and error of the general rule, evaluating the same operands', () => {
    fc.assert(
      fc.property(fc.array(operand, { maxLength: 6 }), (ops) => {
        const root: Doc = new Map();
        ops.forEach((o, i) => {
          if (o !== 'missing' && o !== 'fails') root.set(`f${i}`, o);
        });
        const ctx = makeParseContext(null, undefined);
        const specs = ops.map(operandSpec);
        const node = ctx.parse(new Map([['$add', specs]]));
        const scope: Scope = { root, current: root, env: env(), locals: null };

        // The model: the general rule over operands evaluated when the loop reaches them.
        const parts: ExprNode[] = specs.map((s) => ctx.parse(s));
        let evaluatedByModel = 0;
        function* lazy(): Generator<Value | undefined> {
          for (const p of parts) {
            evaluatedByModel++;
            yield p.evaluate(scope);
          }
        }
        const expected = outcome(() => addValues(lazy()));
        expect(outcome(() => node.evaluate(scope))).toBe(expected);

        // The same operands were read: count evaluations through a document that records reads.
        const reads: string[] = [];
        const recording = new Proxy(root, {
          get(target, prop, receiver) {
            if (prop === 'get') return (k: string) => (reads.push(k), target.get(k));
            const v = Reflect.get(target, prop, receiver) as unknown;
            return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
          },
        });
        outcome(() => node.evaluate({ ...scope, root: recording, current: recording }));
        const lastRead = evaluatedByModel;
        const fieldReads = ops.slice(0, lastRead).filter((o) => o !== 'fails').length;
        expect(reads.length).toBe(fieldReads);
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps the rule at the edges it shortcuts', () => {
    const ctx = makeParseContext(null, undefined);
    const root: Doc = new Map<string, Value>([
      ['max', new Int32(2147483647)],
      ['one', new Int32(1)],
      ['negZero', -0],
      ['half', 0.5],
    ]);
    const scope: Scope = { root, current: root, env: env(), locals: null };
    const run = (args: Value[]) => typed(ctx.parse(new Map([['$add', args]])).evaluate(scope));
    // int32 overflow widens to long, not double.
    expect(run(['$max', '$one'])).toBe('{"v":{"$numberLong":"2147483648"}}');
    expect(run(['$max', '$one', '$half'])).toBe('{"v":{"$numberDouble":"2147483648.5"}}');
    // A sum starts at 0: -0 alone is 0.
    expect(run(['$negZero'])).toBe('{"v":{"$numberDouble":"0.0"}}');
    expect(run([])).toBe('{"v":{"$numberInt":"0"}}');
    expect(
      run(['$one', '$nope', { $divide: [1, 0] }].map((x) => (typeof x === 'string' ? x : new Map(Object.entries(x))))),
    ).toBe('{"v":null}');
  });
});
