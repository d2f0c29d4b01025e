import { describe, expect, it } from 'vitest';
import { RecentOperations } from './recent-operations.js';

function op(i: number) {
  return { kind: 'command' as const, command: `c${i}`, ns: 'db.c', time: new Date(i) };
}

describe('RecentOperations', () => {
  it('lists the newest `capacity` operations, oldest first, however many were recorded', () => {
    const ops = new RecentOperations(5);
    for (let n = 1; n <= 23; n++) {
      ops.record(op(n));
      const expected = Array.from({ length: Math.min(n, 5) }, (_, k) => `c${Math.max(0, n - 5) + k + 1}`);
      expect(ops.list().map((r) => r.command)).toEqual(expected);
    }
    ops.clear();
    expect(ops.list()).toEqual([]);
  });
});
