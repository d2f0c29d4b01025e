/**
 * Fidelity audit: the manual's pipeline-update examples ("Updates with Aggregation Pipeline",
 * https://www.mongodb.com/docs/manual/tutorial/update-documents-with-aggregation-pipeline/, plus
 * the pipeline examples of db.collection.updateMany() and $currentDate), run through the real
 * command path (insert → update → find) and compared exactly as canonical Extended JSON.
 * `$$NOW` comes from the test engine's ManualClock (2024-01-01T00:00:00Z). Where the manual's
 * result listing cannot be right (fields the pipeline never sets, typos, reordered fields), the
 * test follows the server and says so.
 */
import { describe, expect, test } from 'vitest';
import { parseEJSON, parseEJSONDoc, stringifyEJSON } from '../bson/ejson.js';
import type { Doc, Value } from '../bson/values.js';
import { testEngine } from '../commands/testing.js';
import type { Engine } from '../engine.js';

const NOW = '{"$date": "2024-01-01T00:00:00Z"}';

function cmd(engine: Engine, text: string): Doc {
  return engine.runCommand('test', parseEJSONDoc(text));
}

function contents(engine: Engine, coll: string): string[] {
  const reply = cmd(engine, `{"find": "${coll}", "filter": {}}`);
  const cursor = reply.get('cursor');
  const batch: Value | undefined = cursor instanceof Map ? cursor.get('firstBatch') : undefined;
  if (!Array.isArray(batch)) throw new Error(`find failed: ${stringifyEJSON(reply)}`);
  return batch.map((d) => stringifyEJSON(d));
}

function canon(text: string): string {
  return stringifyEJSON(parseEJSON(text));
}

function canonList(text: string): string[] {
  const v = parseEJSON(text);
  if (!Array.isArray(v)) throw new Error('expected an array');
  return v.map((d) => stringifyEJSON(d));
}

/** Seeds `c`, runs one update statement, asserts the reply and the collection afterwards. */
function check(docs: string, stmt: string, reply: string, expected: string, extra = ''): Engine {
  const engine = testEngine();
  cmd(engine, `{"insert": "c", "documents": ${docs}}`);
  expect(stringifyEJSON(cmd(engine, `{"update": "c", "updates": [${stmt}]${extra}}`))).toBe(canon(reply));
  expect(contents(engine, 'c')).toEqual(canonList(expected));
  return engine;
}

describe('Updates with Aggregation Pipeline (tutorial page)', () => {
  test('Example 1: $set test3 and modified: "$$NOW"; the new field is appended', () => {
    check(
      `[{"_id": 1, "test1": 95, "test2": 92, "test3": 90, "modified": {"$date": "2020-01-05T00:00:00Z"}},
        {"_id": 2, "test1": 98, "test2": 100, "test3": 102, "modified": {"$date": "2020-01-05T00:00:00Z"}},
        {"_id": 3, "test1": 95, "test2": 110, "modified": {"$date": "2020-01-04T00:00:00Z"}}]`,
      `{"q": {"_id": 3}, "u": [{"$set": {"test3": 98, "modified": "$$NOW"}}]}`,
      '{"n": 1, "nModified": 1, "ok": 1.0}',
      `[{"_id": 1, "test1": 95, "test2": 92, "test3": 90, "modified": {"$date": "2020-01-05T00:00:00Z"}},
        {"_id": 2, "test1": 98, "test2": 100, "test3": 102, "modified": {"$date": "2020-01-05T00:00:00Z"}},
        {"_id": 3, "test1": 95, "test2": 110, "modified": ${NOW}, "test3": 98}]`,
    );
  });

  test('Example 2: $replaceRoot with $mergeObjects defaults standardizes the fields; _id is moved first', () => {
    check(
      `[{"_id": 1, "quiz1": 8, "test2": 100, "quiz2": 9, "modified": {"$date": "2020-01-05T00:00:00Z"}},
        {"_id": 2, "quiz2": 5, "test1": 80, "test2": 89, "modified": {"$date": "2020-01-05T00:00:00Z"}}]`,
      `{"q": {}, "u": [{"$replaceRoot": {"newRoot": {"$mergeObjects": [{"quiz1": 0, "quiz2": 0, "test1": 0, "test2": 0}, "$$ROOT"]}}},
        {"$set": {"modified": "$$NOW"}}], "multi": true}`,
      '{"n": 2, "nModified": 2, "ok": 1.0}',
      `[{"_id": 1, "quiz1": 8, "quiz2": 9, "test1": 0, "test2": 100, "modified": ${NOW}},
        {"_id": 2, "quiz1": 0, "quiz2": 5, "test1": 80, "test2": 89, "modified": ${NOW}}]`,
    );
  });

  test('Example 3: $trunc of $avg is a double; $switch on the new field of the previous stage', () => {
    // mongosh prints average as 92, 90, 75; they are doubles ($avg of ints is a double and
    // $trunc keeps the type).
    check(
      `[{"_id": 1, "tests": [95, 92, 90], "modified": {"$date": "2019-01-01T00:00:00Z"}},
        {"_id": 2, "tests": [94, 88, 90], "modified": {"$date": "2019-01-01T00:00:00Z"}},
        {"_id": 3, "tests": [70, 75, 82], "modified": {"$date": "2019-01-01T00:00:00Z"}}]`,
      `{"q": {}, "u": [{"$set": {"average": {"$trunc": [{"$avg": "$tests"}, 0]}, "modified": "$$NOW"}},
        {"$set": {"grade": {"$switch": {"branches": [
          {"case": {"$gte": ["$average", 90]}, "then": "A"}, {"case": {"$gte": ["$average", 80]}, "then": "B"},
          {"case": {"$gte": ["$average", 70]}, "then": "C"}, {"case": {"$gte": ["$average", 60]}, "then": "D"}],
          "default": "F"}}}}], "multi": true}`,
      '{"n": 3, "nModified": 3, "ok": 1.0}',
      `[{"_id": 1, "tests": [95, 92, 90], "modified": ${NOW}, "average": 92.0, "grade": "A"},
        {"_id": 2, "tests": [94, 88, 90], "modified": ${NOW}, "average": 90.0, "grade": "A"},
        {"_id": 3, "tests": [70, 75, 82], "modified": ${NOW}, "average": 75.0, "grade": "C"}]`,
    );
  });

  test('Example 4: $concatArrays appends to the array', () => {
    check(
      `[{"_id": 1, "quizzes": [4, 6, 7]}, {"_id": 2, "quizzes": [5]}, {"_id": 3, "quizzes": [10, 10, 10]}]`,
      `{"q": {"_id": 2}, "u": [{"$set": {"quizzes": {"$concatArrays": ["$quizzes", [8, 6]]}}}]}`,
      '{"n": 1, "nModified": 1, "ok": 1.0}',
      `[{"_id": 1, "quizzes": [4, 6, 7]}, {"_id": 2, "quizzes": [5, 8, 6]}, {"_id": 3, "quizzes": [10, 10, 10]}]`,
    );
  });

  test('Example 5: $addFields with $map converts Celsius to Fahrenheit (doubles)', () => {
    // 9/5 in mongosh is the double 1.8.
    check(
      `[{"_id": 1, "date": {"$date": "2019-06-23T00:00:00Z"}, "tempsC": [4, 12, 17]},
        {"_id": 2, "date": {"$date": "2019-07-07T00:00:00Z"}, "tempsC": [14, 24, 11]},
        {"_id": 3, "date": {"$date": "2019-10-30T00:00:00Z"}, "tempsC": [18, 6, 8]}]`,
      `{"q": {}, "u": [{"$addFields": {"tempsF": {"$map": {"input": "$tempsC", "as": "celsius",
        "in": {"$add": [{"$multiply": ["$$celsius", 1.8]}, 32]}}}}}], "multi": true}`,
      '{"n": 3, "nModified": 3, "ok": 1.0}',
      `[{"_id": 1, "date": {"$date": "2019-06-23T00:00:00Z"}, "tempsC": [4, 12, 17], "tempsF": [39.2, 53.6, 62.6]},
        {"_id": 2, "date": {"$date": "2019-07-07T00:00:00Z"}, "tempsC": [14, 24, 11], "tempsF": [57.2, 75.2, 51.8]},
        {"_id": 3, "date": {"$date": "2019-10-30T00:00:00Z"}, "tempsC": [18, 6, 8], "tempsF": [64.4, 42.8, 46.4]}]`,
    );
  });

  test('Example 6: let variables used in the filter ($expr) and in the pipeline', () => {
    check(
      `[{"_id": 1, "flavor": "chocolate"}, {"_id": 2, "flavor": "strawberry"}, {"_id": 3, "flavor": "cherry"}]`,
      `{"q": {"$expr": {"$eq": ["$flavor", "$$targetFlavor"]}}, "u": [{"$set": {"flavor": "$$newFlavor"}}]}`,
      '{"n": 1, "nModified": 1, "ok": 1.0}',
      `[{"_id": 1, "flavor": "chocolate"}, {"_id": 2, "flavor": "strawberry"}, {"_id": 3, "flavor": "orange"}]`,
      ', "let": {"targetFlavor": "cherry", "newFlavor": "orange"}',
    );
  });
});

describe('db.collection.updateMany() pipeline examples', () => {
  test('Example 1: Update with Aggregation Pipeline Using Existing Fields', () => {
    // The manual's listing shows a "status": "Modified" field that this pipeline never sets (it is
    // from the updateOne page's variant) and spells _id 2's field "students" in the input but
    // "student" in the output; the server keeps the document's own fields, updates lastUpdate in
    // place and appends comments.
    check(
      `[{"_id": 1, "student": "Skye", "points": 75, "commentsSemester1": "great at math", "commentsSemester2": "loses temper",
          "lastUpdate": {"$date": "2019-01-01T00:00:00Z"}},
        {"_id": 2, "student": "Elizabeth", "points": 60, "commentsSemester1": "well behaved", "commentsSemester2": "needs improvement",
          "lastUpdate": {"$date": "2019-01-01T00:00:00Z"}}]`,
      `{"q": {}, "u": [{"$set": {"comments": ["$commentsSemester1", "$commentsSemester2"], "lastUpdate": "$$NOW"}},
        {"$unset": ["commentsSemester1", "commentsSemester2"]}], "multi": true}`,
      '{"n": 2, "nModified": 2, "ok": 1.0}',
      `[{"_id": 1, "student": "Skye", "points": 75, "lastUpdate": ${NOW}, "comments": ["great at math", "loses temper"]},
        {"_id": 2, "student": "Elizabeth", "points": 60, "lastUpdate": ${NOW}, "comments": ["well behaved", "needs improvement"]}]`,
    );
  });

  test('updateOne variant: $set status and comments, then $unset the old fields', () => {
    // The updateOne page lists { _id, student, status, points, lastUpdate, comments }; the server
    // appends new fields, so status follows lastUpdate (server-facts §4.1; $set stage adds fields
    // at the end).
    check(
      `[{"_id": 1, "student": "Skye", "points": 75, "commentsSemester1": "great at math", "commentsSemester2": "loses temper",
          "lastUpdate": {"$date": "2019-01-01T00:00:00Z"}}]`,
      `{"q": {"_id": 1}, "u": [{"$set": {"status": "Modified", "comments": ["$commentsSemester1", "$commentsSemester2"]}},
        {"$unset": ["commentsSemester1", "commentsSemester2"]}]}`,
      '{"n": 1, "nModified": 1, "ok": 1.0}',
      `[{"_id": 1, "student": "Skye", "points": 75, "lastUpdate": {"$date": "2019-01-01T00:00:00Z"}, "status": "Modified",
          "comments": ["great at math", "loses temper"]}]`,
    );
  });

  test('Example 2: Update with Aggregation Pipeline Using Existing Fields Conditionally', () => {
    check(
      `[{"_id": 1, "tests": [95, 92, 90], "lastUpdate": {"$date": "2019-01-01T00:00:00Z"}},
        {"_id": 2, "tests": [94, 88, 90], "lastUpdate": {"$date": "2019-01-01T00:00:00Z"}},
        {"_id": 3, "tests": [70, 75, 82], "lastUpdate": {"$date": "2019-01-01T00:00:00Z"}}]`,
      `{"q": {}, "u": [{"$set": {"average": {"$trunc": [{"$avg": "$tests"}, 0]}, "lastUpdate": "$$NOW"}},
        {"$set": {"grade": {"$switch": {"branches": [
          {"case": {"$gte": ["$average", 90]}, "then": "A"}, {"case": {"$gte": ["$average", 80]}, "then": "B"},
          {"case": {"$gte": ["$average", 70]}, "then": "C"}, {"case": {"$gte": ["$average", 60]}, "then": "D"}],
          "default": "F"}}}}], "multi": true}`,
      '{"n": 3, "nModified": 3, "ok": 1.0}',
      `[{"_id": 1, "tests": [95, 92, 90], "lastUpdate": ${NOW}, "average": 92.0, "grade": "A"},
        {"_id": 2, "tests": [94, 88, 90], "lastUpdate": ${NOW}, "average": 90.0, "grade": "A"},
        {"_id": 3, "tests": [70, 75, 82], "lastUpdate": ${NOW}, "average": 75.0, "grade": "C"}]`,
    );
  });
});

describe('$currentDate page: Aggregation Alternative to $currentDate', () => {
  test('$$NOW and $$CLUSTER_TIME; cancellation is a new embedded document {date, reason}', () => {
    const engine = testEngine();
    cmd(
      engine,
      '{"insert": "c", "documents": [{"_id": 1, "status": "a", "lastModified": {"$date": "2013-10-02T01:11:18.965Z"}}]}',
    );
    const reply = cmd(
      engine,
      `{"update": "c", "updates": [{"q": {"_id": 1}, "u": [{"$set": {"lastModified": "$$NOW",
        "cancellation": {"date": "$$CLUSTER_TIME", "reason": "user request"}, "status": "D"}}]}]}`,
    );
    expect(stringifyEJSON(reply)).toBe(canon('{"n": 1, "nModified": 1, "ok": 1.0}'));
    const [doc] = contents(engine, 'c');
    expect((doc ?? '').replace(/\{"\$timestamp":\{"t":\d+,"i":\d+\}\}/g, 'TS')).toBe(
      canon(
        `{"_id": 1, "status": "D", "lastModified": ${NOW}, "cancellation": {"date": 0, "reason": "user request"}}`,
      ).replace('{"$numberInt":"0"}', 'TS'),
    );
  });
});

describe('db.collection.findAndModify() / update() pipeline examples', () => {
  test('findAndModify: Use an Aggregation Pipeline for Updates ($sum of grades.grade, new: true)', () => {
    const engine = testEngine();
    cmd(
      engine,
      `{"insert": "c", "documents": [
        {"_id": 1, "grades": [{"grade": 80, "mean": 75, "std": 6}, {"grade": 85, "mean": 90, "std": 4}, {"grade": 85, "mean": 85, "std": 6}]},
        {"_id": 2, "grades": [{"grade": 90, "mean": 75, "std": 6}, {"grade": 87, "mean": 90, "std": 3}, {"grade": 85, "mean": 85, "std": 4}]}]}`,
    );
    const reply = cmd(
      engine,
      '{"findAndModify": "c", "query": {"_id": 1}, "update": [{"$set": {"total": {"$sum": "$grades.grade"}}}], "new": true}',
    );
    expect(stringifyEJSON(reply)).toBe(
      canon(`{"lastErrorObject": {"n": 1, "updatedExisting": true}, "value": {"_id": 1, "grades": [
        {"grade": 80, "mean": 75, "std": 6}, {"grade": 85, "mean": 90, "std": 4}, {"grade": 85, "mean": 85, "std": 6}], "total": 250},
        "ok": 1.0}`),
    );
  });

  test('update(): Upsert using an Aggregation Pipeline (seed from the query, then $replaceRoot/$set)', () => {
    check(
      '[]',
      `{"q": {"item": "MRQ014", "ratings": [2, 5, 3]}, "u": [
        {"$replaceRoot": {"newRoot": {"$mergeObjects": [{"stock": 0}, "$$ROOT"]}}},
        {"$set": {"avgRating": {"$avg": "$ratings"}, "tags": ["fiction", "murder"], "lastModified": "$$NOW"}}], "upsert": true}`,
      '{"n": 1, "upserted": [{"index": 0, "_id": {"$oid": "000000000000000000000001"}}], "nModified": 0, "ok": 1.0}',
      `[{"_id": {"$oid": "000000000000000000000001"}, "stock": 0, "item": "MRQ014", "ratings": [2, 5, 3],
        "avgRating": 3.3333333333333335, "tags": ["fiction", "murder"], "lastModified": ${NOW}}]`,
    );
  });
});
