/**
 * A BSON field name is a C string: no NUL byte. Extended JSON input refuses one as js-bson's
 * EJSON.parse does, the shell refuses to send one as js-bson's serializer does, and `$setField`
 * refuses to build one (9534700, jstests/core/null_byte_strings.js).
 */
import { describe, expect, it } from 'vitest';
import { parseEJSON } from '../bson/ejson.js';
import { isEngineError } from '../errors.js';
import { formatShellResult, runShellScript } from '../shell/index.js';
import { canon, ejson, run, testEngine } from './testing.js';

function parseError(text: string): { code: number; errmsg: string } {
  try {
    parseEJSON(text);
  } catch (e) {
    if (isEngineError(e)) return { code: e.code, errmsg: e.errmsg };
    throw e;
  }
  throw new Error('parsed');
}

describe('NUL bytes in field names', () => {
  it.each([
    ['insert', '{"insert": "c", "documents": [{"a\\u0000b": 1}]}'],
    ['$set', '{"update": "c", "updates": [{"q": {}, "u": {"$set": {"a\\u0000b": 1}}}]}'],
    ['replacement', '{"update": "c", "updates": [{"q": {}, "u": {"x": {"a\\u0000b": 1}}}]}'],
    ['upsert query', '{"update": "c", "updates": [{"q": {"\\u0000": 1}, "u": {"$set": {"b": 1}}, "upsert": true}]}'],
  ])('Extended JSON input with one is refused (code 9, js-bson message): %s', (_name, text) => {
    const error = parseError(text);
    expect(error.code).toBe(9);
    expect(error.errmsg).toMatch(/BSON Document field names cannot contain null bytes, found: "(a\\u0000b|\\u0000)"$/);
  });

  it('NUL bytes inside string values stay allowed (only names are C strings)', () => {
    const engine = testEngine();
    run(engine, 't', '{"insert": "c", "documents": [{"_id": 1, "s": "a\\u0000b"}]}');
    expect(ejson(engine.documents('t', 'c'))).toBe(canon('[{"_id": 1, "s": "a\\u0000b"}]'));
  });

  it('$setField with a field containing NUL fails with 9534700 and stores nothing', () => {
    const engine = testEngine();
    run(engine, 't', '{"insert": "c", "documents": [{"_id": 1}]}');
    const reply = run(
      engine,
      't',
      '{"update": "c", "updates": [{"q": {}, "u": [{"$replaceWith": {"$setField": {"field": "a\\u0000b", "input": "$$ROOT", "value": 1}}}], "upsert": true}]}',
    );
    expect(ejson(reply)).toMatch(/"code":\{"\$numberInt":"9534700"\}/);
    expect(ejson(engine.documents('t', 'c'))).toBe(canon('[{"_id": 1}]'));
  });

  it.each([
    ['insertOne', 'db.c.insertOne({"a\\u0000b": 1})'],
    ['updateOne $set with upsert', 'db.c.updateOne({}, {$set: {"a\\u0000b": 1}}, {upsert: true})'],
    ['replaceOne', 'db.c.replaceOne({}, {"x\\0": 1})'],
  ])('the shell refuses to send one, as the driver does: %s', (_name, script) => {
    const engine = testEngine();
    const [result] = runShellScript(engine, script);
    expect(formatShellResult(result!)).toMatch(/^BSONError: key (a\0b|x\0) must not contain null bytes$/);
    expect(engine.documents('test', 'c')).toEqual([]);
  });
});
