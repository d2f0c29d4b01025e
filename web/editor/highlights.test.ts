import { describe, expect, it } from 'vitest';
import { identifierHighlights } from './highlights.js';

describe('identifierHighlights', () => {
  it('finds $[id] uses and the filter keys naming the identifier', () => {
    const text = 'db.s.updateMany({}, {$set: {"g.$[low]": 1}}, {arrayFilters: [{low: {$lt: 9}}, {"e.x": 1}]})';
    const found = identifierHighlights(
      text,
      new Map([
        ['low', 0],
        ['e', 1],
      ]),
    );
    expect(found.map((h) => [text.slice(h.start, h.end), h.colour])).toEqual([
      ['$[low]', 0],
      ['low', 0],
      ['e', 1],
    ]);
  });
});
