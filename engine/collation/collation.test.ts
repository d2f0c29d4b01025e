import { describe, expect, it } from 'vitest';
import { parseEJSON, stringifyEJSON } from '../bson/ejson.js';
import type { Doc } from '../bson/values.js';
import { SPACE_GROUP } from './intl-collator.js';
import { SPACE_TOP } from './uca/root-data.js';
import { rootTable } from './uca/table.js';
import {
  COLLATION_APPROXIMATIONS,
  collationNote,
  collationToDoc,
  makeCollator,
  parseCollation,
  resolveCollation,
  sameCollation,
} from './index.js';

function spec(text: string): Doc {
  return parseEJSON(text) as Doc;
}

function collator(text: string) {
  const c = makeCollator(parseCollation(spec(text)));
  if (!c) throw new Error('simple');
  return c;
}

describe('parseCollation', () => {
  it('returns null for simple and fills every attribute otherwise', () => {
    expect(parseCollation(spec('{"locale":"simple"}'))).toBeNull();
    const s = parseCollation(spec('{"locale":"fr","strength":1}'))!;
    expect(stringifyEJSON(collationToDoc(s), { relaxed: true })).toBe(
      '{"locale":"fr","caseLevel":false,"caseFirst":"off","strength":1,"numericOrdering":false,"alternate":"non-ignorable","maxVariable":"punct","normalization":false,"backwards":false,"version":"57.1"}',
    );
    expect(parseCollation(spec('{"locale":"fr_CA"}'))!.backwards).toBe(true);
    expect(parseCollation(spec('{"locale":"de@collation=phonebook"}'))!.locale).toBe('de@collation=phonebook');
  });

  it("fills the attributes a document leaves out with the locale's ICU defaults (CLDR collation settings)", () => {
    const filled = (text: string) => stringifyEJSON(collationToDoc(parseCollation(spec(text))!), { relaxed: true });
    expect(filled('{"locale":"th"}')).toBe(
      '{"locale":"th","caseLevel":false,"caseFirst":"off","strength":3,"numericOrdering":false,"alternate":"shifted","maxVariable":"punct","normalization":true,"backwards":false,"version":"57.1"}',
    );
    expect(parseCollation(spec('{"locale":"el"}'))!.normalization).toBe(true);
    expect(parseCollation(spec('{"locale":"vi"}'))!.normalization).toBe(true);
    expect(parseCollation(spec('{"locale":"da"}'))!.caseFirst).toBe('upper');
    expect(parseCollation(spec('{"locale":"mt"}'))!.caseFirst).toBe('upper');
    expect(parseCollation(spec('{"locale":"fr_CA"}'))!.backwards).toBe(true);
    expect(parseCollation(spec('{"locale":"fr"}'))!.backwards).toBe(false);
    expect(parseCollation(spec('{"locale":"en"}'))!.normalization).toBe(false);
    expect(parseCollation(spec('{"locale":"el","normalization":false}'))!.normalization).toBe(false);
  });

  it('lists its approximations', () => {
    expect(COLLATION_APPROXIMATIONS.length).toBeGreaterThanOrEqual(4);
  });
});

describe('collators', () => {
  it('strength 1 ignores case and accents: the French example', () => {
    const c = collator('{"locale":"fr","strength":1}');
    expect(c.compare('cafe', 'café')).toBe(0);
    expect(c.compare('cafe', 'cafE')).toBe(0);
    expect(c.compare('cafe', 'cafes')).toBeLessThan(0);
  });

  it('strength 2 distinguishes accents but not case', () => {
    const c = collator('{"locale":"fr","strength":2}');
    expect(c.compare('cafe', 'cafE')).toBe(0);
    expect(c.compare('cafe', 'café')).not.toBe(0);
  });

  it('strength 3 distinguishes case', () => {
    const c = collator('{"locale":"en"}');
    expect(c.compare('a', 'A')).not.toBe(0);
    expect(c.compare('a', 'B')).toBeLessThan(0);
  });

  it('caseFirst upper puts capitals first', () => {
    expect(collator('{"locale":"en","caseFirst":"upper"}').compare('A', 'a')).toBeLessThan(0);
    expect(collator('{"locale":"en","caseFirst":"lower"}').compare('A', 'a')).toBeGreaterThan(0);
  });

  it('numericOrdering compares digit runs as numbers', () => {
    expect(collator('{"locale":"en","numericOrdering":true}').compare('10', '9')).toBeGreaterThan(0);
    expect(collator('{"locale":"en"}').compare('10', '9')).toBeLessThan(0);
  });

  it('alternate shifted ignores punctuation', () => {
    expect(collator('{"locale":"en","alternate":"shifted"}').compare('a-b', 'ab')).toBe(0);
  });

  it('resolves command options and compares specs', () => {
    expect(resolveCollation(undefined)).toBeNull();
    expect(resolveCollation(spec('{"locale":"simple"}'))).toBeNull();
    const r = resolveCollation(spec('{"locale":"en","strength":2}'))!;
    expect(r.collator.compare('A', 'a')).toBe(0);
    expect(sameCollation(r.spec, parseCollation(spec('{"strength":2,"locale":"en"}')))).toBe(true);
    expect(sameCollation(r.spec, null)).toBe(false);
    expect(() => resolveCollation('x')).toThrow(
      "BSON field 'collation' is the wrong type 'string', expected type 'object'",
    );
  });
});

describe('root-collated and tailored locales', () => {
  it('fr_CA reads accents from the end of the string by default (backwards: true)', () => {
    const words = ['côté', 'coté', 'côte', 'cote'];
    expect([...words].sort(collator('{"locale":"fr"}').compare)).toEqual(['cote', 'coté', 'côte', 'côté']);
    expect([...words].sort(collator('{"locale":"fr_CA"}').compare)).toEqual(['cote', 'côte', 'coté', 'côté']);
    expect([...words].sort(collator('{"locale":"en","backwards":true}').compare)).toEqual([
      'cote',
      'côte',
      'coté',
      'côté',
    ]);
  });

  it('a tailored locale keeps its tailoring: Swedish sorts ä after z', () => {
    expect(collator('{"locale":"sv"}').compare('ä', 'z')).toBeGreaterThan(0);
    expect(collator('{"locale":"en"}').compare('ä', 'z')).toBeLessThan(0);
  });

  it('caseLevel with strength 2 on a tailored locale compares accents, then case, not width', () => {
    const c = collator('{"locale":"sv","strength":2,"caseLevel":true}');
    expect(c.compare('a', 'A')).toBeLessThan(0);
    expect(c.compare('A', 'á')).toBeLessThan(0);
    expect(c.compare('a', '\uff41')).toBe(0);
  });

  it('maxVariable space on a tailored locale ignores whitespace only (CLDR root space group)', () => {
    const c = collator('{"locale":"sv","alternate":"shifted","maxVariable":"space"}');
    expect(c.compare('a b', 'ab')).toBe(0);
    expect(c.compare('a\u3000\tb', 'ab')).toBe(0);
    expect(c.compare('a-b', 'ab')).not.toBe(0);
    expect(collator('{"locale":"sv","alternate":"shifted"}').compare('a-b', 'ab')).toBe(0);
  });

  it('strength 5 on a tailored locale breaks the remaining ties by NFD code points', () => {
    expect(collator('{"locale":"sv","strength":4}').compare('a\u0001b', 'ab')).toBe(0);
    expect(collator('{"locale":"sv","strength":5}').compare('a\u0001b', 'ab')).toBeLessThan(0);
  });

  it("collationNote: no note where the comparison is the server's, a note naming each approximated option otherwise", () => {
    const note = (text: string) => collationNote(parseCollation(spec(text)));
    expect(note('{"locale":"simple"}')).toBeUndefined();
    expect(
      note('{"locale":"en","alternate":"shifted","maxVariable":"space","strength":4,"backwards":true}'),
    ).toBeUndefined();
    expect(note('{"locale":"sv","strength":2,"caseLevel":true}')).toBeUndefined();
    expect(note('{"locale":"sv","alternate":"shifted","maxVariable":"space"}')).toBeUndefined();
    expect(note('{"locale":"sv","backwards":true}')).toMatch(/^Collation sv: backwards/);
    expect(note('{"locale":"es","backwards":true}')).toMatch(/backwards \(French secondary order\) is not applied/);
    expect(note('{"locale":"ja","alternate":"shifted","strength":4}')).toMatch(/quaternary level/);
  });
});

describe('the whitespace that maxVariable space shifts', () => {
  it("is exactly CLDR root's space group: the characters whose primary is at most the space top", () => {
    const table = rootTable();
    for (let cp = 0; cp < 0x30000; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const primary = table.singles.get(cp)?.[0] ?? 0;
      const inGroup = primary > 1 && primary <= SPACE_TOP;
      SPACE_GROUP.lastIndex = 0;
      if (inGroup !== SPACE_GROUP.test(String.fromCodePoint(cp))) throw new Error(`U+${cp.toString(16)}`);
    }
  });
});
