/**
 * The path-accepting keyword table (`queryOperatorMap`, keywords.ts) decides what `$all` treats as
 * an operator document: "no $ expressions in $all" for `{$gt: …}`, but `{$not: …}` (not in the
 * table) is a value compared for equality, as in expression_parser.cpp's parseAll.
 */
import { describe, expect, it } from 'vitest';
import { parseEJSON } from '../bson/ejson.js';
import type { Doc } from '../bson/values.js';
import { isEngineError } from '../errors.js';
import { compileQuery } from './index.js';
import { isPathAcceptingKeyword } from './keywords.js';

const d = (text: string) => parseEJSON(text) as Doc;

describe('path-accepting keywords', () => {
  it('are the server table: comparison, array, element, bit and geo operators, not $not or pathless ones', () => {
    for (const op of ['$eq', '$gt', '$in', '$all', '$elemMatch', '$exists', '$type', '$regex', '$options', '$near', '$within', '$bitsAnySet']) {
      expect(isPathAcceptingKeyword(op)).toBe(true);
    }
    for (const op of ['$not', '$and', '$or', '$nor', '$expr', '$where', '$text', '$comment', '$foo', 'a']) {
      expect(isPathAcceptingKeyword(op)).toBe(false);
    }
  });

  it('$all refuses an operator document but compares {$not: …} as a value', () => {
    let code: number | undefined;
    try {
      compileQuery(d('{"a": {"$all": [{"$gt": 1}]}}'), { collator: null });
    } catch (e) {
      if (isEngineError(e)) code = e.code;
    }
    expect(code).toBe(2);
    const m = compileQuery(d('{"a": {"$all": [{"$not": 1}]}}'), { collator: null });
    expect(m.matches(d('{"a": [{"$not": 1}]}'))).toBe(true);
    expect(m.matches(d('{"a": [2]}'))).toBe(false);
  });
});
