import { describe, expect, it } from 'vitest';
import { parseEJSON } from '../bson/ejson.js';
import type { Doc } from '../bson/values.js';
import { parseUpdate } from './parse-update.js';
import { errorOf } from './test-support.js';

const parse = (u: string, opts: { arrayFilters?: string; multi?: boolean; constants?: string } = {}) =>
  parseUpdate(parseEJSON(u), {
    collator: null,
    arrayFilters: opts.arrayFilters === undefined ? undefined : (parseEJSON(opts.arrayFilters) as never),
    ...(opts.multi === undefined ? {} : { multi: opts.multi }),
    constants: opts.constants === undefined ? undefined : (parseEJSON(opts.constants) as Doc),
  });

describe('parseUpdate classification', () => {
  it('classifies by the first field name', () => {
    expect(parse('{"$set": {"a": 1}}').kind).toBe('modifier');
    expect(parse('{"a": 1}').kind).toBe('replacement');
    expect(parse('{}').kind).toBe('replacement');
    expect(parse('[{"$set": {"a": 1}}]').kind).toBe('pipeline');
  });

  it('asks for the match details only with a positional $ (UpdateDriver::needMatchDetails)', () => {
    expect(parse('{"$set": {"a.$": 1}}').needsMatchDetails).toBe(true);
    expect(parse('{"$inc": {"n": 1}, "$unset": {"a.$.b": ""}}').needsMatchDetails).toBe(true);
    expect(parse('{"$set": {"a.0": 1, "b": 2}}').needsMatchDetails).toBe(false);
    expect(parse('{"$set": {"a.$[]": 1, "b.$[x]": 2}}', { arrayFilters: '[{"x": 1}]' }).needsMatchDetails).toBe(false);
    expect(parse('{"a": 1}').needsMatchDetails).toBeFalsy();
    expect(parse('[{"$set": {"a": 1}}]').needsMatchDetails).toBeFalsy();
  });

  it('treats a mixed document starting with a plain field as a replacement (52 at apply time)', () => {
    expect(parse('{"a": 1, "$set": {"b": 1}}').kind).toBe('replacement');
  });

  it('rejects other types', () => {
    expect(errorOf(() => parse('5'))).toBe('9: Update argument must be either an object or an array');
  });

  it('rejects multi with a replacement', () => {
    expect(errorOf(() => parse('{"a": 1}', { multi: true }))).toBe(
      '9: multi update is not supported for replacement-style update',
    );
    expect(parse('{"$set": {"a": 1}}', { multi: true }).kind).toBe('modifier');
  });

  it('rejects arrayFilters with a pipeline and constants without one', () => {
    expect(errorOf(() => parse('[{"$set": {"a": 1}}]', { arrayFilters: '[{"i": 1}]' }))).toBe(
      '9: arrayFilters may not be specified for pipeline-style updates',
    );
    expect(errorOf(() => parse('{"$set": {"a": 1}}', { constants: '{"x": 1}' }))).toBe(
      '51198: Constant values may only be specified for pipeline updates',
    );
  });
});
