import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isRootCollated, makeUcaCollator, type UcaOptions } from './index.js';
import { compareSortKeys, sortKey } from './sort-key.js';

const DEFAULTS: UcaOptions = {
  strength: 3,
  caseLevel: false,
  caseFirst: 'off',
  numericOrdering: false,
  alternate: 'non-ignorable',
  maxVariable: 'punct',
  backwards: false,
  normalization: false,
};

function sorted(words: string[], options: Partial<UcaOptions>): string[] {
  const c = makeUcaCollator({ ...DEFAULTS, ...options });
  return [...words].sort((a, b) => c.compare(a, b));
}

function cmp(a: string, b: string, options: Partial<UcaOptions>): number {
  return Math.sign(makeUcaCollator({ ...DEFAULTS, ...options }).compare(a, b));
}

function conformanceSample(variant: string): string[] {
  const text = readFileSync(new URL(`./testdata/CollationTest_CLDR_${variant}_SAMPLE.txt`, import.meta.url), 'utf8');
  return text
    .split('\n')
    .filter((l) => /^[0-9A-F]/.test(l))
    .map((l) => String.fromCodePoint(...l.split(' ').map((h) => parseInt(h, 16))));
}

describe('CLDR root conformance (UTS #10 §7.2, CollationTest_CLDR_*)', () => {
  for (const [variant, alternate] of [
    ['NON_IGNORABLE', 'non-ignorable'],
    ['SHIFTED', 'shifted'],
  ] as const) {
    it(`orders CollationTest_CLDR_${variant} lines in sequence (identical strength, normalization on)`, () => {
      const options: UcaOptions = { ...DEFAULTS, strength: 5, alternate, normalization: true };
      const lines = conformanceSample(variant);
      expect(lines.length).toBeGreaterThan(2000);
      const misordered: string[] = [];
      for (let i = 1; i < lines.length; i++) {
        if (compareSortKeys(sortKey(lines[i - 1]!, options), sortKey(lines[i]!, options)) > 0) {
          misordered.push(`${JSON.stringify(lines[i - 1])} > ${JSON.stringify(lines[i])}`);
        }
      }
      expect(misordered).toEqual([]);
    });
  }
});

describe('alternate and maxVariable', () => {
  it('alternate non-ignorable orders spaces and punctuation before letters at the primary level', () => {
    expect(sorted(['deluge', 'de-luge', 'de luge', 'demark'], {})).toEqual(['de luge', 'de-luge', 'deluge', 'demark']);
    expect(cmp('a-b', 'ab', { strength: 1 })).toBe(-1);
  });

  it('alternate shifted ignores spaces and punctuation (maxVariable punct) below strength 4', () => {
    expect(cmp('a-b', 'ab', { alternate: 'shifted' })).toBe(0);
    expect(cmp('a b', 'ab', { alternate: 'shifted', strength: 1 })).toBe(0);
    expect(cmp('a.b!', 'A B', { alternate: 'shifted', strength: 2 })).toBe(0);
  });

  it('alternate shifted leaves symbols and currency signs significant (they are not variable in CLDR root)', () => {
    expect(cmp('a$b', 'ab', { alternate: 'shifted' })).not.toBe(0);
    expect(cmp('a+b', 'ab', { alternate: 'shifted' })).not.toBe(0);
  });

  it('maxVariable space makes only whitespace ignorable under alternate shifted', () => {
    const space = { alternate: 'shifted', maxVariable: 'space' } as const;
    expect(cmp('a b', 'ab', space)).toBe(0);
    expect(cmp('a\tb', 'ab', space)).toBe(0);
    expect(cmp('a-b', 'ab', space)).toBe(-1);
    expect(cmp('a_b', 'a-b', space)).toBe(-1);
  });

  it('alternate shifted at strength 4 orders punctuation at the quaternary level (UTS #10 Table 11, Shifted)', () => {
    const words = ['deluge', 'de-Luge', 'demark', 'de Luge', 'de-luge', 'deLuge', 'death', 'de luge'];
    expect(sorted(words, { alternate: 'shifted', strength: 4 })).toEqual([
      'death',
      'de luge',
      'de-luge',
      'deluge',
      'de Luge',
      'de-Luge',
      'deLuge',
      'demark',
    ]);
  });

  it('alternate shifted at strength 3 keeps the words that differ only by punctuation equal', () => {
    expect(cmp('de-luge', 'deluge', { alternate: 'shifted', strength: 3 })).toBe(0);
    expect(cmp('de-luge', 'deluge', { alternate: 'shifted', strength: 4 })).toBe(-1);
  });

  it('alternate shifted at strength 4 with maxVariable space shifts only whitespace', () => {
    expect(
      sorted(['de-luge', 'deluge', 'de luge'], { alternate: 'shifted', maxVariable: 'space', strength: 4 }),
    ).toEqual(['de-luge', 'de luge', 'deluge']);
  });

  it('alternate non-ignorable at strength 4 adds no quaternary difference', () => {
    expect(cmp('ab', 'ab', { strength: 4 })).toBe(0);
    expect(cmp('a\u0001b', 'ab', { strength: 4 })).toBe(0);
  });
});

describe('caseLevel', () => {
  it('caseLevel with strength 1 distinguishes case but not accents', () => {
    const o = { strength: 1, caseLevel: true } as const;
    expect(cmp('role', 'rôle', o)).toBe(0);
    expect(cmp('role', 'Role', o)).toBe(-1);
    expect(cmp('rôle', 'Role', o)).toBe(-1);
  });

  it('caseLevel with strength 2 distinguishes accents, then case, but not other tertiary differences', () => {
    const o = { strength: 2, caseLevel: true } as const;
    expect(cmp('role', 'rôle', o)).toBe(-1);
    expect(cmp('Role', 'rôle', o)).toBe(-1); // accents (secondary) before case
    expect(cmp('role', 'Role', o)).toBe(-1);
    expect(cmp('a', '\uff41', o)).toBe(0); // fullwidth a: a tertiary difference only
    expect(cmp('a', '\uff41', { strength: 3, caseLevel: true })).toBe(-1);
  });

  it('caseLevel with caseFirst upper puts uppercase first on the case level', () => {
    expect(sorted(['b', 'a', 'B', 'A'], { strength: 1, caseLevel: true, caseFirst: 'upper' })).toEqual([
      'A',
      'a',
      'B',
      'b',
    ]);
    expect(sorted(['b', 'a', 'B', 'A'], { strength: 1, caseLevel: true })).toEqual(['a', 'A', 'b', 'B']);
  });

  it('without caseLevel, strength 1 and 2 ignore case', () => {
    expect(cmp('role', 'ROLE', { strength: 1 })).toBe(0);
    expect(cmp('role', 'ROLE', { strength: 2 })).toBe(0);
  });
});

describe('caseFirst, backwards, numericOrdering, strength 5, normalization', () => {
  it('caseFirst upper sorts uppercase before lowercase at the tertiary level', () => {
    expect(sorted(['a', 'A', 'b', 'B'], { caseFirst: 'upper' })).toEqual(['A', 'a', 'B', 'b']);
    expect(sorted(['a', 'A', 'b', 'B'], { caseFirst: 'lower' })).toEqual(['a', 'A', 'b', 'B']);
  });

  it('backwards compares secondary (accent) weights from the end of the string', () => {
    const words = ['côté', 'coté', 'côte', 'cote'];
    expect(sorted(words, {})).toEqual(['cote', 'coté', 'côte', 'côté']);
    expect(sorted(words, { backwards: true })).toEqual(['cote', 'côte', 'coté', 'côté']);
  });

  it('numericOrdering compares runs of decimal digits by value, ignoring leading zeros', () => {
    expect(sorted(['10', '9', '2', '1.5', '100', 'a10', 'a9'], { numericOrdering: true })).toEqual([
      '1.5',
      '2',
      '9',
      '10',
      '100',
      'a9',
      'a10',
    ]);
    expect(cmp('007', '7', { numericOrdering: true })).toBe(0);
    expect(cmp('\u0661\u0660', '9', { numericOrdering: true })).toBe(1); // Arabic-Indic 10 > 9
    expect(cmp('10', '9', {})).toBe(-1);
  });

  it('strength 5 (identical) breaks ties that every level leaves by the NFD code points', () => {
    expect(cmp('a\u0001b', 'ab', { strength: 4 })).toBe(0);
    expect(cmp('a\u0001b', 'ab', { strength: 5 })).toBe(-1);
    expect(cmp('\u00c5', 'A\u030a', { strength: 5 })).toBe(0); // canonically equivalent
  });

  it('normalization true makes canonically equivalent strings that are not FCD equal', () => {
    // U+0316 (ccc 220) belongs before U+0301 (ccc 230): the first string is not in canonical order.
    expect(cmp('a\u0301\u0316', 'a\u0316\u0301', { normalization: true })).toBe(0);
    expect(cmp('a\u0301\u0316', 'a\u0316\u0301', { normalization: false })).not.toBe(0);
  });
});

describe('isRootCollated', () => {
  it('root-collated locales: no tailoring in CLDR for the locale or its parents', () => {
    for (const l of ['root', 'en', 'en_US', 'fr', 'fr_CA', 'de', 'de_AT', 'it', 'pt', 'nl', 'id', 'ms', 'sw', 'zu']) {
      expect([l, isRootCollated(l)]).toEqual([l, true]);
    }
  });

  it('tailored locales and collation keywords keep the runtime collator', () => {
    for (const l of ['sv', 'es', 'da', 'ja', 'zh', 'nb', 'sr_Latn', 'en_US_POSIX', 'de@collation=phonebook']) {
      expect([l, isRootCollated(l)]).toEqual([l, false]);
    }
  });
});
