import { describe, expect, it } from 'vitest';
import { packBaseline, unpackBaseline } from './workspace.js';

describe('saved baseline', () => {
  it('stores a baseline collection equal to the current one once, as a reference', () => {
    const students = { name: 'students', docs: ['{"_id": 1}'] };
    const changed = { name: 'cafe', docs: ['{"_id": 2}'] };
    const cafeBase = { name: 'cafe', docs: ['{"_id": 1}'] };
    const gone = { name: 'gone', docs: ['{"_id": 3}'] };
    const collections = [students, changed];
    const baseline = [{ name: 'students', docs: ['{"_id": 1}'] }, cafeBase, gone];
    const packed = packBaseline(collections, baseline);
    expect(packed).toEqual([{ sameAs: 'students' }, cafeBase, gone]);
    expect(JSON.stringify(packed)).not.toContain('"_id\\": 1}"],"options"');
    expect(unpackBaseline(collections, packed)).toEqual(baseline);
  });
});
