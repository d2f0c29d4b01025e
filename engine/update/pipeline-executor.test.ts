import { describe, expect, it } from 'vitest';
import { Int32, type Doc, type Value } from '../bson/values.js';
import type { UpdateExecutor } from './executor.js';
import { d, env, err, i, v } from '../expr/test-helpers.js';
import { applyOplogDiff } from '../oplog/apply-diff.js';
import { parsePipelineUpdate } from './pipeline-executor.js';

type Lit = Parameters<typeof v>[0];

function parse(stages: Lit[], opts: { let?: Record<string, Lit>; c?: Record<string, Lit> } = {}): UpdateExecutor {
  return parsePipelineUpdate(stages.map(v), {
    collator: null,
    ...(opts.let ? { letVariables: d(opts.let) } : {}),
    ...(opts.c ? { constants: d(opts.c) } : {}),
  });
}

function run(stages: Lit[], doc: Record<string, Lit>, vars: Record<string, Lit> = {}) {
  const names = Object.keys(vars);
  const ex = parse(stages, names.length ? { let: vars } : {});
  return ex.apply(d(doc), { isUpsertInsert: false, immutablePaths: ['_id'], env: env(vars) });
}

describe('pipeline updates: $set / $addFields', () => {
  it('computes a field from others; existing fields keep their place, new ones append', () => {
    const r = run([{ $set: { total: { $add: ['$a', '$b'] }, a: i(0) } }], { _id: i(1), a: i(2), b: i(3) });
    expect(r.doc).toEqual(d({ _id: i(1), a: i(0), b: i(3), total: i(5) }));
    expect(r.noop).toBe(false);
    expect(r.modifiedPaths).toEqual(['a', 'total']);
  });
  it('the $v:2 entry is built once: every read of the oplog gets the same document', () => {
    const doc = { _id: i(1), a: i(2), b: i(3), c: 'long enough to diff' };
    const r = run([{ $set: { total: { $add: ['$a', '$b'] } } }], doc);
    expect(r.oplog!.get('$v')).toEqual(new Int32(2));
    expect(r.oplog).toBe(r.oplog);
    expect(r.oplogBuilder?.build()).toBe(r.oplog);
  });

  it('all expressions of a stage read the stage input; later stages see earlier results', () => {
    const r = run([{ $set: { a: i(10), b: '$a' } }, { $set: { c: '$a' } }], { _id: i(1), a: i(1) });
    expect(r.doc).toEqual(d({ _id: i(1), a: i(10), b: i(1), c: i(10) }));
  });
  it('dotted and nested specs merge into sub-documents and apply to each array element', () => {
    expect(run([{ $set: { 'x.y': i(1) } }], { _id: i(1), x: { z: i(2) } }).doc).toEqual(d({ _id: i(1), x: { z: i(2), y: i(1) } }));
    expect(run([{ $set: { x: { y: i(1) } } }], { _id: i(1), x: [{ z: i(2) }, i(5)] }).doc).toEqual(
      d({ _id: i(1), x: [{ z: i(2), y: i(1) }, { y: i(1) }] }),
    );
    expect(run([{ $set: { 'x.y': i(1) } }], { _id: i(1) }).doc).toEqual(d({ _id: i(1), x: { y: i(1) } }));
  });
  it('$$REMOVE removes a field', () => {
    expect(run([{ $set: { a: '$$REMOVE' } }], { _id: i(1), a: i(1), b: i(2) }).doc).toEqual(d({ _id: i(1), b: i(2) }));
  });
  it('a pipeline that reproduces the document is a no-op with no oplog entry', () => {
    const r = run([{ $set: { a: '$a' } }], { _id: i(1), a: i(1) });
    expect(r.noop).toBe(true);
    expect(r.oplog).toBeNull();
  });
  it('type change is a modification', () => {
    expect(run([{ $set: { a: 1 } }], { _id: i(1), a: i(1) }).noop).toBe(false);
  });
  it('reads let/c variables and $$NOW (one value for every document)', () => {
    const ex = parse([{ $set: { x: '$$v', t: '$$NOW' } }], { let: { v: i(7) } });
    const e = env({ v: i(7) });
    const r1 = ex.apply(d({ _id: i(1) }), { isUpsertInsert: false, immutablePaths: ['_id'], env: e });
    const r2 = ex.apply(d({ _id: i(2) }), { isUpsertInsert: false, immutablePaths: ['_id'], env: e });
    expect(r1.doc.get('x')).toEqual(i(7));
    expect(r1.doc.get('t')).toEqual(r2.doc.get('t'));
    expect(r1.doc.get('t')).toBe(e.now);
  });
  it('rejects unknown variables at parse time', () => {
    expect(err(() => parse([{ $set: { x: '$$nope' } }]))).toEqual({
      code: 17276,
      errmsg: 'Invalid $set :: caused by :: Use of undefined variable: nope',
    });
  });
  it('rejects bad specifications with the stage context', () => {
    expect(err(() => parse([{ $addFields: { a: { $foo: 1 } } }]))).toEqual({
      code: 168,
      errmsg: "Invalid $addFields :: caused by :: Unrecognized expression '$foo'",
    });
    expect(err(() => parse([{ $set: { a: i(1), 'a.b': i(2) } }])).code).toBe(40176);
    expect(err(() => parse([{ $set: i(1) }]))).toEqual({ code: 40272, errmsg: '$set specification stage must be an object, got int' });
  });
});

describe('pipeline updates: $project / $unset', () => {
  it('inclusion keeps _id and the document order, computed fields append', () => {
    const r = run([{ $project: { c: i(1), a: i(1), z: { $literal: i(9) } } }], { _id: i(1), a: i(1), b: i(2), c: i(3) });
    expect(r.doc).toEqual(d({ _id: i(1), a: i(1), c: i(3), z: i(9) }));
  });
  it('exclusion and $unset remove fields in place', () => {
    expect(run([{ $unset: ['a', 'c.d'] }], { _id: i(1), a: i(1), b: i(2), c: { d: i(1), e: i(2) } }).doc).toEqual(
      d({ _id: i(1), b: i(2), c: { e: i(2) } }),
    );
    expect(run([{ $project: { b: i(0) } }], { _id: i(1), a: i(1), b: i(2) }).doc).toEqual(d({ _id: i(1), a: i(1) }));
  });
  it('removing _id keeps the original _id', () => {
    const r = run([{ $unset: '_id' }], { _id: i(1), a: i(1) });
    expect(r.doc).toEqual(d({ _id: i(1), a: i(1) }));
  });
  it('rejects mixed projections and bad $unset', () => {
    expect(err(() => parse([{ $project: { a: i(1), b: i(0) } }]))).toEqual({
      code: 31254,
      errmsg: 'Invalid $project :: caused by :: Cannot do exclusion on field b in inclusion projection',
    });
    expect(err(() => parse([{ $unset: i(1) }])).code).toBe(31002);
    expect(err(() => parse([{ $unset: [] }])).code).toBe(31119);
    expect(err(() => parse([{ $unset: '' }]))).toEqual({
      code: 40352,
      errmsg: 'Invalid $unset :: caused by :: FieldPath cannot be constructed with empty string',
    });
    expect(err(() => parse([{ $unset: ['v', 'v'] }])).errmsg).toBe('Invalid $unset :: caused by :: Path collision at v');
    expect(err(() => parse([{ $unset: ['v', 'v.foo.bar'] }])).errmsg).toBe(
      'Invalid $unset :: caused by :: Path collision at v.foo.bar remaining portion foo.bar',
    );
    expect(err(() => parse([{ $unset: ['v.foo', 'v'] }])).errmsg).toBe('Invalid $unset :: caused by :: Path collision at v');
    expect(err(() => parse([{ $unset: 'v.' }])).code).toBe(40353);
    // Shapes checked by MongoDB's own integration suites (FerretDB compat tests).
    expect(err(() => parse([{ $project: {} }]))).toEqual({
      code: 51272,
      errmsg: 'Invalid $project :: caused by :: projection specification must have at least one field',
    });
    expect(err(() => parse([{ $project: { v: {} } }])).errmsg).toBe(
      'Invalid $project :: caused by :: An empty sub-projection is not a valid value. Found empty object at path',
    );
    expect(err(() => parse([{ $project: { 'v.$': true } }])).code).toBe(31324);
    expect(err(() => parse([{ $project: { 'v.$.foo': true } }])).code).toBe(31394);
    expect(err(() => parse([{ $project: { $v: true } }])).code).toBe(16410);
    expect(err(() => parse([{ $project: { v: { $type: i(42), $op: i(42) } } }])).code).toBe(16410);
    expect(err(() => parse([{ $project: { v: { $nope: 'foo' } } }]))).toEqual({
      code: 31325,
      errmsg: 'Invalid $project :: caused by :: Unknown expression $nope',
    });
    expect(err(() => parse([{ $project: { v: { $type: { $nope: 'foo' } } } }]))).toEqual({
      code: 168,
      errmsg: "Invalid $project :: caused by :: Unrecognized expression '$nope'",
    });
    expect(err(() => parse([{ $project: { sum: { $sum: '$$' } } }]))).toEqual({
      code: 9,
      errmsg: 'Invalid $project :: caused by :: empty variable names are not allowed',
    });
    expect(err(() => parse([{ $replaceRoot: 'x' }]))).toEqual({
      code: 40229,
      errmsg: 'expected an object as specification for $replaceRoot stage, got string',
    });
  });
});

describe('pipeline updates: $replaceRoot / $replaceWith and _id rules', () => {
  it('replaces the document, keeping the original _id when the new root has none', () => {
    const r = run([{ $replaceWith: { x: '$a' } }], { _id: i(1), a: i(5) });
    expect(r.doc).toEqual(d({ _id: i(1), x: i(5) }));
    const r2 = run([{ $replaceRoot: { newRoot: { b: i(1), _id: '$_id' } } }], { _id: i(1), a: i(5) });
    expect(r2.doc).toEqual(d({ _id: i(1), b: i(1) }));
  });
  it('fails when the new root is not an object', () => {
    expect(err(() => run([{ $replaceRoot: { newRoot: '$a' } }], { _id: i(1), a: i(5) }))).toEqual({
      code: 40228,
      errmsg: "'newRoot' expression  must evaluate to an object, but resulting value was: 5. Type of resulting value: 'int'. Input document: {_id: 1, a: 5}",
    });
  });
  it('fails when _id changes', () => {
    expect(err(() => run([{ $set: { _id: i(2) } }], { _id: i(1) }))).toEqual({
      code: 66,
      errmsg: "After applying the update, the (immutable) field '_id' was found to have been altered to _id: 2",
    });
    // 1 and 1.0 compare equal: allowed.
    expect(run([{ $set: { _id: 1 } }], { _id: i(1) }).doc.get('_id')).toBe(1);
  });
  it('rejects stages that are not allowed and unknown stages', () => {
    expect(err(() => parse([{ $match: { a: i(1) } }]))).toEqual({ code: 72, errmsg: '$match is not allowed to be used within an update' });
    expect(err(() => parse([{ $match: {} }, { $foo: {} }]))).toEqual({ code: 40324, errmsg: "Unrecognized pipeline stage name: '$foo'" });
    expect(err(() => parse([i(1) as Value]))).toEqual({ code: 14, errmsg: "Each element of the 'pipeline' array must be an object" });
  });
});

describe('pipeline updates: oplog', () => {
  const name = 'a long name that keeps the post-image well above it';
  it('E3: a big document gets a $v:2 delta that replays exactly', () => {
    const pre = { _id: i(1), name, arr: [i(1), i(2), i(3), i(4), i(5)], x: i(1) };
    const r = run([{ $set: { arr: { $slice: ['$arr', i(2)] } } }, { $unset: 'x' }], pre);
    expect(r.doc).toEqual(d({ _id: i(1), name, arr: [i(1), i(2)] }));
    expect(r.oplog).toEqual(d({ $v: new Int32(2), diff: { d: { x: false }, sarr: { a: true, l: i(2) } } }));
    expect(applyOplogDiff(d(pre), r.oplog!.get('diff') as Doc)).toEqual(r.doc);
  });
  it('E3: a tiny document gets a full replacement entry', () => {
    const r = run([{ $set: { arr: { $slice: ['$arr', i(2)] } } }, { $unset: 'x' }], { _id: i(1), arr: [i(1), i(2), i(3), i(4), i(5)], x: i(1) });
    expect(r.oplog).toEqual(d({ _id: i(1), arr: [i(1), i(2)] }));
  });
});
