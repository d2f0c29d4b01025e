/**
 * Port of expression_test.cpp's Set tests ($setIsSubset, $setEquals, $setIntersection, $setUnion,
 * $setDifference over the same inputs), Strcasecmp (null bytes), StrLenBytes, StrLenCP,
 * SubstrBytes and SubstrCP.
 */
import { describe, expect, it } from 'vitest';
import { evalTyped, expr, exprError, expectResults, i, typed, v, viaUpdate, type Lit } from './harness.js';

type SetOp = '$setIsSubset' | '$setEquals' | '$setIntersection' | '$setUnion' | '$setDifference';

/** Each `expected` operator's value over `input` (arrays compared sorted, as the C++ test sorts them); each `error` operator fails. */
function setCase(input: Lit[], expected: Partial<Record<SetOp, Lit>>, errors: SetOp[] = []): void {
  const args = input.map((x) => ({ $literal: x }));
  for (const [op, want] of Object.entries(expected)) {
    let got = expr({ [op]: args });
    if (Array.isArray(got))
      got = [...got].sort((a, b) =>
        typeof a === typeof b ? (a! < b! ? -1 : a! > b! ? 1 : 0) : typeof a === 'number' ? -1 : 1,
      );
    expect([op, typed(got)]).toEqual([op, typed(v(want))]);
  }
  // The C++ test evaluates without optimizing, as an update pipeline does ($setEquals' constant
  // operands are checked earlier, with 5887502, when aggregate optimizes).
  for (const op of errors) expect([op, 'error' in viaUpdate({ [op]: args })]).toEqual([op, true]);
}

describe('Set', () => {
  const one = 1.0;
  it('Same / Redundant / DoubleRedundant / Super / SuperWithRedundant / Sub / SameBackwards / NoOverlap / Overlap', () => {
    const same = {
      $setIsSubset: true,
      $setEquals: true,
      $setIntersection: [one, 2.0],
      $setUnion: [one, 2.0],
      $setDifference: [],
    };
    setCase(
      [
        [one, 2.0],
        [one, 2.0],
      ],
      same,
    );
    setCase(
      [
        [one, 2.0],
        [one, 2.0, 2.0],
      ],
      same,
    );
    setCase(
      [
        [one, one, 2.0],
        [one, 2.0, 2.0],
      ],
      same,
    );
    setCase([[one, 2.0], [one]], {
      $setIsSubset: false,
      $setEquals: false,
      $setIntersection: [one],
      $setUnion: [one, 2.0],
      $setDifference: [2.0],
    });
    setCase([[one, 2.0, 2.0], [one]], {
      $setIsSubset: false,
      $setEquals: false,
      $setIntersection: [one],
      $setUnion: [one, 2.0],
      $setDifference: [2.0],
    });
    setCase([[one], [one, 2.0]], {
      $setIsSubset: true,
      $setEquals: false,
      $setIntersection: [one],
      $setUnion: [one, 2.0],
      $setDifference: [],
    });
    setCase(
      [
        [one, 2.0],
        [2.0, one],
      ],
      same,
    );
    setCase(
      [
        [one, 2.0],
        [8.0, 4.0],
      ],
      {
        $setIsSubset: false,
        $setEquals: false,
        $setIntersection: [],
        $setUnion: [one, 2.0, 4.0, 8.0],
        $setDifference: [one, 2.0],
      },
    );
    setCase(
      [
        [one, 2.0],
        [8.0, 2.0, 4.0],
      ],
      {
        $setIsSubset: false,
        $setEquals: false,
        $setIntersection: [2.0],
        $setUnion: [one, 2.0, 4.0, 8.0],
        $setDifference: [one],
      },
    );
  });
  it('LastNull / FirstNull / LeftNullAndRightEmpty / RightNullAndLeftEmpty: null for the three that allow it, $setEquals and $setIsSubset fail', () => {
    const nulls = { $setIntersection: null, $setUnion: null, $setDifference: null };
    setCase([[one, 2.0], null], nulls, ['$setEquals', '$setIsSubset']);
    setCase([null, [one, 2.0]], nulls, ['$setEquals', '$setIsSubset']);
    setCase([null, []], nulls, ['$setEquals', '$setIsSubset']);
    setCase([[], null], nulls, ['$setEquals', '$setIsSubset']);
  });
  it('NoArg / OneArg / EmptyArg / LeftArgEmpty / RightArgEmpty / ManyArgs / ManyArgsEqual', () => {
    setCase([], { $setIntersection: [], $setUnion: [] }, ['$setEquals', '$setIsSubset', '$setDifference']);
    setCase([[one, 2.0]], { $setIntersection: [one, 2.0], $setUnion: [one, 2.0] }, [
      '$setEquals',
      '$setIsSubset',
      '$setDifference',
    ]);
    setCase([[]], { $setIntersection: [], $setUnion: [] }, ['$setEquals', '$setIsSubset', '$setDifference']);
    setCase([[], [one, 2.0]], {
      $setIntersection: [],
      $setUnion: [one, 2.0],
      $setIsSubset: true,
      $setEquals: false,
      $setDifference: [],
    });
    setCase([[one, 2.0], []], {
      $setIntersection: [],
      $setUnion: [one, 2.0],
      $setIsSubset: false,
      $setEquals: false,
      $setDifference: [one, 2.0],
    });
    setCase(
      [[8.0, 3.0], ['asdf', 'foo'], [80.3, 34.0], [], [80.3, 'foo', 11.0, 'yay']],
      { $setIntersection: [], $setEquals: false, $setUnion: [3.0, 8.0, 11.0, 34.0, 80.3, 'asdf', 'foo', 'yay'] },
      ['$setIsSubset', '$setDifference'],
    );
    setCase(
      [
        [one, 2.0, 4.0],
        [one, 2.0, 2.0, 4.0],
        [4.0, one, 2.0],
        [2.0, one, one, 4.0],
      ],
      { $setIntersection: [one, 2.0, 4.0], $setEquals: true, $setUnion: [one, 2.0, 4.0] },
      ['$setIsSubset', '$setDifference'],
    );
  });
});

describe('Strcasecmp', () => {
  it('NullBegin / NullEnd / NullMiddleLt / NullMiddleEq / NullMiddleGt: bytes after a null byte count, in both orders', () => {
    for (const [a, b, n] of [
      ['\0ab', '\0AB', 0],
      ['ab\0', 'aB\0', 0],
      ['a\0a', 'a\0B', -1],
      ['a\0b', 'a\0B', 0],
      ['a\0c', 'a\0B', 1],
    ] as const) {
      expect(expr({ $strcasecmp: [a, b] })).toEqual(i(n));
      expect(expr({ $strcasecmp: [b, a] })).toEqual(i(n === 0 ? 0 : -n));
    }
  });
});

describe('StrLenBytes / StrLenCP', () => {
  it('count bytes and code points, null bytes included', () => {
    expectResults('$strLenBytes', [
      [['abc'], i(3)],
      [[''], i(0)],
      [['ab\0c'], i(4)],
      [['abc\0'], i(4)],
    ]);
    expectResults('$strLenCP', [
      [['abc'], i(3)],
      [[''], i(0)],
      [['ab\0c'], i(4)],
      [['abc\0'], i(4)],
      [['a\0bâ'], i(4)],
      [['ºabøåß'], i(6)],
    ]);
  });
});

describe('SubstrBytes / SubstrCP', () => {
  it('FullNull / BeginAtNull / EndAtNull / DropBeginningNull / DropEndingNull / NegativeLength', () => {
    const sub = (s: string, start: number, len: number): unknown => expr({ $substrBytes: [s, i(start), i(len)] });
    expect(sub('a\0b', 0, 3)).toBe('a\0b');
    expect(sub('a\0b', 1, 2)).toBe('\0b');
    expect(sub('a\0b', 0, 2)).toBe('a\0');
    expect(sub('\0b', 1, 1)).toBe('b');
    expect(sub('a\0', 0, 1)).toBe('a');
    expect(sub('abcdefghij', 2, -1)).toBe('cdefghij');
  });
  it('ThrowsWithNegativeStart: 34455', () => {
    expect(exprError({ $substrCP: ['abcdef', i(-5), i(1)] }).code).toBe(34455);
  });
  it('With{StandardValue,NullCharacter,NullCharacterAtEnd,OutOfRangeString,PartiallyOutOfRangeString,UnicodeValue,MixedUnicodeAndASCIIValue} / ShouldCoerceDateToString', () => {
    expectResults('$substrCP', [
      [['abc', i(0), i(2)], 'ab'],
      [['abc\0d', i(2), i(3)], 'c\0d'],
      [['abc\0', i(2), i(2)], 'c\0'],
      [['abc', i(3), i(2)], ''],
      [['abc', i(1), i(4)], 'bc'],
      [['øø∫å', i(0), i(4)], 'øø∫å'],
      [['a∫bøßabc', i(1), i(4)], '∫bøß'],
      [[new Date(0), i(0), i(1000)], '1970-01-01T00:00:00.000Z'],
    ]);
    expectResults('$substrBytes', [
      [['øø∫å', i(0), i(4)], 'øø'],
      [['a∫bøßabc', i(1), i(4)], '∫b'],
      [[new Date(0), i(0), i(1000)], '1970-01-01T00:00:00.000Z'],
    ]);
    expect(evalTyped({ $substrCP: ['abc', i(3), i(2)] })).toEqual(['string', '""']);
  });
});

describe('AllAnyElements', () => {
  it('JustFalse / JustTrue / OneTrueOneFalse / Empty / TrueViaInt / FalseViaInt / Null', () => {
    for (const [input, all, any] of <[Lit[], boolean, boolean][]>[
      [[false], false, false],
      [[true], true, true],
      [[true, false], false, true],
      [[], true, false],
      [[i(1)], true, true],
      [[i(0)], false, false],
    ]) {
      expect(expr({ $allElementsTrue: [{ $literal: input }] })).toBe(all);
      expect(expr({ $anyElementTrue: [{ $literal: input }] })).toBe(any);
    }
    expect(exprError({ $allElementsTrue: [null] }).code).toBe(17040);
    expect(exprError({ $anyElementTrue: [null] }).code).toBe(17041);
  });
});
