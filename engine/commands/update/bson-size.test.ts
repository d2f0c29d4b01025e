import { calculateObjectSize, Code, Int32 } from 'bson';
import { describe, expect, it } from 'vitest';
import type { Doc, Value } from '../../bson/values.js';
import { docSize } from './bson-size.js';

/** The same document as a plain object for bson's own size calculation. */
function plain(v: Value): unknown {
  if (v instanceof Map) return Object.fromEntries([...v].map(([k, x]) => [k, plain(x)]));
  if (Array.isArray(v)) return v.map(plain);
  return v;
}

describe('docSize', () => {
  it('counts UTF-8 bytes of names and strings as the BSON encoder does', () => {
    const doc: Doc = new Map<string, Value>([
      ['a', 1.5],
      ['é', 'ß€𝄞'],
      ['tags', ['x', 'yy', new Map<string, Value>([['n', new Int32(3)]])]],
      ['日本', new Map<string, Value>([['s', '']])],
    ]);
    expect(docSize(doc)).toBe(calculateObjectSize(plain(doc) as Record<string, unknown>));
  });

  it('counts a lone surrogate as U+FFFD (3 bytes)', () => {
    expect(docSize(new Map<string, Value>([['s', '\ud800']]))).toBe(docSize(new Map<string, Value>([['s', '\ufffd']])));
  });
});

describe('docSize of code with scope', () => {
  it('sizes a Code value with a scope instead of failing', () => {
    const doc: Doc = new Map<string, Value>([['f', new Code('function () {}', { x: new Int32(1) })]]);
    expect(docSize(doc)).toBe(calculateObjectSize(plain(doc) as Record<string, unknown>));
  });
});
