/** The Why trace beyond modifiers: nested array filters, $expr, pipelines, validators and where an update stops. */
import { describe, expect, test } from 'vitest';
import { parseEJSON } from '../bson/ejson.js';
import type { Doc } from '../bson/values.js';
import { traceStatement } from './trace-statement.js';

const docs = (t: string): Doc[] => parseEJSON(t) as Doc[];
const stmt = (t: string): Doc => parseEJSON(t) as Doc;

describe('Why trace: nested array filters', () => {
  test('two identifiers over nested arrays: verdicts per element at each level, inner ones only under matched outer elements', () => {
    const t = traceStatement({
      namespace: 't.c',
      documents: docs(
        '[{"_id":1,"classes":[{"name":"a","grades":[{"score":90},{"score":70}]},{"name":"b","grades":[{"score":95}]},{"name":"a","grades":[{"score":60},{"score":99}]}]}]',
      ),
      defaultCollator: null,
      statement: stmt(
        '{"q":{},"u":{"$set":{"classes.$[c].grades.$[g].top":true}},"arrayFilters":[{"c.name":"a"},{"g.score":{"$gte":85}}]}',
      ),
      documentId: '1',
    });
    expect(t.document!.arrayFilters).toEqual([
      {
        identifier: 'c',
        path: 'classes.0',
        value: '{ name: "a", grades: [ { score: 90 }, { score: 70 } ] }',
        verdict: true,
        level: 0,
      },
      { identifier: 'g', path: 'classes.0.grades.0', value: '{ score: 90 }', verdict: true, level: 1 },
      {
        identifier: 'g',
        path: 'classes.0.grades.1',
        value: '{ score: 70 }',
        verdict: false,
        level: 1,
        failing: '{ g.score: { $gte: 85 } }, but g.score: 70',
      },
      {
        identifier: 'c',
        path: 'classes.1',
        value: '{ name: "b", grades: [ { score: 95 } ] }',
        verdict: false,
        level: 0,
        failing: '{ c.name: { $eq: "a" } }, but c.name: "b"',
      },
      {
        identifier: 'c',
        path: 'classes.2',
        value: '{ name: "a", grades: [ { score: 60 }, { score: 99 } ] }',
        verdict: true,
        level: 0,
      },
      {
        identifier: 'g',
        path: 'classes.2.grades.0',
        value: '{ score: 60 }',
        verdict: false,
        level: 1,
        failing: '{ g.score: { $gte: 85 } }, but g.score: 60',
      },
      { identifier: 'g', path: 'classes.2.grades.1', value: '{ score: 99 }', verdict: true, level: 1 },
    ]);
    // classes.1.grades.0 (score 95) passes g but its class failed c: the server never descends there.
    expect(t.document!.steps.map((s) => `${s.path}: ${s.before} → ${s.after}`)).toEqual([
      'classes.0.grades.0.top: missing → true',
      'classes.2.grades.1.top: missing → true',
    ]);
    expect(t.document!.outcome).toBe('matched and modified: classes.0.grades.0.top, classes.2.grades.1.top');
  });
});

describe('Why trace: $expr', () => {
  test('the values of its operands, and the operator result', () => {
    const documents = docs(
      '[{"_id":1,"spent":450,"budget":400},{"_id":2,"spent":100,"budget":{"$numberDouble":"300.5"}}]',
    );
    const statement = stmt(
      '{"q":{"$expr":{"$gt":["$spent",{"$multiply":["$budget",1]}]}},"u":{"$set":{"over":true}},"multi":true}',
    );
    const t = traceStatement({ namespace: 't.c', documents, defaultCollator: null, statement, documentId: '1' });
    expect(t.document!.filter).toMatchObject({
      verdict: true,
      values: ['$spent: 450', '{ $multiply: [ "$budget", 1 ] }: 400', '$gt → true'],
    });
    expect(t.documents[1]!.firstFailing).toBe(
      '{ $expr: { $gt: [ "$spent", { $multiply: [ "$budget", 1 ] } ] } }, but $spent: 100, { $multiply: [ "$budget", 1 ] }: 300.5, $gt → false',
    );
  });
});

describe('Why trace: pipeline updates', () => {
  test('a pipeline of three stages: the document after each stage and the fields each changed', () => {
    const t = traceStatement({
      namespace: 't.c',
      documents: docs('[{"_id":1,"a":2,"b":3,"tmp":"x"}]'),
      defaultCollator: null,
      statement: stmt(
        '{"q":{"_id":1},"u":[{"$set":{"total":{"$add":["$a","$b"]}}},{"$unset":"tmp"},{"$set":{"double":{"$multiply":["$total",2]}}}]}',
      ),
      documentId: '1',
    });
    const d = t.document!;
    expect(d.steps).toEqual([]);
    expect(d.stages).toEqual([
      {
        stage: '$set',
        spec: '{ $set: { total: { $add: [ "$a", "$b" ] } } }',
        before: '{ _id: 1, a: 2, b: 3, tmp: "x" }',
        after: '{ _id: 1, a: 2, b: 3, tmp: "x", total: 5 }',
        changed: true,
        changes: [{ path: 'total', before: 'missing', after: '5' }],
      },
      {
        stage: '$unset',
        spec: '{ $unset: "tmp" }',
        before: '{ _id: 1, a: 2, b: 3, tmp: "x", total: 5 }',
        after: '{ _id: 1, a: 2, b: 3, total: 5 }',
        changed: true,
        changes: [{ path: 'tmp', before: '"x"', after: 'missing' }],
      },
      {
        stage: '$set',
        spec: '{ $set: { double: { $multiply: [ "$total", 2 ] } } }',
        before: '{ _id: 1, a: 2, b: 3, total: 5 }',
        after: '{ _id: 1, a: 2, b: 3, total: 5, double: 10 }',
        changed: true,
        changes: [{ path: 'double', before: 'missing', after: '10' }],
      },
    ]);
    expect(d.outcome).toBe('matched and modified: total, double, tmp');
  });

  test('a stage that fails stops there, and the update reports the error', () => {
    const t = traceStatement({
      namespace: 't.c',
      documents: docs('[{"_id":1,"a":"s"}]'),
      defaultCollator: null,
      statement: stmt('{"q":{},"u":[{"$set":{"b":1}},{"$set":{"c":{"$add":["$a",1]}}},{"$unset":"b"}]}'),
      documentId: '1',
    });
    expect(t.document!.stages!.map((s) => [s.stage, s.changed, s.error])).toEqual([
      ['$set', true, undefined],
      ['$set', false, '14: $add only supports numeric or date types, not string'],
    ]);
    expect(t.stoppedAt).toEqual({ id: '1', error: '14: $add only supports numeric or date types, not string' });
  });
});

describe('Why trace: validation and where the update stops', () => {
  const documents = docs('[{"_id":1,"qty":5},{"_id":2,"qty":1},{"_id":3,"qty":9},{"_id":4,"other":1}]');
  const validation = {
    validator: stmt('{"qty":{"$gte":0}}'),
    level: 'strict' as const,
    action: 'error' as const,
  };
  const statement = stmt('{"q":{"qty":{"$exists":true}},"u":{"$inc":{"qty":-3}},"multi":true}');

  test('multi: true: the validator refuses document 2 with the failing rule; documents after it are never visited', () => {
    const t = traceStatement({
      namespace: 't.c',
      documents,
      defaultCollator: null,
      statement,
      documentId: '2',
      validation,
    });
    const d = t.document!;
    expect(d.steps.map((s) => `${s.path}: ${s.before} → ${s.after}`)).toEqual(['qty: 1 → -2']);
    expect(d.validation).toMatchObject({
      passed: false,
      level: 'strict',
      action: 'error',
      outcome: '121: Document failed validation',
      failing: { text: '{ qty: { $gte: 0 } }', verdict: false, values: ['qty: -2'] },
    });
    expect(d.validation!.details).toContain('operatorName: "$gte"');
    expect(d.outcome).toBe('matched, but the write is refused: 121: Document failed validation');
    expect(t.stoppedAt).toEqual({ id: '2', error: '121: Document failed validation' });
    const never = 'never visited: the update stopped at the error on _id 2 (121: Document failed validation)';
    expect(t.documents).toEqual([
      { id: '1', matched: true },
      { id: '2', matched: true },
      { id: '3', matched: true, visited: false, notVisited: never },
      { id: '4', matched: false, visited: false, notVisited: never },
    ]);
    const earlier = traceStatement({
      namespace: 't.c',
      documents,
      defaultCollator: null,
      statement,
      documentId: '1',
      validation,
    });
    expect(earlier.document!.validation).toMatchObject({
      passed: true,
      outcome: 'the new document satisfies the validator',
    });
    expect(earlier.document!.outcome).toBe('matched and modified: qty');
    const later = traceStatement({
      namespace: 't.c',
      documents,
      defaultCollator: null,
      statement,
      documentId: '3',
      validation,
    });
    expect(later.document!.outcome).toBe(never);
    expect(later.document!.steps).toEqual([]);
  });

  test('validationAction "warn" and validationLevel "moderate" let the write go ahead, and say why', () => {
    const warn = traceStatement({
      namespace: 't.c',
      documents,
      defaultCollator: null,
      statement,
      documentId: '2',
      validation: { ...validation, action: 'warn' },
    });
    expect(warn.stoppedAt).toBeUndefined();
    expect(warn.document!.validation).toMatchObject({
      passed: false,
      outcome: 'validationAction "warn": the write goes ahead and the server logs a warning',
    });
    const moderate = traceStatement({
      namespace: 't.c',
      documents: docs('[{"_id":1,"qty":-1}]'),
      defaultCollator: null,
      statement,
      documentId: '1',
      validation: { ...validation, level: 'moderate' },
    });
    expect(moderate.document!.validation!.outcome).toBe(
      'validationLevel "moderate": the document already failed the validator before the update, so it is not checked',
    );
    expect(moderate.document!.outcome).toBe('matched and modified: qty');
  });
});
