/**
 * Property tests guarding every shortcut of the matcher: the start-up optimizations (anchoring,
 * first and required characters, leading `.*`), the literal fast path and auto-possessification
 * never change an answer, and on the syntax where JavaScript's backtracking semantics coincide
 * with PCRE2's (ASCII subjects without line breaks, no empty loop bodies) both find the same match.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compilePcre, PcreMatchError, type MatchOffsets } from './index.js';

interface Gen {
  readonly src: string;
  /** Can match the empty string (such bodies are never repeated: JS and PCRE2 stop empty loops differently). */
  readonly nullable: boolean;
}

const atom: fc.Arbitrary<Gen> = fc.constantFrom<Gen>(
  { src: 'a', nullable: false },
  { src: 'b', nullable: false },
  { src: 'ab', nullable: false },
  { src: '.', nullable: false },
  { src: '[ab]', nullable: false },
  { src: '[^a]', nullable: false },
  { src: '\\d', nullable: false },
  { src: '\\w', nullable: false },
  { src: '\\s', nullable: false },
  { src: '\\b', nullable: true },
);

const pattern: fc.Arbitrary<Gen> = fc
  .letrec<{ node: Gen; seq: Gen; alt: Gen; quantified: Gen }>((tie) => ({
    node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, atom, tie('quantified'), tie('alt')),
    quantified: fc
      .tuple(
        fc.oneof(atom, tie('alt')).filter((g) => !g.nullable),
        fc.constantFrom('*', '+', '?', '{1,2}', '{2}', '*?', '+?', '??', '{0,3}?'),
      )
      .map(([g, q]) => ({
        src: `(?:${g.src})${q}`,
        nullable: q.startsWith('*') || q.startsWith('?') || q.startsWith('{0'),
      })),
    seq: fc
      .array(tie('node'), { minLength: 1, maxLength: 4 })
      .map((parts) => ({ src: parts.map((p) => p.src).join(''), nullable: parts.every((p) => p.nullable) })),
    alt: fc
      .array(tie('seq'), { minLength: 1, maxLength: 3 })
      .map((alts) => ({ src: `(${alts.map((a) => a.src).join('|')})`, nullable: alts.some((a) => a.nullable) })),
  }))
  .seq.chain((g) =>
    fc
      .constantFrom('', '^', 'b', '.*')
      .chain((prefix) =>
        fc.constantFrom('', '$', 'a').map((suffix) => ({ src: `${prefix}${g.src}${suffix}`, nullable: false })),
      ),
  );

const subject = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '1', ' ', '_'), maxLength: 12 });

type Outcome = number[] | null | 'limit';

function run(src: string, s: string, flags = ''): Outcome {
  try {
    const m: MatchOffsets | null = compilePcre(src, flags).exec(s, 0);
    return m === null ? null : [...m];
  } catch (e) {
    if (e instanceof PcreMatchError) return 'limit';
    throw e;
  }
}

describe('matcher shortcuts', () => {
  it('start-up optimizations, the literal path and auto-possessification never change a match', () => {
    fc.assert(
      fc.property(pattern, subject, fc.constantFrom('', 'i', 'm', 's'), (p, s, flags) => {
        const fast = run(p.src, s, flags);
        const plain = run(`(*NO_START_OPT)(*NO_AUTO_POSSESS)${p.src}`, s, flags);
        if (fast === 'limit' || plain === 'limit') return;
        expect(fast).toEqual(plain);
      }),
      { numRuns: 600 },
    );
  });

  it('literal patterns: the indexOf path equals the machine', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', 'é', '😀'), minLength: 1, maxLength: 4 }),
        subject,
        (lit, s) => {
          expect(run(lit, s)).toEqual(run(`(?:${lit})`, s));
          expect(compilePcre(lit, '').test(s)).toBe(run(`(?:${lit})`, s) !== null);
          expect(compilePcre(`^${lit}`, '').test(s)).toBe(run(`(?:^${lit})`, s) !== null);
          expect(run(`^${lit}`, s)).toEqual(run(`(?:^${lit})`, s));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('where JavaScript and PCRE2 agree on semantics, both find the same leftmost match', () => {
    fc.assert(
      fc.property(pattern, subject, (p, s) => {
        const ours = run(p.src, s);
        if (ours === 'limit') return;
        const js = new RegExp(p.src).exec(s);
        expect(ours === null ? null : ours.slice(0, 2)).toEqual(
          js === null ? null : [js.index, js.index + js[0].length],
        );
      }),
      { numRuns: 600 },
    );
  });
});
