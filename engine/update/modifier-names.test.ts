import { describe, expect, it } from 'vitest';
import { MODIFIER_NAMES } from './modifier-names.js';
import { MODIFIER_TABLE } from './modifier-table.js';

describe('modifier names', () => {
  it('are exactly the keys of the modifier table', () => {
    expect([...MODIFIER_NAMES].sort()).toEqual(Object.keys(MODIFIER_TABLE).sort());
  });
});
