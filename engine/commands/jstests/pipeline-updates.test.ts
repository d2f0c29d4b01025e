/**
 * Pipeline-style updates: every update helper sends a pipeline as such (replacement helpers
 * refuse one); `$set`/`$project`/`$unset`/`$replaceWith` run per document, multi or not, and
 * seed an upsert from the query; only the update stages are allowed (InvalidOptions, 72), an
 * aggregation stage is not an update operator (FailedToParse), `arrayFilters` are refused;
 * constants `c` are bound as variables without being evaluated, only for pipelines (51198);
 * `upsertSupplied` inserts `c.new` and needs `upsert` and a document `c.new` (FailedToParse);
 * explain reports the plan (IDHACK / COLLSCAN under UPDATE) and `nWouldModify` without writing.
 * From jstests/core/write/update/update_pipeline_shell_helpers.js and update_with_pipeline.js.
 */
import { describe, expect, it } from 'vitest';
import { stringifyEJSON } from '../../bson/ejson.js';
import type { Doc, Value } from '../../bson/values.js';
import { JsShell, x } from './shell-harness.js';

/** Document 1 after every helper of update_pipeline_shell_helpers.js, in the order they ran. */
const FIRST_AFTER_HELPERS =
  '"_id": 1, "a": 1, "b": 2, "update": true, "updateMulti": true, "updateOne": true, "updateMany": true, "bulkWriteUpdateOne": true, "bulkWriteUpdateMany": true, "unorderedBulkOpUpdateOne": true, "unorderedBulkOpUpdateMulti": true, "orderedBulkOpUpdateOne": true, "orderedBulkOpUpdateMulti": true';

describe('the shell helpers send pipelines (update_pipeline_shell_helpers.js)', () => {
  const sh = new JsShell();
  sh.value('db.p.insert({_id: 1, a: 1, b: 2}); db.p.insert({_id: 2, a: 2, b: 3})');

  it('update, updateOne, updateMany, bulkWrite and the legacy Bulk API', () => {
    sh.value('db.p.update({_id: 1}, [{$set: {update: true}}])');
    sh.value('db.p.update({}, [{$set: {updateMulti: true}}], {multi: true})');
    sh.value('db.p.updateOne({_id: 1}, [{$set: {updateOne: true}}])');
    sh.value('db.p.updateMany({}, [{$set: {updateMany: true}}])');
    expect(
      sh.ejson(
        'db.p.bulkWrite([{updateOne: {filter: {_id: 1}, update: [{$set: {bulkWriteUpdateOne: true}}]}}, {updateMany: {filter: {}, update: [{$set: {bulkWriteUpdateMany: true}}]}}])',
      ),
    ).toBe(
      x(
        '{"acknowledged": true, "insertedCount": 0, "insertedIds": {}, "matchedCount": 3, "modifiedCount": 3, "deletedCount": 0, "upsertedCount": 0, "upsertedIds": {}}',
      ),
    );
    // The legacy Bulk API sends the pipelines of find().updateOne() and find().update() as they are.
    sh.value(
      'const unorderedBulkOp = db.p.initializeUnorderedBulkOp(); const orderedBulkOp = db.p.initializeOrderedBulkOp()',
    );
    sh.value('unorderedBulkOp.find({_id: 1}).updateOne([{$set: {unorderedBulkOpUpdateOne: true}}])');
    sh.value('unorderedBulkOp.find({}).update([{$set: {unorderedBulkOpUpdateMulti: true}}])');
    sh.value('orderedBulkOp.find({_id: 1}).updateOne([{$set: {orderedBulkOpUpdateOne: true}}])');
    sh.value('orderedBulkOp.find({}).update([{$set: {orderedBulkOpUpdateMulti: true}}])');
    const bulkResult = x(
      '{"acknowledged": true, "insertedCount": 0, "insertedIds": {}, "matchedCount": 3, "modifiedCount": 3, "deletedCount": 0, "upsertedCount": 0, "upsertedIds": {}}',
    );
    expect(sh.ejson('unorderedBulkOp.execute()')).toBe(bulkResult);
    expect(sh.ejson('orderedBulkOp.execute()')).toBe(bulkResult);
    expect(sh.docs('p')).toBe(
      x(
        `[{${FIRST_AFTER_HELPERS}}, {"_id": 2, "a": 2, "b": 3, "updateMulti": true, "updateMany": true, "bulkWriteUpdateMany": true, "unorderedBulkOpUpdateMulti": true, "orderedBulkOpUpdateMulti": true}]`,
      ),
    );
  });

  it('findAndModify and findOneAndUpdate return the post-image', () => {
    const before = FIRST_AFTER_HELPERS;
    expect(sh.ejson('db.p.findAndModify({query: {_id: 1}, update: [{$set: {findAndModify: true}}], new: true})')).toBe(
      x(`{${before}, "findAndModify": true}`),
    );
    expect(
      sh.ejson('db.p.findOneAndUpdate({_id: 1}, [{$set: {findOneAndUpdate: true}}], {returnNewDocument: true})'),
    ).toBe(x(`{${before}, "findAndModify": true, "findOneAndUpdate": true}`));
  });

  const stageOf = (plan: Value | undefined, names: string[]): string[] => {
    const out: string[] = [];
    let node = plan as Doc | undefined;
    while (node instanceof Map) {
      out.push(String(node.get('stage')));
      node = node.get('inputStage') as Doc | undefined;
    }
    return out.filter((s) => names.includes(s));
  };

  it.each([
    ['{_id: 2}', 'IDHACK', 1],
    ['{a: 2}', 'COLLSCAN', 2],
  ])('explain of an update with query %s: UPDATE over %s, nWouldModify 1, nothing written', (query, scan, examined) => {
    const planner = sh.value(`db.p.explain("queryPlanner").update(${query}, [{$set: {y: 999}}])`) as Doc;
    const winning = (planner.get('queryPlanner') as Doc).get('winningPlan');
    expect(stageOf(winning, ['UPDATE', scan])).toEqual(['UPDATE', scan]);
    const stats = (sh.value(`db.p.explain("executionStats").update(${query}, [{$set: {y: 999}}])`) as Doc).get(
      'executionStats',
    ) as Doc;
    expect(stats.get('totalDocsExamined')).toEqual(sh.value(`NumberInt(${examined})`));
    const update = stats.get('executionStages') as Doc;
    expect(update.get('stage')).toBe('UPDATE');
    expect(stringifyEJSON(update.get('nWouldModify') as Value)).toBe(x('1'));
    expect(sh.value('db.p.find({y: 999}).count()')).toBe(0);
  });

  it.each([
    ['db.p.replaceOne({_id: 1}, [{$replaceWith: {}}])'],
    ['db.p.findOneAndReplace({_id: 1}, [{$replaceWith: {}}])'],
    ['db.p.bulkWrite([{replaceOne: {filter: {_id: 1}, replacement: [{$replaceWith: {}}]}}])'],
  ])('replacement helpers refuse a pipeline: %s', (script) => {
    const before = sh.docs('p');
    expect(sh.error(script).name).toBe('MongoInvalidArgumentError');
    expect(sh.docs('p')).toBe(before);
  });
});

const largeStr = 'x'.repeat(1000);

describe('pipeline updates run per document (update_with_pipeline.js)', () => {
  const sh = new JsShell();
  sh.value('db.update_with_pipeline.createIndex({x: 1}); db.update_with_pipeline.createIndex({"y.$**": 1})');

  function testUpdate(initial: string, update: string, expected: string, nModified: number): void {
    sh.command('{"delete": "update_with_pipeline", "deletes": [{"q": {}, "limit": 0}]}');
    sh.command(`{"insert": "update_with_pipeline", "documents": ${initial}}`);
    const reply = sh.command(`{"update": "update_with_pipeline", "updates": [${update}]}`);
    expect(stringifyEJSON(reply)).toBe(x(`{"n": ${nModified}, "nModified": ${nModified}, "ok": 1.0}`));
    expect(sh.docs('update_with_pipeline')).toBe(x(expected));
  }

  it.each([
    [
      `[{"_id": 1, "x": 1, "largeStr": "${largeStr}"}]`,
      '{"q": {"_id": 1}, "u": [{"$set": {"foo": 4}}]}',
      `[{"_id": 1, "x": 1, "largeStr": "${largeStr}", "foo": 4}]`,
      1,
    ],
    ['[{"_id": 1, "x": 1, "y": 1}]', '{"q": {"_id": 1}, "u": [{"$project": {"x": 1}}]}', '[{"_id": 1, "x": 1}]', 1],
    [
      `[{"_id": 1, "x": 1, "y": [{"z": 1, "foo": 1}], "largeStr": "${largeStr}"}]`,
      '{"q": {"_id": 1}, "u": [{"$unset": ["x", "y.z"]}]}',
      `[{"_id": 1, "y": [{"foo": 1}], "largeStr": "${largeStr}"}]`,
      1,
    ],
    [
      `[{"_id": 1, "x": 1, "t": {"u": {"v": 1}, "largeStr": "${largeStr}"}}]`,
      '{"q": {"_id": 1}, "u": [{"$replaceWith": "$t"}]}',
      `[{"_id": 1, "u": {"v": 1}, "largeStr": "${largeStr}"}]`,
      1,
    ],
    [
      `[{"_id": 1, "x": 1, "largeStr": "${largeStr}"}, {"_id": 2, "x": 1, "largeStr": "${largeStr}"}]`,
      '{"q": {"x": 1}, "u": [{"$set": {"bar": 4}}], "multi": true}',
      `[{"_id": 1, "x": 1, "largeStr": "${largeStr}", "bar": 4}, {"_id": 2, "x": 1, "largeStr": "${largeStr}", "bar": 4}]`,
      2,
    ],
    [
      '[{"_id": 1, "x": 1}, {"_id": 2, "x": 2}]',
      '{"q": {"_id": {"$in": [1, 2]}}, "u": [{"$set": {"bar": 4}}], "multi": false}',
      '[{"_id": 1, "x": 1, "bar": 4}, {"_id": 2, "x": 2}]',
      1,
    ],
    [
      '[{"_id": 1, "x": 1}]',
      '{"q": {"_id": 1}, "u": [{"$set": {"foo": "$$foo"}}], "c": {"foo": "bar"}}',
      '[{"_id": 1, "x": 1, "foo": "bar"}]',
      1,
    ],
    [
      '[{"_id": 1, "x": 1}]',
      '{"q": {"_id": 1}, "u": [{"$set": {"foo": "$$foo"}}], "c": {"foo": {"a": {"b": {"c": "bar"}}}}}',
      '[{"_id": 1, "x": 1, "foo": {"a": {"b": {"c": "bar"}}}}]',
      1,
    ],
    [
      '[{"_id": 1, "x": 1}]',
      '{"q": {"_id": 1}, "u": [{"$set": {"foo": {"$arrayElemAt": ["$$foo", 2]}}}], "c": {"foo": [1, 2, 3]}}',
      '[{"_id": 1, "x": 1, "foo": 3}]',
      1,
    ],
    [
      '[{"_id": 1, "x": 1}]',
      `{"q": {"_id": 1}, "u": [{"$set": {"foo": "$$largeStr"}}], "c": {"largeStr": "${largeStr}"}}`,
      `[{"_id": 1, "x": 1, "foo": "${largeStr}"}]`,
      1,
    ],
    [
      '[{"_id": 1, "x": 1}]',
      '{"q": {"_id": 1}, "u": [{"$set": {"foo": "$$foo"}}], "c": {"foo": "$x"}}',
      '[{"_id": 1, "x": 1, "foo": "$x"}]',
      1,
    ],
  ])('%#: %s with %s', (initial, update, expected, n) => {
    testUpdate(initial, update, expected, n);
  });

  it('an expression inside constants is a value, not evaluated', () => {
    const reply = sh.command(
      '{"update": "update_with_pipeline", "updates": [{"q": {"_id": 1}, "u": [{"$set": {"x": "$$foo"}}], "c": {"foo": {"$add": [1, 2]}}}]}',
    );
    expect(stringifyEJSON(reply)).toBe(x('{"n": 1, "nModified": 1, "ok": 1.0}'));
    expect(sh.ejson('db.update_with_pipeline.find({_id: 1}).toArray()')).toBe(
      x('[{"_id": 1, "x": {"$add": [1, 2]}, "foo": "$x"}]'),
    );
  });

  it.each([
    ['{"_id": 1, "x": 1}', '[{"$set": {"foo": 4}}]', '{"_id": 1, "x": 1, "foo": 4}'],
    ['{"_id": 1, "x": 1}', '[{"$project": {"x": 1}}]', '{"_id": 1, "x": 1}'],
    ['{"_id": 1, "x": 1}', '[{"$project": {"x": "foo"}}]', '{"_id": 1, "x": "foo"}'],
    ['{"_id": 1, "x": 1, "y": 1}', '[{"$unset": ["x"]}]', '{"_id": 1, "y": 1}'],
  ])('an upsert with query %s and pipeline %s inserts %s', (query, pipeline, expected) => {
    sh.command('{"delete": "update_with_pipeline", "deletes": [{"q": {}, "limit": 0}]}');
    const reply = sh.command(
      `{"update": "update_with_pipeline", "updates": [{"q": ${query}, "u": ${pipeline}, "upsert": true}]}`,
    );
    expect(stringifyEJSON(reply)).toBe(x('{"n": 1, "upserted": [{"index": 0, "_id": 1}], "nModified": 0, "ok": 1.0}'));
    expect(sh.docs('update_with_pipeline')).toBe(x(`[${expected}]`));
  });

  it('upsertSupplied inserts c.new with the _id from the query', () => {
    sh.command('{"delete": "update_with_pipeline", "deletes": [{"q": {}, "limit": 0}]}');
    sh.command(
      '{"update": "update_with_pipeline", "updates": [{"q": {"_id": "supplied_doc"}, "u": [{"$set": {"x": 1}}], "upsert": true, "upsertSupplied": true, "c": {"new": {"suppliedDoc": true}}}]}',
    );
    expect(sh.docs('update_with_pipeline')).toBe(x('[{"_id": "supplied_doc", "suppliedDoc": true}]'));
  });

  const NO_DOC = "the parameter 'upsertSupplied' is set to 'true', but no document was supplied";
  it.each([
    [
      '"upsert": false, "upsertSupplied": true, "c": {"new": {"suppliedDoc": true}}',
      "cannot specify 'upsertSupplied: true' for a non-upsert operation",
    ],
    ['"upsert": true, "upsertSupplied": true', NO_DOC],
    ['"upsert": true, "upsertSupplied": true, "c": {}', NO_DOC],
    ['"upsert": true, "upsertSupplied": true, "c": {"new": "string"}', NO_DOC],
  ])('upsertSupplied with %s is FailedToParse', (options, errmsg) => {
    const reply = sh.command(
      `{"update": "update_with_pipeline", "updates": [{"q": {"_id": "supplied_doc"}, "u": [{"$set": {"x": 1}}], ${options}}]}`,
    );
    expect(stringifyEJSON(reply)).toBe(
      x(
        `{"n": 0, "writeErrors": [{"index": 0, "code": 9, "errmsg": ${JSON.stringify(errmsg)}}], "nModified": 0, "ok": 1.0}`,
      ),
    );
  });

  it.each([
    '$match: {x: 1}',
    '$sort: {x: 1}',
    '$facet: {a: [{$match: {x: 1}}]}',
    '$bucket: {groupBy: "$a", boundaries: [0, 1], default: "foo", output: {count: {$sum: 1}}}',
    '$lookup: {from: "foo", as: "as", localField: "a", foreignField: "b"}',
    '$graphLookup: {from: "foo", startWith: "$a", connectFromField: "a", connectToField: "b", as: "as"}',
    '$indexStats: {}',
  ])('the stage {%s} is not allowed (InvalidOptions)', (stage) => {
    sh.value('db.update_with_pipeline.insert({x: 1, z: 1})');
    const name = stage.slice(0, stage.indexOf(':'));
    expect(sh.ejson(`db.update_with_pipeline.update({x: 1}, [{${stage}}])`)).toBe(
      x(
        `{"nMatched": 0, "nUpserted": 0, "nModified": 0, "writeError": {"code": 72, "errmsg": "${name} is not allowed to be used within an update"}}`,
      ),
    );
  });

  it('an aggregation stage outside a pipeline is an unknown modifier; arrayFilters are refused', () => {
    expect(sh.ejson('db.update_with_pipeline.update({_id: 1}, {$addFields: {x: 1}})')).toBe(
      x(
        '{"nMatched": 0, "nUpserted": 0, "nModified": 0, "writeError": {"code": 9, "errmsg": "Unknown modifier: $addFields. Expected a valid update modifier or pipeline-style update specified as an array"}}',
      ),
    );
    expect(
      sh.ejson('db.update_with_pipeline.update({_id: 1}, [{$set: {x: 1}}], {arrayFilters: [{x: {$eq: 1}}]})'),
    ).toBe(
      x(
        '{"nMatched": 0, "nUpserted": 0, "nModified": 0, "writeError": {"code": 9, "errmsg": "arrayFilters may not be specified for pipeline-style updates"}}',
      ),
    );
  });

  it.each([
    '{"q": {"_id": 1}, "u": {"x": "$$foo"}, "c": {"foo": "bar"}}',
    '{"q": {"_id": 1}, "u": {"$set": {"x": "$$foo"}}, "c": {"foo": "bar"}}',
    '{"q": {"_id": 1}, "u": {"$set": {"x": "1"}}, "c": {}}',
  ])('constants with a non-pipeline update fail with 51198: %s', (update) => {
    const reply = sh.command(`{"update": "update_with_pipeline", "updates": [${update}]}`);
    expect(stringifyEJSON(reply)).toBe(
      x(
        '{"n": 0, "writeErrors": [{"index": 0, "code": 51198, "errmsg": "Constant values may only be specified for pipeline updates"}], "nModified": 0, "ok": 1.0}',
      ),
    );
  });
});
