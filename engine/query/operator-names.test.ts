import { describe, expect, it } from 'vitest';
import { parseEJSON } from '../bson/ejson.js';
import type { Doc } from '../bson/values.js';
import { parseFilter } from './parse.js';
import { ACCEPTED_TOP_LEVEL_OPERATORS, FIELD_QUERY_OPERATORS } from './operator-names.js';

const options = {
  collator: null,
  allowExpr: true,
  allowJsonSchema: true,
  allowText: true,
  allowWhere: true,
  variables: undefined,
};

function errorOf(filter: string): string | null {
  try {
    parseFilter(parseEJSON(filter) as Doc, options);
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

describe('query operator names', () => {
  it('are all known to the filter parser', () => {
    for (const op of FIELD_QUERY_OPERATORS)
      expect(errorOf(`{"a": {"${op}": 1}}`) ?? '', op).not.toMatch(/unknown operator/);
    for (const op of ACCEPTED_TOP_LEVEL_OPERATORS) {
      expect(errorOf(`{"${op}": 1}`) ?? '', op).not.toMatch(/unknown top level operator/);
    }
  });

  it('leave out nothing the parser runs (every $name it accepts on a field is listed)', () => {
    const candidates = ['$where', '$text', '$near', '$geoWithin', '$foo', '$eq', '$size', '$sampleRate'];
    for (const op of candidates) {
      const known = !/unknown operator|not supported|cannot be applied/.test(errorOf(`{"a": {"${op}": 1}}`) ?? '');
      expect((FIELD_QUERY_OPERATORS as readonly string[]).includes(op), op).toBe(known);
    }
  });
});
