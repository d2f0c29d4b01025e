/**
 * The engine's UCA against the runtime's own ICU (Intl.Collator) wherever Intl can express the
 * options, on text whose root order has not changed between Unicode versions: both must agree on
 * every pair. Also guards the shortcuts: the ASCII fast path, the sort-key cache and the equality
 * key used for hashing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeUcaCollator, type UcaOptions } from './index.js';
import { decomposed } from './elements.js';

const ALPHABET = [
  ...'aAbBcCeEéÉèêëoOöÖøØßsSzZ -_.,;:!?\'"@#$%&*+=/\\()[]0123456789½²æÆœŒçÇñÑ',
  '\u0301',
  '\u0308',
  '\u00a0',
  '\t',
  'ǅ',
  'ﬁ',
  'ａ',
  'Ａ',
  '١',
  '٢',
];
const text = fc.array(fc.constantFrom(...ALPHABET), { minLength: 0, maxLength: 6 }).map((a) => a.join(''));

const BASE: UcaOptions = {
  strength: 3,
  caseLevel: false,
  caseFirst: 'off',
  numericOrdering: false,
  alternate: 'non-ignorable',
  maxVariable: 'punct',
  backwards: false,
  normalization: false,
};

const AGREEMENTS: [string, Partial<UcaOptions>, Intl.CollatorOptions, string][] = [
  ['strength 1', { strength: 1 }, { sensitivity: 'base' }, 'en'],
  ['strength 2', { strength: 2 }, { sensitivity: 'accent' }, 'en'],
  ['strength 3', {}, { sensitivity: 'variant' }, 'en'],
  ['strength 1 with caseLevel', { strength: 1, caseLevel: true }, { sensitivity: 'case' }, 'en'],
  ['caseFirst upper', { caseFirst: 'upper' }, { caseFirst: 'upper' }, 'en'],
  ['caseFirst lower', { caseFirst: 'lower' }, { caseFirst: 'lower' }, 'en'],
  ['numericOrdering', { numericOrdering: true }, { numeric: true }, 'en'],
  ['alternate shifted', { alternate: 'shifted' }, { ignorePunctuation: true }, 'en'],
  [
    'alternate shifted, strength 1',
    { alternate: 'shifted', strength: 1 },
    { ignorePunctuation: true, sensitivity: 'base' },
    'en',
  ],
  ['backwards (fr-CA)', { backwards: true }, {}, 'fr-CA'],
];

describe("the UCA agrees with the runtime's ICU where Intl expresses the options", () => {
  for (const [name, options, intlOptions, locale] of AGREEMENTS) {
    it(name, () => {
      const uca = makeUcaCollator({ ...BASE, ...options });
      const intl = new Intl.Collator(locale, { usage: 'sort', ...intlOptions });
      fc.assert(
        fc.property(text, text, (a, b) => {
          expect([a, b, Math.sign(uca.compare(a, b))]).toEqual([a, b, Math.sign(intl.compare(a, b))]);
        }),
        { numRuns: 400, seed: 16 },
      );
    });
  }
});

describe('UCA shortcuts', () => {
  it('the ASCII fast path reads the same code points as the NFD path', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii' }), (s) => {
        const slow: number[] = [];
        for (const ch of s.normalize('NFD')) slow.push(ch.codePointAt(0)!);
        expect(decomposed(s, false)).toEqual(slow);
        expect(decomposed(s, true)).toEqual(slow);
      }),
      { seed: 16 },
    );
  });

  it('equal equality keys exactly when compare says equal, and compare is antisymmetric', () => {
    const uca = makeUcaCollator({ ...BASE, strength: 1, alternate: 'shifted' });
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(uca.equalityKey(a) === uca.equalityKey(b)).toBe(uca.compare(a, b) === 0);
        expect(Math.sign(uca.compare(a, b))).toBe(-Math.sign(uca.compare(b, a)) || 0);
      }),
      { numRuns: 300, seed: 16 },
    );
  });
});
