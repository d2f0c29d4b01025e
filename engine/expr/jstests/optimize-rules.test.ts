/**
 * The `optimize()` rules of `$switch`, `$cond` and the regex operators (expression.cpp), as
 * aggregate's pipeline optimization runs them before any document is read (an update's pipeline
 * is never optimized, so there every error waits for a document):
 * - `ExpressionSwitch::optimize`: the default first, then each case; a constant false case drops
 *   its branch without optimizing its `then`, a constant true one drops every later branch; no
 *   branch left and no default is 40069.
 * - `ExpressionCond::optimize`: every operand is optimized, then a constant `if` picks a branch.
 * - `ExpressionRegex::optimize`: a regex/options pair that is constant after optimization is
 *   compiled (51105-51111 fail there); the expression itself is never folded.
 */
import { describe, expect, it } from 'vitest';
import { BSONRegExp, isDoc, type Doc } from '../../bson/values.js';
import { testEngine } from '../../commands/testing.js';
import { v, type Lit } from './harness.js';

const engine = testEngine();
let counter = 0;
const run = (body: Lit): Doc => engine.runCommand('optrules', v(body) as Doc);
function coll(docs: Lit[]): string {
  const name = `c${++counter}`;
  if (docs.length > 0) run({ insert: name, documents: docs });
  else run({ create: name });
  return name;
}
function errorOf(reply: Doc): { code: number; errmsg: string } | null {
  const we = reply.get('writeErrors');
  const src = Array.isArray(we) && isDoc(we[0]) ? we[0] : reply;
  if (src === reply && Number(String(reply.get('ok'))) === 1) return null;
  return { code: Number(String(src.get('code'))), errmsg: String(src.get('errmsg')) };
}
const OPT = 'Failed to optimize pipeline :: caused by :: ';
/** aggregate over an empty collection: only what optimization raises can fail. */
const onEmpty = (expression: Lit) => errorOf(run({ aggregate: coll([]), pipeline: [{ $set: { r: expression } }], cursor: {} }));
/** An update pipeline over one document. */
const updateOne = (expression: Lit) => errorOf(run({ update: coll([{ _id: 0, a: 1 }]), updates: [{ q: {}, u: [{ $set: { r: expression } }] }] }));
const updateEmpty = (expression: Lit) => errorOf(run({ update: coll([]), updates: [{ q: {}, u: [{ $set: { r: expression } }] }] }));

describe('ExpressionSwitch::optimize', () => {
  it('every case constant false and no default: 40069 at optimize; an update only fails on a document, with 40066', () => {
    const sw = { $switch: { branches: [{ case: false, then: 1 }, { case: { $eq: [1, 2] }, then: 2 }] } };
    expect(onEmpty(sw)).toEqual({
      code: 40069,
      errmsg: `${OPT}Cannot execute a switch statement where all the cases evaluate to false without a default`,
    });
    expect(updateEmpty(sw)).toBeNull();
    expect(updateOne(sw)?.code).toBe(40066);
  });

  it("a constant false branch is dropped before its 'then' is optimized; a constant true one drops what follows", () => {
    const failing = { $divide: [1, 0] };
    expect(onEmpty({ $switch: { branches: [{ case: false, then: failing }, { case: '$a', then: 1 }], default: 2 } })).toBeNull();
    expect(onEmpty({ $switch: { branches: [{ case: true, then: 1 }, { case: '$a', then: failing }] } })).toBeNull();
    expect(onEmpty({ $switch: { branches: [{ case: '$a', then: 1 }, { case: 0, then: failing }] } })).toBeNull();
    // A branch kept (non-constant case) has its 'then' optimized, and the default always is.
    expect(onEmpty({ $switch: { branches: [{ case: '$a', then: failing }], default: 1 } })).toEqual({ code: 2, errmsg: `${OPT}can't $divide by zero` });
    expect(onEmpty({ $switch: { branches: [{ case: '$a', then: 1 }], default: failing } })).toEqual({ code: 2, errmsg: `${OPT}can't $divide by zero` });
    // The default is optimized before the branches: its error comes first.
    expect(onEmpty({ $switch: { branches: [{ case: '$a', then: { $toInt: 'x' } }], default: failing } })?.code).toBe(2);
  });
});

describe('ExpressionCond::optimize', () => {
  it('every operand is optimized before a constant if picks a branch', () => {
    expect(onEmpty({ $cond: [true, '$a', { $divide: [1, 0] }] })).toEqual({ code: 2, errmsg: `${OPT}can't $divide by zero` });
    expect(onEmpty({ $cond: { if: '$a', then: 1, else: { $toInt: 'x' } } })?.code).toBe(241);
    expect(updateEmpty({ $cond: [true, '$a', { $divide: [1, 0] }] })).toBeNull();
  });
});

describe('ExpressionRegex::optimize', () => {
  it('a constant invalid regex fails at optimize, even on an empty collection; an update waits for a document', () => {
    const bad = { $regexMatch: { input: '$a', regex: '(' } };
    const e = onEmpty(bad);
    expect(e?.code).toBe(51111);
    expect(e?.errmsg.startsWith(`${OPT}Invalid Regex in $regexMatch: `)).toBe(true);
    expect(updateEmpty(bad)).toBeNull();
    expect(updateOne(bad)?.code).toBe(51111);
    // Constant after optimization: a folded expression, a command constant.
    expect(onEmpty({ $regexFind: { input: '$a', regex: { $concat: ['(', 'a'] } } })?.code).toBe(51111);
    const withLet = run({ aggregate: coll([]), pipeline: [{ $set: { r: { $regexFindAll: { input: '$a', regex: '$$re' } } } }], let: { re: '[' }, cursor: {} });
    expect(errorOf(withLet)?.code).toBe(51111);
  });

  it("the regex and options checks (51105, 51106, 51107, 51108, 51110) run there too; a non-constant regex waits", () => {
    expect(onEmpty({ $regexMatch: { input: '$a', regex: 5 } })?.code).toBe(51105);
    expect(onEmpty({ $regexMatch: { input: '$a', regex: 'a', options: 5 } })?.code).toBe(51106);
    expect(onEmpty({ $regexMatch: { input: '$a', regex: { $literal: new BSONRegExp('a', 'i') }, options: 'm' } })?.code).toBe(51107);
    expect(onEmpty({ $regexMatch: { input: '$a', regex: 'a', options: 'z' } })?.code).toBe(51108);
    expect(onEmpty({ $regexMatch: { input: '$a', regex: 'a', options: 'i\0' } })?.code).toBe(51110);
    expect(onEmpty({ $regexMatch: { input: '$a', regex: '$a' } })).toBeNull();
  });

  it('the expression is never folded: a constant input of the wrong type fails only on a document (51104)', () => {
    const e = { $regexMatch: { input: 5, regex: 'a' } };
    expect(onEmpty(e)).toBeNull();
    expect(onEmpty({ $not: [e] })).toBeNull();
    expect(updateOne(e)?.code).toBe(51104);
    const found = run({ aggregate: coll([{ _id: 0 }]), pipeline: [{ $project: { _id: 0, r: { $regexFind: { input: 'xay', regex: 'a' } } } }], cursor: {} });
    expect(errorOf(found)).toBeNull();
  });

  it('in an optimized $expr filter the compile error fails the find before any document is read', () => {
    expect(errorOf(run({ find: coll([]), filter: { $expr: { $regexMatch: { input: '$a', regex: '(' } } } }))?.code).toBe(51111);
  });
});
