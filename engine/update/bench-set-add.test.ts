import { describe, expect, it } from 'vitest';
import { runSetAddBenchmark } from './bench-set-add.js';

describe('benchmark: $set total = $add over many documents', () => {
  it('modifies every document (10,000 here; the bench runner uses 100,000)', () => {
    const r = runSetAddBenchmark(10_000);
    expect(r.modified).toBe(10_000);
  });
});
