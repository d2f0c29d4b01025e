/**
 * Regular expressions through the commands, as MongoDB 8.0 runs them: PCRE2 in UTF mode with the
 * server's match limit. A match error in a query (`RegexMatchExpression`) is "no match"; in
 * `$regexMatch`/`$regexFind`/`$regexFindAll` it fails with 51156. Compile errors: 51091 (query),
 * 51111 (expressions), 51108 (flags), 2 (NUL in a query pattern).
 */
import { describe, expect, it } from 'vitest';
import { canon, ejson, run, testEngine } from './testing.js';
import type { Engine } from '../engine.js';
import type { Doc } from '../bson/values.js';

function seeded(docs: string): Engine {
  const engine = testEngine();
  run(engine, 't', `{"insert": "c", "documents": ${docs}}`);
  return engine;
}

function ids(engine: Engine, filter: string): string {
  const reply = run(engine, 't', `{"find": "c", "filter": ${filter}, "projection": {"_id": 1}}`);
  if (reply.get('ok') !== 1) return ejson(reply);
  const batch = (reply.get('cursor') as Map<string, unknown>).get('firstBatch') as Map<string, unknown>[];
  return batch.map((d) => String(d.get('_id'))).join(',');
}

function failure(reply: Map<string, unknown>): { code: unknown; errmsg: unknown } {
  return { code: Number(reply.get('code')), errmsg: reply.get('errmsg') };
}

const catastrophic = JSON.stringify(`${'a'.repeat(40)}b`);

describe('query $regex follows PCRE2', () => {
  it('a catastrophic pattern answers promptly: the match limit makes it "no match" (find, count, $in)', () => {
    const engine = seeded(`[{"_id": 1, "s": ${catastrophic}}, {"_id": 2, "s": "aaa"}]`);
    expect(ids(engine, '{"s": {"$regex": "(a+)+$"}}')).toBe('2');
    expect(ids(engine, '{"s": {"$in": [{"$regularExpression": {"pattern": "(a+)+$", "options": ""}}]}}')).toBe('2');
    expect(ejson(run(engine, 't', '{"count": "c", "query": {"s": {"$regex": "(a+)+$"}}}'))).toBe(
      canon('{"n": 1, "ok": 1.0}'),
    );
  });

  it('POSIX classes, \\Q…\\E, \\x{…}, possessive and atomic groups and mid-pattern flags match', () => {
    const engine = seeded(
      '[{"_id": 1, "s": "ab12"}, {"_id": 2, "s": "a.b"}, {"_id": 3, "s": "aB"}, {"_id": 4, "s": "AAAb"}]',
    );
    expect(ids(engine, '{"s": {"$regex": "[[:digit:]]"}}')).toBe('1');
    expect(ids(engine, '{"s": {"$regex": "^\\\\Qa.b\\\\E$"}}')).toBe('2');
    expect(ids(engine, '{"s": {"$regex": "^a(?i)b$"}}')).toBe('3');
    expect(ids(engine, '{"s": {"$regex": "^\\\\x{41}++b$"}}')).toBe('4');
    expect(ids(engine, '{"s": {"$regex": "^(?>A+)Ab$"}}')).toBe('');
  });

  it('newline is LF only: . matches CR and U+2028, $ does not match before CR', () => {
    const engine = seeded('[{"_id": 1, "s": "a\\r"}, {"_id": 2, "s": "a\\u2028"}, {"_id": 3, "s": "a\\n"}]');
    expect(ids(engine, '{"s": {"$regex": "^a.$"}}')).toBe('1,2');
    expect(ids(engine, '{"s": {"$regex": "a$"}}')).toBe('3');
    expect(ids(engine, '{"s": {"$regex": "^a\\\\s$"}}')).toBe('1,3');
  });

  it("a pattern PCRE2 refuses fails with 51091 and PCRE2's message (regex_error.js)", () => {
    const engine = seeded('[{"_id": 1, "s": "x"}]');
    expect(failure(run(engine, 't', '{"find": "c", "filter": {"a": {"$regex": "[)"}}}'))).toEqual({
      code: 51091,
      errmsg: 'Regular expression is invalid: missing terminating ] for character class',
    });
    expect(failure(run(engine, 't', '{"find": "c", "filter": {"a": {"$regex": "(?<=a+)b"}}}'))).toEqual({
      code: 51091,
      errmsg: 'Regular expression is invalid: lookbehind assertion is not fixed length',
    });
    expect(failure(run(engine, 't', '{"find": "c", "filter": {"a": {"$regex": "a", "$options": "z"}}}')).code).toBe(
      51108,
    );
    expect(failure(run(engine, 't', '{"find": "c", "filter": {"a": {"$regex": "ab\\u0000c"}}}')).code).toBe(2);
  });

  it('patterns up to 32764 UTF-8 bytes compile; longer ones fail (regex_max_pattern_length.js)', () => {
    const long = 'y'.repeat(16384 + 10000);
    const engine = seeded(`[{"_id": 1, "a": "${long}"}]`);
    expect(ids(engine, `{"a": {"$regex": "^${'y'.repeat(16384 + 9999)}"}}`)).toBe('1');
    expect(failure(run(engine, 't', `{"find": "c", "filter": {"a": {"$regex": "^${'y'.repeat(32766)}"}}}`))).toEqual({
      code: 51091,
      errmsg: 'Regular expression is invalid: pattern string is longer than the limit set by the application',
    });
  });
});

describe('$regexMatch, $regexFind and $regexFindAll follow PCRE2', () => {
  function project(engine: Engine, expr: string): Doc {
    return run(engine, 't', `{"aggregate": "c", "pipeline": [{"$project": {"_id": 0, "r": ${expr}}}], "cursor": {}}`);
  }

  it('captures are null when unset and idx counts code points', () => {
    const engine = seeded('[{"_id": 1, "s": "éa1a2😀a3"}]');
    expect(ejson(project(engine, '{"$regexFindAll": {"input": "$s", "regex": "a(\\\\d)(x)?"}}'))).toBe(
      canon(
        '{"cursor": {"firstBatch": [{"r": [' +
          '{"match": "a1", "idx": 1, "captures": ["1", null]}, ' +
          '{"match": "a2", "idx": 3, "captures": ["2", null]}, ' +
          '{"match": "a3", "idx": 6, "captures": ["3", null]}]}], "id": {"$numberLong": "0"}, "ns": "t.c"}, "ok": 1.0}',
      ),
    );
  });

  it('$regexFindAll steps over empty matches one character at a time and never matches at the end twice', () => {
    const engine = seeded('[{"_id": 1, "s": "ab"}]');
    const reply = project(engine, '{"$regexFindAll": {"input": "$s", "regex": "x*"}}');
    const r = ((reply.get('cursor') as Map<string, unknown>).get('firstBatch') as Map<string, unknown>[])[0]!.get('r');
    expect(ejson(r as never)).toBe(
      canon('[{"match": "", "idx": 0, "captures": []}, {"match": "", "idx": 1, "captures": []}]'),
    );
  });

  it('lookbehind sees the text before the search position (PCRE2 start offset)', () => {
    const engine = seeded('[{"_id": 1, "s": "aaa"}]');
    const reply = project(engine, '{"$size": {"$regexFindAll": {"input": "$s", "regex": "(?<=a)a"}}}');
    expect(ejson(reply)).toContain('"r":{"$numberInt":"2"}');
  });

  it('a catastrophic pattern fails with 51156 "match limit exceeded"', () => {
    const engine = seeded(`[{"_id": 1, "s": ${catastrophic}}]`);
    expect(failure(project(engine, '{"$regexMatch": {"input": "$s", "regex": "(a+)+$"}}'))).toEqual({
      code: 51156,
      errmsg:
        'PlanExecutor error during aggregation :: caused by :: Error occurred while executing the regular expression in $regexMatch. Result code: match limit exceeded',
    });
  });

  it('a pattern PCRE2 refuses fails with 51111 when the pipeline is optimized, before any document', () => {
    // ExpressionRegex::optimize compiles a constant regex (the $project executor is not optimized
    // when the stage is built, so the error carries the optimization's context).
    const engine = seeded('[]');
    expect(failure(project(engine, '{"$regexFind": {"input": "$s", "regex": "a{2,1}"}}'))).toEqual({
      code: 51111,
      errmsg:
        'Failed to optimize pipeline :: caused by :: Invalid Regex in $regexFind: numbers out of order in {} quantifier',
    });
    expect(failure(project(engine, '{"$regexFind": {"input": "$s", "regex": "a", "options": "g"}}'))).toEqual({
      code: 51108,
      errmsg: 'Failed to optimize pipeline :: caused by :: $regexFind invalid flag in regex options: g',
    });
  });
});
