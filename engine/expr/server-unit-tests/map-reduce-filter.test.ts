/**
 * Port of src/mongo/db/pipeline/expression_map_reduce_filter_test.cpp. The stored file is newer
 * than 8.0: the cases under featureFlagExposeArrayIndexInMapFilterReduce (`arrayIndexAs`,
 * `$$IDX`, `as`/`valueAs` of $reduce, …RemoveUnusedVar, …ParseConstraints, …APIStrict) are the
 * flag's, and the port asserts the flag-off answers that 8.0 gives
 * (MapIndicesNamedFeatureDisabled 16879, MapIndicesDefaultFeatureDisabled 17276,
 * ReduceIndicesAPIStrictFeatureDisabled 40076).
 */
import { describe, expect, it } from 'vitest';
import { aggregateError, evalTyped, exprError, i, l, typed, v, viaUpdate } from './harness.js';

describe('ExpressionMap', () => {
  it('MapNonArray: 16883', () => {
    expect(exprError({ $map: { input: 'MongoDB', in: i(15213) } }).code).toBe(16883);
  });
  it('MapToConstant / MapAddOne / MapEmptyWithExceptionInit', () => {
    expect(evalTyped({ $map: { input: { $literal: [i(1), i(2), i(3)] }, in: i(1) } })).toEqual(
      typed(v([i(1), i(1), i(1)])),
    );
    expect(
      evalTyped({ $map: { input: { $literal: [i(3), i(1), i(2)] }, as: 'v', in: { $add: ['$$v', i(1)] } } }),
    ).toEqual(typed(v([i(4), i(2), i(3)])));
    expect(evalTyped({ $map: { input: { $literal: [] }, as: 'v', in: '$$v' } })).toEqual(typed([]));
  });
  it('MapDivideZero: BadValue 2 / MapTypeMismatch: 16702', () => {
    expect(
      exprError({ $map: { input: { $literal: [i(3), i(2), i(1), i(0)] }, as: 'v', in: { $divide: [i(6), '$$v'] } } })
        .code,
    ).toBe(2);
    expect(
      exprError({ $map: { input: { $literal: [i(1), i(2), i(3)] }, as: 'v', in: { $concat: ['$$v', 'MongoDB'] } } })
        .code,
    ).toBe(16702);
  });
  it('MapIndicesNamedFeatureDisabled: 16879 / MapIndicesDefaultFeatureDisabled: 17276 (8.0)', () => {
    expect(exprError({ $map: { input: { $literal: [i(1), i(1), i(1)] }, arrayIndexAs: 'i', in: '$$i' } }).code).toBe(
      16879,
    );
    expect(exprError({ $map: { input: { $literal: [i(1), i(1), i(1)] }, in: '$$IDX' } }).code).toBe(17276);
  });
});

describe('ExpressionReduce', () => {
  it('ReduceNonArray: 40080', () => {
    expect(
      exprError({ $reduce: { input: 'MongoDB', initialValue: i(15213), in: { $add: ['$$value', i(1)] } } }).code,
    ).toBe(40080);
  });
  it('ReduceEmptyArray / ReduceStringConcat / ReduceSumProduct / ReduceEmptyExceptionExpression', () => {
    expect(
      evalTyped({ $reduce: { input: { $literal: [] }, initialValue: i(15150), in: { $add: ['$$value', '$$this'] } } }),
    ).toEqual(['int', '15150']);
    expect(
      evalTyped({
        $reduce: { input: { $literal: ['a', 'b', 'c'] }, initialValue: '', in: { $concat: ['$$value', '$$this'] } },
      }),
    ).toEqual(['string', '"abc"']);
    const sumProduct = {
      $reduce: {
        input: { $literal: [i(1), i(2), i(3), i(4), i(5)] },
        initialValue: { sum: i(5), product: i(2) },
        in: { sum: { $add: ['$$this', '$$value.sum'] }, product: { $multiply: ['$$this', '$$value.product'] } },
      },
    };
    expect(evalTyped(sumProduct)).toEqual(typed(v({ sum: i(20), product: i(240) })));
    expect(
      evalTyped({ $reduce: { input: { $literal: [] }, initialValue: i(15312), in: { $divide: ['$$this', i(0)] } } }),
    ).toEqual(['int', '15312']);
  });
  it('ReduceEmptyExceptionInitialValue: the initial value is evaluated (BadValue 2)', () => {
    expect(
      exprError({
        $reduce: {
          input: { $literal: [] },
          initialValue: { $divide: [i(48), i(0)] },
          in: { $divide: ['$$this', '$$value'] },
        },
      }).code,
    ).toBe(2);
  });
  it('ReduceIndicesAPIStrictFeatureDisabled: arrayIndexAs is an unknown argument (40076) in 8.0', () => {
    expect(
      exprError({
        $reduce: { input: [i(1), i(2), i(3)], arrayIndexAs: 'i', in: { $add: ['$$this', '$$value', '$$i'] } },
      }).code,
    ).toBe(40076);
  });
});

describe('ExpressionFilter', () => {
  it('FilterNonArray: 28651 / FilterInvalidLimit: 327392 / FilterTypeMismatchLimit: 327391', () => {
    expect(exprError({ $filter: { input: 'MongoDB', as: 'v', cond: true } }).code).toBe(28651);
    expect(
      exprError({
        $filter: { input: { $literal: [i(1), i(2), i(3)] }, as: 'v', cond: { $lte: ['$$v', i(2)] }, limit: i(-1) },
      }).code,
    ).toBe(327392);
    expect(
      exprError({
        $filter: {
          input: { $literal: [i(1), i(2), i(3)] },
          as: 'v',
          cond: { $lte: ['$$v', i(2)] },
          limit: 'Functions are Values',
        },
      }).code,
    ).toBe(327391);
  });
  it('FilterExtraLimit / FilterNullLimit / FilterIntegerComparison / FilterIsNumber / FilterStringEqualityOnField / FilterEmptyWithExceptionCondition / FilterConditionFalse', () => {
    const lit = (xs: unknown[]): unknown => ({ $literal: xs });
    expect(
      evalTyped({ $filter: { input: lit([i(1), i(2), i(3)]), as: 'v', cond: true, limit: i(5) } } as never),
    ).toEqual(typed(v([i(1), i(2), i(3)])));
    expect(
      evalTyped({ $filter: { input: lit([i(1), i(2), i(3)]), as: 'v', cond: true, limit: null } } as never),
    ).toEqual(typed(v([i(1), i(2), i(3)])));
    expect(
      evalTyped({
        $filter: { input: lit([i(1), i(2), i(3), i(4), i(5)]), as: 'v', cond: { $lte: ['$$v', i(3)] } },
      } as never),
    ).toEqual(typed(v([i(1), i(2), i(3)])));
    expect(
      evalTyped({
        $filter: {
          input: lit([i(1), 'a', i(2), null, 3.1, l(4), '5']),
          as: 'v',
          cond: { $isNumber: '$$v' },
          limit: i(3),
        },
      } as never),
    ).toEqual(typed(v([i(1), i(2), 3.1])));
    const cities = [
      { city: 'Pittsburgh', population: i(302898) },
      { city: 'NYC', population: i(8336000) },
    ];
    expect(
      evalTyped({ $filter: { input: { $literal: cities }, as: 'v', cond: { $eq: ['$$v.city', 'Pittsburgh'] } } }),
    ).toEqual(typed(v([cities[0]!])));
    // The C++ test evaluates without optimizing, as an update pipeline does: the empty input never
    // reaches the condition. aggregate folds the constant condition first and fails (BadValue 2).
    const emptyWithException = { $filter: { input: { $literal: [] }, as: 'v', cond: { $divide: [i(1), i(0)] } } };
    expect(viaUpdate(emptyWithException)).toEqual({ value: [] });
    expect(aggregateError(emptyWithException).code).toBe(2);
    expect(evalTyped({ $filter: { input: lit([i(0), 'c', l(12), true]), as: 'v', cond: false } } as never)).toEqual(
      typed([]),
    );
  });
  it('FilterIndicesDefaultFeatureDisabled: 17276 / FilterIndicesNamedFeatureDisabled and …APIStrictFeatureDisabled: 28647 (8.0)', () => {
    expect(
      exprError({ $filter: { input: { $literal: [i(0), i(4)] }, as: 'v', cond: { $eq: ['$$v', '$$IDX'] } } }).code,
    ).toBe(17276);
    expect(
      exprError({
        $filter: { input: { $literal: [i(0), i(4)] }, as: 'v', arrayIndexAs: 'i', cond: { $eq: ['$$v', '$$i'] } },
      }).code,
    ).toBe(28647);
  });
});
