import { describe, expect, it } from 'vitest';
import { SHELL_NAMES } from './index.js';
import { COLLECTION_SIGNATURES, DATABASE_SIGNATURES } from './signatures.js';

describe('method signatures', () => {
  it('name every database and collection method the shell runs, and nothing else', () => {
    expect(Object.keys(COLLECTION_SIGNATURES).sort()).toEqual([...SHELL_NAMES.collection].sort());
    expect(Object.keys(DATABASE_SIGNATURES).sort()).toEqual([...SHELL_NAMES.database].sort());
    for (const [name, sig] of Object.entries({ ...COLLECTION_SIGNATURES, ...DATABASE_SIGNATURES })) {
      expect(sig.startsWith(`${name}(`), name).toBe(true);
    }
  });
});
