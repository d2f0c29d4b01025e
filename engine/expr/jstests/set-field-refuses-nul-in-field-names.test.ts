/**
 * Port of MongoDB's jstests/aggregation/expressions/expression_set_field_null_chars.js: a NUL in
 * $setField/$unsetField's `field` is refused with the code the jstest expects for each form
 * (9534700 for a constant name, 16411 for a field path, 4161106 for a non-constant expression),
 * through aggregate and an update pipeline (harness.ts), and through a find projection, an
 * aggregate ending in $out, findAndModify and bulkWrite. The $merge pipeline is not run: the
 * playground's aggregate has no $merge stage.
 */
import { describe, expect, it } from 'vitest';
import { collection, exprCode, find, replyError, runCommand, type Lit } from './harness.js';

/** Every form the jstest wraps a name in, with the code it expects (the classic engine's of the pair). */
function formsOf(field: string): [Lit, number][] {
  return [
    [field, 9534700],
    [{ $const: field }, 9534700],
    [{ $literal: field }, 9534700],
    [`$${field}`, 16411],
    [`$foo.${field}`, 16411],
    [`foo.${field}`, 9534700],
    [{ $const: `$${field}` }, 9534700],
    [{ $const: `$foo.${field}` }, 9534700],
    [{ $concat: [field] }, 4161106],
    [{ $toUpper: field }, 4161106],
    [{ $toLower: field }, 4161106],
  ];
}

describe('expression_set_field_null_chars.js', () => {
  const names = [
    '\x00a',
    'a\x00',
    '\x00',
    '\x00\x00\x00',
    'a\x00\x01\x08a',
    'a\x00\x02\x08b',
    'a\x00\x01\x18b',
    'a\x00\x01\x28c',
    'a\x00\x01\x03d\x00\xff\xff\xff\xff\x00\x08b',
  ];
  it('a NUL in the field name is refused with the code the jstest expects for each form', () => {
    const doc = { _id: 1, foo: 'bar' };
    for (const field of names) {
      const cases = formsOf(field);
      for (const [arg, code] of cases) {
        expect(exprCode({ $setField: { field: arg, input: {}, value: true } }, doc), JSON.stringify(arg)).toBe(code);
        expect(exprCode({ $unsetField: { field: arg, input: {} } }, doc), JSON.stringify(arg)).toBe(code);
      }
    }
  });
  it("the same codes through a find projection, aggregate with $out, findAndModify and bulkWrite (the jstest's other commands)", () => {
    const coll = collection([{ _id: 1, foo: 'bar' }]);
    for (const field of names) {
      const cases = formsOf(field);
      for (const [arg, code] of cases) {
        for (const expression of [
          { $setField: { field: arg, input: {}, value: true } },
          { $unsetField: { field: arg, input: {} } },
        ] as Lit[]) {
          const label = JSON.stringify(expression);
          const projection = runCommand({ find: coll, projection: { field: expression } });
          expect(replyError(projection)?.code, label).toBe(code);
          const out = runCommand({ aggregate: coll, pipeline: [{ $project: { field: expression } }, { $out: `${coll}-2` }], cursor: {} });
          expect(replyError(out)?.code, label).toBe(code);
          const fam = runCommand({ findAndModify: coll, query: { _id: 1 }, update: [{ $replaceWith: expression }] });
          expect(replyError(fam)?.code, label).toBe(code);
          const bulk = runCommand(
            {
              bulkWrite: 1,
              ops: [{ update: 0, filter: { _id: 1 }, updateMods: [{ $replaceWith: expression }] }],
              nsInfo: [{ ns: `jstests.${coll}` }],
            },
            true,
          );
          expect(bulk.get('ok'), label).toBe(1);
          const first = (
            (bulk.get('cursor') as Map<string, unknown>).get('firstBatch') as Array<Map<string, unknown>>
          )[0]!;
          expect(Number(String(first.get('code'))), label).toBe(code);
        }
      }
    }
    // Nothing was written, and $out created nothing.
    expect(find(coll, {}, {}).map((d) => [...d.keys()])).toEqual([['_id', 'foo']]);
    const listed = runCommand({ listCollections: 1, filter: { name: `${coll}-2` } }).get('cursor') as Map<string, unknown>;
    expect(listed.get('firstBatch')).toEqual([]);
  });
});
