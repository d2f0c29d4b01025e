/**
 * Strings built by expressions stop at the server's string size: 16493 "Tried to create string
 * longer than 16MB" (`RCString::create`), instead of growing to hundreds of megabytes.
 */
import { describe, expect, it } from 'vitest';
import type { Doc } from '../bson/values.js';
import { canon, ejson, run, testEngine } from '../commands/testing.js';
import { isEngineError } from '../errors.js';
import { checkedString, MAX_STRING_VALUE_BYTES } from './string-limit.js';

// aggregate's executor adds its context to an error raised while it reads documents.
const TOO_LONG = {
  code: 16493,
  codeName: 'Location16493',
  errmsg: 'PlanExecutor error during aggregation :: caused by :: Tried to create string longer than 16MB',
};

function aggregateError(pipeline: string, docs = '[{"_id": 1}]'): Record<string, unknown> {
  const engine = testEngine();
  run(engine, 't', `{"insert": "c", "documents": ${docs}}`);
  const reply = run(engine, 't', `{"aggregate": "c", "cursor": {}, "pipeline": ${pipeline}}`);
  return { code: Number(String(reply.get('code'))), codeName: reply.get('codeName'), errmsg: reply.get('errmsg') };
}

describe('string size limit of expressions', { timeout: 30_000 }, () => {
  it('$reduce doubling a string with $concat fails with 16493 once past 16 MiB', () => {
    const error = aggregateError(
      '[{"$project": {"s": {"$strLenBytes": {"$reduce": {"input": {"$range": [0, 26]}, "initialValue": "ab", "in": {"$concat": ["$$value", "$$value"]}}}}}}]',
    );
    expect(error).toEqual(TOO_LONG);
  });

  it('$reduce doubling up to 8 MiB still answers', () => {
    const engine = testEngine();
    run(engine, 't', '{"insert": "c", "documents": [{"_id": 1}]}');
    const reply = run(
      engine,
      't',
      '{"aggregate": "c", "cursor": {}, "pipeline": [{"$project": {"s": {"$strLenBytes": {"$reduce": {"input": {"$range": [0, 22]}, "initialValue": "ab", "in": {"$concat": ["$$value", "$$value"]}}}}}}]}',
    );
    expect(ejson((reply.get('cursor') as Doc).get('firstBatch')!)).toBe(canon('[{"_id": 1, "s": 8388608}]'));
  });

  it('$replaceAll whose result would pass 16 MiB fails with 16493 before building it', () => {
    const docs = `[{"_id": 1, "s": "${'a'.repeat(1_000_000)}"}]`;
    const error = aggregateError(
      '[{"$project": {"n": {"$strLenBytes": {"$replaceAll": {"input": "$s", "find": "a", "replacement": "bbbbbbbbbbbbbbbbbbbb"}}}}}]',
      docs,
    );
    expect(error).toEqual(TOO_LONG);
  });

  it('$replaceAll with an empty find is bounded the same way', () => {
    const docs = `[{"_id": 1, "s": "${'a'.repeat(1_000_000)}"}]`;
    const error = aggregateError(
      '[{"$project": {"n": {"$strLenBytes": {"$replaceAll": {"input": "$s", "find": "", "replacement": "bbbbbbbbbbbbbbbbbbbb"}}}}}]',
      docs,
    );
    expect(error).toEqual(TOO_LONG);
  });

  it('the longest allowed string is 16 MiB - 18 UTF-8 bytes (RCString header 16 + NUL)', () => {
    expect(MAX_STRING_VALUE_BYTES).toBe(16 * 1024 * 1024 - 18);
    expect(checkedString('a'.repeat(MAX_STRING_VALUE_BYTES)).length).toBe(MAX_STRING_VALUE_BYTES);
    let thrown: unknown;
    try {
      checkedString(`${'a'.repeat(MAX_STRING_VALUE_BYTES - 1)}é`);
    } catch (e) {
      thrown = e;
    }
    expect(isEngineError(thrown) && thrown.code).toBe(16493);
  });
});
