import { describe, expect, test } from 'vitest';
import { parseEJSON } from '../bson/ejson.js';
import type { Doc } from '../bson/values.js';
import { traceStatement } from './trace-statement.js';
import type { WhyClause } from './types.js';

const docs = (t: string): Doc[] => parseEJSON(t) as Doc[];
const stmt = (t: string): Doc => parseEJSON(t) as Doc;
/** A clause tree reduced to text + verdict, to compare whole trees. */
const shape = (c: WhyClause): unknown => ({ text: c.text, verdict: c.verdict, children: c.children.map(shape) });

describe('Why trace: match', () => {
  const documents = docs(
    '[{"_id":1,"name":"Cafe","qty":3,"tags":[1,7]},{"_id":2,"name":"tea","qty":0,"tags":[2]},{"_id":3,"name":"x","qty":5,"tags":[2,6,10]}]',
  );
  const statement = stmt(
    '{"q":{"$or":[{"name":"café"},{"tags":{"$elemMatch":{"$gt":5,"$lt":9}}}],"qty":{"$gte":1}},"u":{"$inc":{"qty":1}},"collation":{"locale":"fr","strength":1},"multi":true}',
  );

  test('compound filter with $elemMatch, $or and a collation: the canonical tree with verdicts and values', () => {
    const t = traceStatement({ namespace: 't.c', documents, defaultCollator: null, statement, documentId: '1' });
    expect(t.collation).toBe('locale "fr", strength 1');
    expect(t.documents.map((d) => [d.id, d.matched])).toEqual([
      ['1', true],
      ['2', false],
      ['3', true],
    ]);
    const filter = t.document!.filter;
    // The server's canonical order: $or before the $gte clause, $elemMatch before the equality, $lt before $gt.
    expect(shape(filter)).toEqual({
      text: '$and: every clause must hold',
      verdict: true,
      children: [
        {
          text: '$or: some clause must hold',
          verdict: true,
          children: [
            {
              text: '{ tags: { $elemMatch: … } }: some element must match every clause below',
              verdict: true,
              children: [
                { text: 'element { $lt: 9 }', verdict: true, children: [] },
                { text: 'element { $gt: 5 }', verdict: true, children: [] },
              ],
            },
            { text: '{ name: { $eq: "café" } }', verdict: true, children: [] },
          ],
        },
        { text: '{ qty: { $gte: 1 } }', verdict: true, children: [] },
      ],
    });
    const [or, qty] = filter.children;
    const [elemMatch, name] = or!.children;
    expect(elemMatch!.values).toEqual(['tags: [ 1, 7 ]']);
    expect(elemMatch!.notes).toEqual(['element 1 (7) satisfies every clause']);
    expect(elemMatch!.children[0]!.values).toEqual(['element: 7']);
    expect(name!.values).toEqual(['name: "Cafe"']);
    expect(name!.notes).toEqual([
      'collation locale "fr", strength 1: "Cafe" = "café" (different bytes, equal under this collation)',
    ]);
    expect(qty!.values).toEqual(['qty: 3']);
    expect(t.document!.steps).toEqual([
      { operator: '$inc', field: 'qty', path: 'qty', before: '3', after: '4', changed: true },
    ]);
  });

  test('a document that did not match: the first failing clause, with its values', () => {
    const t = traceStatement({ namespace: 't.c', documents, defaultCollator: null, statement, documentId: '2' });
    expect(t.document!.matched).toBe(false);
    expect(t.document!.firstFailing!.text).toBe('$or: some clause must hold');
    expect(t.document!.steps).toEqual([]);
    expect(t.documents[1]!.firstFailing).toBe(
      '$or: some clause must hold; none held: { tags: { $elemMatch: … } }: some element must match every clause below, but tags: [ 2 ]; { name: { $eq: "café" } }, but name: "tea"',
    );
  });

  test('without the collation the accented name no longer matches: the verdict follows the engine', () => {
    const simple = stmt('{"q":{"name":"café"},"u":{"$set":{"a":1}}}');
    const t = traceStatement({
      namespace: 't.c',
      documents,
      defaultCollator: null,
      statement: simple,
      documentId: '1',
    });
    expect(t.document!.matched).toBe(false);
    expect(t.document!.firstFailing).toMatchObject({
      text: '{ name: { $eq: "café" } }',
      values: ['name: "Cafe"'],
      notes: [],
    });
  });

  test('positional $: the element the filter matched, and the step on it', () => {
    const t = traceStatement({
      namespace: 't.c',
      documents: docs('[{"_id":1,"grades":[80,85,90]}]'),
      defaultCollator: null,
      statement: stmt('{"q":{"grades":{"$gte":85}},"u":{"$set":{"grades.$":100}}}'),
      documentId: '1',
    });
    expect(t.document!.filter.notes).toEqual(['array element 1 satisfied it']);
    expect(t.document!.positional).toBe(
      'the positional $ takes array index 1 (the first array element the filter matched)',
    );
    expect(t.document!.steps).toEqual([
      { operator: '$set', field: 'grades.$', path: 'grades.1', before: '85', after: '100', changed: true },
    ]);
  });
});

describe('Why trace: update steps', () => {
  test('a no-op of each kind, in the server order (field names, not written order)', () => {
    const t = traceStatement({
      namespace: 't.c',
      documents: docs('[{"_id":1,"score":95,"tags":[1,7],"other":[1],"low":3,"high":9}]'),
      defaultCollator: null,
      statement: stmt(
        '{"q":{},"u":{"$set":{"score":95},"$addToSet":{"tags":7},"$pull":{"other":99},"$setOnInsert":{"n":1},"$unset":{"zz":""},"$max":{"high":5},"$min":{"low":8}}}',
      ),
      documentId: '1',
    });
    expect(t.document!.steps.map((s) => [s.operator, s.path, s.changed, s.reason])).toEqual([
      ['$max', 'high', false, 'already 9, not less than the new value'],
      ['$min', 'low', false, 'already 3, not greater than the new value'],
      ['$setOnInsert', 'n', false, '$setOnInsert: not an insert (it only applies when an upsert inserts)'],
      ['$pull', 'other', false, '$pull: no element matched'],
      ['$set', 'score', false, 'already 95'],
      ['$addToSet', 'tags', false, '$addToSet: element present'],
      ['$unset', 'zz', false, '$unset: the field is already missing'],
    ]);
    expect(t.document!.outcome).toBe('matched, unchanged: every modifier was a no-op');
  });

  test('updateOne: a later matching document is not visited', () => {
    const t = traceStatement({
      namespace: 't.c',
      documents: docs('[{"_id":1,"a":1},{"_id":2,"a":1}]'),
      defaultCollator: null,
      statement: stmt('{"q":{"a":1},"u":{"$inc":{"a":1}}}'),
      documentId: '2',
    });
    expect(t.document!.outcome).toBe('matched, but updateOne (multi: false) stops at the first matching document');
    expect(t.document!.steps).toEqual([]);
    expect(t.documents).toEqual([
      { id: '1', matched: true },
      {
        id: '2',
        matched: true,
        visited: false,
        notVisited: 'never visited: updateOne (multi: false) stops at the first matching document',
      },
    ]);
  });

  test('updateOne with sort: every match is examined, only the first in sort order is updated', () => {
    const documents = docs('[{"_id":1,"a":1},{"_id":2,"a":5},{"_id":3,"a":3},{"_id":4,"b":1}]');
    const statement = stmt('{"q":{"a":{"$gte":1}},"u":{"$inc":{"a":1}},"sort":{"a":-1}}');
    const t = traceStatement({ namespace: 't.c', documents, defaultCollator: null, statement, documentId: '2' });
    const away = 'not updated: updateOne with sort updates only the first match in sort order (_id 2)';
    expect(t.documents).toEqual([
      { id: '1', matched: true, visited: false, notVisited: away },
      { id: '2', matched: true },
      { id: '3', matched: true, visited: false, notVisited: away },
      { id: '4', matched: false, firstFailing: '{ a: { $gte: 1 } }, but a: missing' },
    ]);
    expect(t.document!.steps.map((s) => `${s.path}: ${s.before} → ${s.after}`)).toEqual(['a: 5 → 6']);
    const other = traceStatement({ namespace: 't.c', documents, defaultCollator: null, statement, documentId: '1' });
    expect(other.document!.outcome).toBe(away);
    expect(other.document!.steps).toEqual([]);
  });

  test('arrayFilters: a verdict per element', () => {
    const t = traceStatement({
      namespace: 't.c',
      documents: docs('[{"_id":1,"grades":[95,82,90]}]'),
      defaultCollator: null,
      statement: stmt('{"q":{},"u":{"$set":{"grades.$[g]":100}},"arrayFilters":[{"g":{"$gte":90}}]}'),
      documentId: '1',
    });
    expect(t.document!.arrayFilters).toEqual([
      { identifier: 'g', path: 'grades.0', value: '95', verdict: true, level: 0 },
      {
        identifier: 'g',
        path: 'grades.1',
        value: '82',
        verdict: false,
        level: 0,
        failing: '{ g: { $gte: 90 } }, but g: 82',
      },
      { identifier: 'g', path: 'grades.2', value: '90', verdict: true, level: 0 },
    ]);
    expect(t.document!.steps.map((s) => `${s.path}: ${s.before} → ${s.after}`)).toEqual([
      'grades.0: 95 → 100',
      'grades.2: 90 → 100',
    ]);
  });

  test('an upsert: why it inserted, and the steps that built the document', () => {
    const t = traceStatement({
      namespace: 't.c',
      documents: docs('[{"_id":1}]'),
      defaultCollator: null,
      statement: stmt('{"q":{"_id":5},"u":{"$set":{"a":1},"$setOnInsert":{"b":2}},"upsert":true}'),
    });
    expect(t.documents).toEqual([{ id: '1', matched: false, firstFailing: '{ _id: { $eq: 5 } }, but _id: 1' }]);
    expect(t.upsert).toEqual({
      reason:
        "no document matched the filter and upsert is true: the server inserts a new document (from the filter's equalities: _id)",
      steps: [
        { operator: '$set', field: 'a', path: 'a', before: 'missing', after: '1', changed: true },
        { operator: '$setOnInsert', field: 'b', path: 'b', before: 'missing', after: '2', changed: true },
      ],
    });
  });

  test('an update that cannot parse reports the error instead of a trace', () => {
    const t = traceStatement({
      namespace: 't.c',
      documents: docs('[{"_id":1}]'),
      defaultCollator: null,
      statement: stmt('{"q":{},"u":{"$set":{"a":1},"$inc":{"a":1}}}'),
    });
    expect(t.error).toBe("40: Updating the path 'a' would create a conflict at 'a'");
  });
});
