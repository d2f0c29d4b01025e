/**
 * Guard of chunked-list.ts: any sequence of appends (single and in bulk, across the 4,096-element
 * chunk boundaries), writes, truncations, removals and clears leaves the list holding exactly what
 * a plain array holds after the same operations, read every way (`get` inside and outside the
 * bounds, `last`, `slice`, `values`, `length`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChunkedList } from './chunked-list.js';

type Op =
  | { readonly kind: 'push'; readonly count: number }
  | { readonly kind: 'set'; readonly at: number }
  | { readonly kind: 'truncate'; readonly to: number }
  | { readonly kind: 'removeAt'; readonly at: number }
  | { readonly kind: 'clear' }
  | { readonly kind: 'from' };

const CHUNK = 4096;
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 3 * CHUNK + 5 }).map((count) => ({ kind: 'push' as const, count })) },
  { weight: 3, arbitrary: fc.constantFrom(1, 2, CHUNK - 1, CHUNK, CHUNK + 1).map((count) => ({ kind: 'push' as const, count })) },
  { weight: 2, arbitrary: fc.nat().map((at) => ({ kind: 'set' as const, at })) },
  {
    weight: 2,
    arbitrary: fc
      .oneof(fc.nat(), fc.constantFrom(0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 2 * CHUNK))
      .map((to) => ({ kind: 'truncate' as const, to })),
  },
  { weight: 1, arbitrary: fc.nat().map((at) => ({ kind: 'removeAt' as const, at })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'clear' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'from' as const }) },
);

function sameContents(list: ChunkedList<string>, model: string[]): void {
  expect(list.length).toBe(model.length);
  expect(list.slice(0)).toEqual(model);
  expect([...list.values()]).toEqual(model);
  expect(list.last()).toBe(model.at(-1));
  for (const i of [-1, 0, 1, CHUNK - 1, CHUNK, CHUNK + 1, model.length - 1, model.length, model.length + 1]) {
    expect(list.get(i)).toBe(i >= 0 ? model[i] : undefined);
  }
  const from = Math.floor(model.length / 2);
  expect(list.slice(from)).toEqual(model.slice(from));
}

describe('ChunkedList', () => {
  it('holds what a plain array holds after the same operations', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 10 }), (ops) => {
        let list = new ChunkedList<string>();
        let model: string[] = [];
        let next = 0;
        for (const o of ops) {
          switch (o.kind) {
            case 'push':
              for (let k = 0; k < o.count; k++) {
                const item = `v${next++}`;
                list.push(item);
                model.push(item);
              }
              break;
            case 'set':
              if (model.length > 0) {
                const at = o.at % model.length;
                const item = `s${next++}`;
                list.set(at, item);
                model[at] = item;
              }
              break;
            case 'truncate':
              list.truncate(o.to);
              model.length = Math.min(o.to, model.length);
              break;
            case 'removeAt':
              if (model.length > 0) {
                const at = o.at % model.length;
                list.removeAt(at);
                model.splice(at, 1);
              }
              break;
            case 'clear':
              list.clear();
              model = [];
              break;
            case 'from':
              list = ChunkedList.from(model);
              break;
          }
          sameContents(list, model);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a write outside its elements', () => {
    const list = ChunkedList.from(['a']);
    expect(() => list.set(1, 'b')).toThrow(RangeError);
    expect(() => list.set(-1, 'b')).toThrow(RangeError);
  });
});
