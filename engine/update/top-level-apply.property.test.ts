/**
 * The top-level short path (top-level-apply.ts) against the update tree it stands in for: over
 * generated stored documents (`ShapedDoc`s) and modifier updates, `apply` and `applyTree` give the
 * same outcome — the same document (types and field order: canonical Extended JSON), the same
 * no-op decision, modified paths, oplog `o`, size and array touches, or the same error code and
 * message — and neither changes its input. Documents lack some of the updated fields, so the short
 * path also creates fields (appended, logged as `i`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal128, Int32, Long } from 'bson';
import { stringifyEJSON } from '../bson/ejson.js';
import { storedLayout } from '../bson/shaped-doc.js';
import { bsonSize } from '../bson/size.js';
import type { Doc, Value } from '../bson/values.js';
import { isEngineError } from '../errors.js';
import { TopLevelDiff } from '../oplog/top-level-diff.js';
import type { ApplyParams, ApplyResult } from './executor.js';
import type { ModifierUpdateExecutor } from './modifier-executor.js';
import { parseModifierUpdate } from './parse-modifiers.js';
import { TEST_ENV } from './test-support.js';

const NAMES = ['a', 'b', 'n', '0', '10', ''];

const number: fc.Arbitrary<Value> = fc.oneof(
  fc.integer({ min: -3, max: 3 }).map((n) => new Int32(n)),
  fc.constantFrom(new Int32(2147483647), new Int32(-2147483648)),
  fc.constantFrom(0, -0, 1, 1.5, -2.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53),
  fc.constantFrom(Long.fromString('9223372036854775807'), Long.fromNumber(2), Long.fromNumber(0)),
  fc.constantFrom(Decimal128.fromString('1.5'), Decimal128.fromString('1.50'), Decimal128.fromString('NaN')),
);

const scalar: fc.Arbitrary<Value> = fc.oneof(
  number,
  fc.constantFrom('x', 'y', ''),
  fc.constant(null),
  fc.boolean(),
  fc.constant(new Date(0)),
);

const value: fc.Arbitrary<Value> = fc.letrec<{ v: Value; d: Doc; arr: Value[] }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 3, arbitrary: number },
    { weight: 1, arbitrary: scalar },
    { weight: 1, arbitrary: tie('d') },
    { weight: 2, arbitrary: tie('arr') },
  ),
  d: fc
    .uniqueArray(fc.tuple(fc.constantFrom('a', 'b', '$x'), tie('v')), { maxLength: 2, selector: (e) => e[0] })
    .map((entries) => new Map(entries) as Doc),
  arr: fc.array(tie('v'), { maxLength: 3 }),
})).v;

/** Stored documents: `_id` first (or, rarely, not), then fields in any order. */
const document: fc.Arbitrary<Doc> = fc
  .tuple(
    fc.uniqueArray(fc.tuple(fc.constantFrom(...NAMES), value), { minLength: 2, maxLength: 6, selector: (e) => e[0] }),
    fc.oneof(fc.constant(new Int32(1)), fc.constant('k'), fc.constant(new Map<string, Value>([['a', 1]]))),
    fc.integer({ min: 0, max: 9 }),
  )
  .map(([entries, id, idAt]) => {
    const fields: [string, Value][] = [['_id', id], ...entries];
    if (idAt === 9 && fields.length > 1) fields.push(fields.shift()!);
    return storedLayout(new Map(fields));
  });

const OPERATORS: Record<string, fc.Arbitrary<Value>> = {
  $set: value,
  $setOnInsert: value,
  $inc: number,
  $mul: number,
  $min: value,
  $max: value,
  $push: fc.oneof(
    scalar,
    fc.record({ each: fc.array(scalar, { maxLength: 3 }), slice: fc.integer({ min: -2, max: 2 }) }).map(
      (r) =>
        new Map<string, Value>([
          ['$each', r.each],
          ['$slice', new Int32(r.slice)],
        ]),
    ),
    fc.array(scalar, { maxLength: 2 }).map(
      (each) =>
        new Map<string, Value>([
          ['$each', each],
          ['$sort', new Int32(1)],
        ]),
    ),
  ),
  $addToSet: fc.oneof(
    scalar,
    fc.array(scalar, { maxLength: 3 }).map((each) => new Map<string, Value>([['$each', each]])),
  ),
  $pop: fc.constantFrom(new Int32(1), new Int32(-1)),
  $pull: fc.oneof(scalar, fc.constant(new Map<string, Value>([['$gte', new Int32(0)]]))),
  $pullAll: fc.array(scalar, { maxLength: 2 }),
  $currentDate: fc.constantFrom(true, new Map<string, Value>([['$type', 'timestamp']])),
  $bit: fc.constantFrom(
    new Map<string, Value>([['xor', new Int32(5)]]),
    new Map<string, Value>([['and', Long.fromNumber(3)]]),
  ),
  // These never take the short path: the whole update goes to the tree.
  $unset: fc.constant(''),
  $rename: fc.constantFrom('z'),
};

/** Mostly top-level paths (the short path's domain), some `_id`, dotted or `$` ones. */
const path = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...NAMES.filter((n) => n !== '')) },
  { weight: 1, arbitrary: fc.constantFrom('_id', 'a.b', '$x', 'a.0') },
);

const update: fc.Arbitrary<Doc> = fc
  .array(
    fc.tuple(
      fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom('$set', '$set', '$inc', '$mul', '$min', '$max', '$push', '$addToSet') },
        { weight: 2, arbitrary: fc.constantFrom(...Object.keys(OPERATORS)) },
      ),
      path,
    ),
    { minLength: 1, maxLength: 3 },
  )
  .chain((ops) =>
    fc.tuple(...ops.map(([op]) => OPERATORS[op]!)).map((values) => {
      const u: Doc = new Map();
      ops.forEach(([op, p], k) => {
        let spec = u.get(op) as Doc | undefined;
        if (spec === undefined) u.set(op, (spec = new Map()));
        spec.set(p, values[k]!);
      });
      return u;
    }),
  );

const params = fc.record({
  isUpsertInsert: fc.constantFrom(false, false, false, false, false, false, false, true),
  immutablePaths: fc.constantFrom(['_id'], ['_id'], ['_id'], ['_id'], ['_id'], ['_id'], ['_id'], ['_id', 'a']),
  matchedArrayIndex: fc.constant(undefined),
  env: fc.constant(TEST_ENV),
  inPlaceUpdates: fc.constantFrom(true, false, 'absent' as const),
  knownSize: fc.boolean(),
});

type GeneratedParams = typeof params extends fc.Arbitrary<infer P> ? P : never;

type Outcome = { readonly error: string } | { readonly result: ApplyResult };

function outcome(run: () => ApplyResult): Outcome {
  try {
    return { result: run() };
  } catch (e) {
    if (!isEngineError(e)) throw e;
    return { error: `${e.code} ${e.message}` };
  }
}

function described(o: Outcome): unknown {
  if ('error' in o) return o.error;
  const r = o.result;
  return {
    doc: stringifyEJSON(r.doc),
    noop: r.noop,
    modifiedPaths: [...r.modifiedPaths],
    oplog: r.oplog === null ? null : stringifyEJSON(r.oplog),
    size: r.size,
    arrayTouches: [...r.arrayTouches],
  };
}

describe('top-level short path', () => {
  it('gives the tree’s documents, decisions, oplog entries and errors', () => {
    const stats = { short: 0, shortCreated: 0, shortNoop: 0, errors: 0 };
    fc.assert(
      // Several documents through one executor, as an `updateMany` does: the short path's plan
      // meets documents of other shapes after it planned one (its per-shape and last-shape caches).
      fc.property(fc.array(document, { minLength: 1, maxLength: 3 }), update, params, (docs, u, p) => {
        let exec: ModifierUpdateExecutor;
        try {
          exec = parseModifierUpdate(u, new Map(), null) as ModifierUpdateExecutor;
        } catch (e) {
          if (!isEngineError(e)) throw e;
          return;
        }
        for (const doc of docs) compareOne(exec, doc, p);
      }),
      { numRuns: 3000 },
    );
    function compareOne(exec: ModifierUpdateExecutor, doc: Doc, p: GeneratedParams): void {
      const { knownSize, inPlaceUpdates, ...rest } = p;
      const applyParams: ApplyParams = {
        ...rest,
        ...(inPlaceUpdates === 'absent' ? {} : { inPlaceUpdates }),
        originalSize: knownSize ? bsonSize(doc) : undefined,
      };
      const before = stringifyEJSON(doc);
      const short = outcome(() => exec.apply(doc, applyParams));
      const tree = outcome(() => exec.applyTree(doc, applyParams));
      expect(stringifyEJSON(doc)).toBe(before);
      expect(described(short)).toEqual(described(tree));
      if ('error' in short) stats.errors++;
      else if (short.result.oplogBuilder instanceof TopLevelDiff) {
        stats.short++;
        if ((short.result.oplog!.get('diff') as Doc).has('i')) stats.shortCreated++;
      } else if (short.result.noop) stats.shortNoop++;
    }
    // The generators reach the short path's changes (not only the tree, no-ops and errors).
    expect(stats.short).toBeGreaterThan(200);
    // …including new top-level fields appended to the document.
    expect(stats.shortCreated).toBeGreaterThan(100);
    expect(stats.errors).toBeGreaterThan(50);
  }, 60_000);
});
