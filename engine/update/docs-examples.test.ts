/**
 * Fidelity audit: the worked examples of the MongoDB manual's update-operator pages
 * (https://www.mongodb.com/docs/manual/reference/operator/update/<page>/), run through the real
 * command path (insert → update → find) and compared exactly (field order and BSON types via
 * canonical Extended JSON). Inputs are typed as mongosh sends them: integral numbers are int32,
 * fractions are doubles. Where the manual's listing differs from the server (field order it
 * reorders, types it prints loosely), the test follows the server and says why.
 */
import { describe, expect, test } from 'vitest';
import { parseEJSON, parseEJSONDoc, stringifyEJSON } from '../bson/ejson.js';
import type { Doc, Value } from '../bson/values.js';
import { testEngine } from '../commands/testing.js';
import type { Engine } from '../engine.js';

const PREFIX = 'Plan executor error during update :: caused by :: ';

function cmd(engine: Engine, text: string): Doc {
  return engine.runCommand('test', parseEJSONDoc(text));
}

function field(doc: Doc, path: string): Value | undefined {
  let cur: Value | undefined = doc;
  for (const part of path.split('.')) cur = cur instanceof Map ? cur.get(part) : undefined;
  return cur;
}

/** The collection's documents in natural order, as canonical EJSON (one per element). */
function contents(engine: Engine, coll: string): string[] {
  const reply = cmd(engine, `{"find": "${coll}", "filter": {}}`);
  const batch = field(reply, 'cursor.firstBatch');
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

/**
 * Seeds `coll` with `docs`, runs one update statement (`stmt`: `{"q":…, "u":…, …}` text), checks
 * it had no write error and returns the reply.
 */
function example(docs: string, stmts: string | string[], coll = 'c'): { engine: Engine; replies: Doc[] } {
  const engine = testEngine();
  const ins = cmd(engine, `{"insert": "${coll}", "documents": ${docs}}`);
  expect(stringifyEJSON(ins)).not.toContain('writeErrors');
  const replies: Doc[] = [];
  for (const s of Array.isArray(stmts) ? stmts : [stmts]) {
    const reply = cmd(engine, `{"update": "${coll}", "updates": [${s}]}`);
    expect(stringifyEJSON(reply)).not.toContain('writeErrors');
    expect(reply.get('ok')).toBe(1);
    replies.push(reply);
  }
  return { engine, replies };
}

/** Runs `example` and asserts the collection afterwards equals `expected` (EJSON array text). */
function check(docs: string, stmts: string | string[], expected: string, coll = 'c'): Engine {
  const { engine } = example(docs, stmts, coll);
  expect(contents(engine, coll)).toEqual(canonList(expected));
  return engine;
}

describe('$set (manual: reference/operator/update/set)', () => {
  const products = `[{"_id": 100, "quantity": 250, "instock": true, "reorder": false,
    "details": {"model": "14QQ", "make": "Clothes Corp"}, "tags": ["apparel", "clothing"],
    "ratings": [{"by": "Customer007", "rating": 4}]}]`;
  test('Set Top-Level Fields', () => {
    check(
      products,
      `{"q": {"_id": 100}, "u": {"$set": {"quantity": 500, "details": {"model": "2600", "make": "Fashionaires"},
        "tags": ["coats", "outerwear", "clothing"]}}}`,
      `[{"_id": 100, "quantity": 500, "instock": true, "reorder": false,
        "details": {"model": "2600", "make": "Fashionaires"}, "tags": ["coats", "outerwear", "clothing"],
        "ratings": [{"by": "Customer007", "rating": 4}]}]`,
    );
  });
  test('Set Fields in Embedded Documents', () => {
    check(
      products,
      `{"q": {"_id": 100}, "u": {"$set": {"details.make": "Kustom Kidz"}}}`,
      `[{"_id": 100, "quantity": 250, "instock": true, "reorder": false,
        "details": {"model": "14QQ", "make": "Kustom Kidz"}, "tags": ["apparel", "clothing"],
        "ratings": [{"by": "Customer007", "rating": 4}]}]`,
    );
  });
  test('Set Elements in Arrays', () => {
    check(
      products,
      `{"q": {"_id": 100}, "u": {"$set": {"tags.1": "rain gear", "ratings.0.rating": 2}}}`,
      `[{"_id": 100, "quantity": 250, "instock": true, "reorder": false,
        "details": {"model": "14QQ", "make": "Clothes Corp"}, "tags": ["apparel", "rain gear"],
        "ratings": [{"by": "Customer007", "rating": 2}]}]`,
    );
  });
});

describe('$push (manual: reference/operator/update/push, each, position, slice, sort)', () => {
  test('push: Append a Value to an Array', () => {
    check(
      `[{"_id": 1, "scores": [44, 78, 38, 80]}]`,
      `{"q": {"_id": 1}, "u": {"$push": {"scores": 89}}}`,
      `[{"_id": 1, "scores": [44, 78, 38, 80, 89]}]`,
    );
  });
  test('push: Append a Value to Arrays in Multiple Documents', () => {
    check(
      `[{"_id": 1, "scores": [44, 78, 38, 80, 89]}, {"_id": 2, "scores": [45, 78, 38, 80, 89]},
        {"_id": 3, "scores": [46, 78, 38, 80, 89]}, {"_id": 4, "scores": [47, 78, 38, 80, 89]}]`,
      `{"q": {}, "u": {"$push": {"scores": 95}}, "multi": true}`,
      `[{"_id": 1, "scores": [44, 78, 38, 80, 89, 95]}, {"_id": 2, "scores": [45, 78, 38, 80, 89, 95]},
        {"_id": 3, "scores": [46, 78, 38, 80, 89, 95]}, {"_id": 4, "scores": [47, 78, 38, 80, 89, 95]}]`,
    );
  });
  test('push/each: Append Multiple Values to an Array', () => {
    check(
      `[{"_id": 1, "name": "joe", "scores": [44, 78, 38, 80, 89, 95]}]`,
      `{"q": {"name": "joe"}, "u": {"$push": {"scores": {"$each": [90, 92, 85]}}}}`,
      `[{"_id": 1, "name": "joe", "scores": [44, 78, 38, 80, 89, 95, 90, 92, 85]}]`,
    );
  });
  test('push: Use $push Operator with Multiple Modifiers ($each, $sort, $slice)', () => {
    check(
      `[{"_id": 5, "quizzes": [{"wk": 1, "score": 10}, {"wk": 2, "score": 8}, {"wk": 3, "score": 5}, {"wk": 4, "score": 6}]}]`,
      `{"q": {"_id": 5}, "u": {"$push": {"quizzes": {"$each": [{"wk": 5, "score": 8}, {"wk": 6, "score": 7}, {"wk": 7, "score": 6}],
        "$sort": {"score": -1}, "$slice": 3}}}}`,
      `[{"_id": 5, "quizzes": [{"wk": 1, "score": 10}, {"wk": 2, "score": 8}, {"wk": 5, "score": 8}]}]`,
    );
  });
  test('position: Add Elements at the Start of the Array', () => {
    check(
      `[{"_id": 1, "scores": [100]}]`,
      `{"q": {"_id": 1}, "u": {"$push": {"scores": {"$each": [50, 60, 70], "$position": 0}}}}`,
      `[{"_id": 1, "scores": [50, 60, 70, 100]}]`,
    );
  });
  test('position: Add Elements to the Middle of the Array', () => {
    check(
      `[{"_id": 1, "scores": [50, 60, 70, 100]}]`,
      `{"q": {"_id": 1}, "u": {"$push": {"scores": {"$each": [20, 30], "$position": 2}}}}`,
      `[{"_id": 1, "scores": [50, 60, 20, 30, 70, 100]}]`,
    );
  });
  test('position: Use a Negative Index to Add Elements to the Array', () => {
    check(
      `[{"_id": 1, "scores": [50, 60, 20, 30, 70, 100]}]`,
      `{"q": {"_id": 1}, "u": {"$push": {"scores": {"$each": [90, 80], "$position": -2}}}}`,
      `[{"_id": 1, "scores": [50, 60, 20, 30, 90, 80, 70, 100]}]`,
    );
  });
  test('slice: Slice from the End of the Array', () => {
    check(
      `[{"_id": 1, "scores": [40, 50, 60]}]`,
      `{"q": {"_id": 1}, "u": {"$push": {"scores": {"$each": [80, 78, 86], "$slice": -5}}}}`,
      `[{"_id": 1, "scores": [50, 60, 80, 78, 86]}]`,
    );
  });
  test('slice: Slice from the Front of the Array', () => {
    check(
      `[{"_id": 2, "scores": [89, 90]}]`,
      `{"q": {"_id": 2}, "u": {"$push": {"scores": {"$each": [100, 20], "$slice": 3}}}}`,
      `[{"_id": 2, "scores": [89, 90, 100]}]`,
    );
  });
  test('slice: Update Array Using Slice Only', () => {
    check(
      `[{"_id": 3, "scores": [89, 70, 100, 20]}]`,
      `{"q": {"_id": 3}, "u": {"$push": {"scores": {"$each": [], "$slice": -3}}}}`,
      `[{"_id": 3, "scores": [70, 100, 20]}]`,
    );
  });
  test('sort: Sort Array of Documents by a Field in the Documents', () => {
    check(
      `[{"_id": 1, "quizzes": [{"id": 1, "score": 6}, {"id": 2, "score": 9}]}]`,
      `{"q": {"_id": 1}, "u": {"$push": {"quizzes": {"$each": [{"id": 3, "score": 8}, {"id": 4, "score": 7}, {"id": 5, "score": 6}],
        "$sort": {"score": 1}}}}}`,
      `[{"_id": 1, "quizzes": [{"id": 1, "score": 6}, {"id": 5, "score": 6}, {"id": 4, "score": 7}, {"id": 3, "score": 8},
        {"id": 2, "score": 9}]}]`,
    );
  });
  test('sort: Sort Array Elements That Are Not Documents', () => {
    check(
      `[{"_id": 2, "tests": [89, 70, 89, 50]}]`,
      `{"q": {"_id": 2}, "u": {"$push": {"tests": {"$each": [40, 60], "$sort": 1}}}}`,
      `[{"_id": 2, "tests": [40, 50, 60, 70, 89, 89]}]`,
    );
  });
  test('sort: Update Array Using Sort Only', () => {
    check(
      `[{"_id": 3, "tests": [89, 70, 100, 20]}]`,
      `{"q": {"_id": 3}, "u": {"$push": {"tests": {"$each": [], "$sort": -1}}}}`,
      `[{"_id": 3, "tests": [100, 89, 70, 20]}]`,
    );
  });
});

describe('$pull (manual: reference/operator/update/pull)', () => {
  test('Remove All Items That Equal a Specified Value', () => {
    check(
      `[{"_id": 1, "fruits": ["apples", "pears", "oranges", "grapes", "bananas"], "vegetables": ["carrots", "celery", "squash", "carrots"]},
        {"_id": 2, "fruits": ["plums", "kiwis", "oranges", "bananas", "apples"], "vegetables": ["broccoli", "zucchini", "carrots", "onions"]}]`,
      `{"q": {}, "u": {"$pull": {"fruits": {"$in": ["apples", "oranges"]}, "vegetables": "carrots"}}, "multi": true}`,
      `[{"_id": 1, "fruits": ["pears", "grapes", "bananas"], "vegetables": ["celery", "squash"]},
        {"_id": 2, "fruits": ["plums", "kiwis", "bananas"], "vegetables": ["broccoli", "zucchini", "onions"]}]`,
    );
  });
  test('Remove All Items That Match a Specified $pull Condition', () => {
    check(
      `[{"_id": 1, "votes": [3, 5, 6, 7, 7, 8]}]`,
      `{"q": {"_id": 1}, "u": {"$pull": {"votes": {"$gte": 6}}}}`,
      `[{"_id": 1, "votes": [3, 5]}]`,
    );
  });
  const survey = `[{"_id": 1, "results": [{"item": "A", "score": 5}, {"item": "B", "score": 8, "comment": "Strongly agree"}]},
    {"_id": 2, "results": [{"item": "C", "score": 8, "comment": "Strongly agree"}, {"item": "B", "score": 4}]}]`;
  test('Remove Items from an Array of Documents', () => {
    check(
      survey,
      `{"q": {}, "u": {"$pull": {"results": {"score": 8, "item": "B"}}}, "multi": true}`,
      `[{"_id": 1, "results": [{"item": "A", "score": 5}]},
        {"_id": 2, "results": [{"item": "C", "score": 8, "comment": "Strongly agree"}, {"item": "B", "score": 4}]}]`,
    );
  });
  test('Remove Items from an Array of Documents: $elemMatch on the elements themselves pulls nothing', () => {
    const { engine, replies } = example(
      survey,
      `{"q": {}, "u": {"$pull": {"results": {"$elemMatch": {"score": 8, "item": "B"}}}}, "multi": true}`,
    );
    expect(stringifyEJSON(replies[0] as Doc)).toBe(canon('{"n": 2, "nModified": 0, "ok": 1.0}'));
    expect(contents(engine, 'c')).toEqual(canonList(survey));
  });
  test('Remove Documents from Nested Arrays ($elemMatch on answers)', () => {
    check(
      `[{"_id": 1, "results": [{"item": "A", "score": 5, "answers": [{"q": 1, "a": 4}, {"q": 2, "a": 6}]},
          {"item": "B", "score": 8, "answers": [{"q": 1, "a": 8}, {"q": 2, "a": 9}]}]},
        {"_id": 2, "results": [{"item": "C", "score": 8, "answers": [{"q": 1, "a": 8}, {"q": 2, "a": 7}]},
          {"item": "B", "score": 4, "answers": [{"q": 1, "a": 0}, {"q": 2, "a": 8}]}]}]`,
      `{"q": {}, "u": {"$pull": {"results": {"answers": {"$elemMatch": {"q": 2, "a": {"$gte": 8}}}}}}, "multi": true}`,
      `[{"_id": 1, "results": [{"item": "A", "score": 5, "answers": [{"q": 1, "a": 4}, {"q": 2, "a": 6}]}]},
        {"_id": 2, "results": [{"item": "C", "score": 8, "answers": [{"q": 1, "a": 8}, {"q": 2, "a": 7}]}]}]`,
    );
  });
});

describe('positional $ (manual: reference/operator/update/positional)', () => {
  test('Update Values in an Array', () => {
    check(
      `[{"_id": 1, "grades": [85, 80, 80]}, {"_id": 2, "grades": [88, 90, 92]}, {"_id": 3, "grades": [85, 100, 90]}]`,
      `{"q": {"_id": 1, "grades": 80}, "u": {"$set": {"grades.$": 82}}}`,
      `[{"_id": 1, "grades": [85, 82, 80]}, {"_id": 2, "grades": [88, 90, 92]}, {"_id": 3, "grades": [85, 100, 90]}]`,
    );
  });
  test('Update Documents in an Array', () => {
    check(
      `[{"_id": 4, "grades": [{"grade": 80, "mean": 75, "std": 8}, {"grade": 85, "mean": 90, "std": 5}, {"grade": 85, "mean": 85, "std": 8}]}]`,
      `{"q": {"_id": 4, "grades.grade": 85}, "u": {"$set": {"grades.$.std": 6}}}`,
      `[{"_id": 4, "grades": [{"grade": 80, "mean": 75, "std": 8}, {"grade": 85, "mean": 90, "std": 6}, {"grade": 85, "mean": 85, "std": 8}]}]`,
    );
  });
  test('Update Embedded Documents Using Multiple Field Matches', () => {
    check(
      `[{"_id": 5, "grades": [{"grade": 80, "mean": 75, "std": 8}, {"grade": 85, "mean": 90, "std": 5}, {"grade": 90, "mean": 85, "std": 3}]}]`,
      `{"q": {"_id": 5, "grades": {"$elemMatch": {"grade": {"$lte": 90}, "mean": {"$gt": 80}}}}, "u": {"$set": {"grades.$.std": 6}}}`,
      `[{"_id": 5, "grades": [{"grade": 80, "mean": 75, "std": 8}, {"grade": 85, "mean": 90, "std": 6}, {"grade": 90, "mean": 85, "std": 3}]}]`,
    );
  });
  // Update with Multiple Array Matches: the server normalizes the filter (AND children sorted by
  // match type, then path: activity_ids, deans_list, grades), so "grades" (index 1) is the last
  // array predicate to record the positional index (engine/query/normalize.ts).
  test('Update with Multiple Array Matches', () => {
    check(
      `[{"_id": 8, "activity_ids": [1, 2], "grades": [90, 95], "deans_list": [2021, 2020]}]`,
      `{"q": {"activity_ids": 1, "grades": 95, "deans_list": 2021}, "u": {"$set": {"deans_list.$": 2022}}}`,
      `[{"_id": 8, "activity_ids": [1, 2], "grades": [90, 95], "deans_list": [2021, 2022]}]`,
    );
  });
});

describe('$[] (manual: reference/operator/update/positional-all)', () => {
  const students = `[{"_id": 1, "grades": [85, 82, 80]}, {"_id": 2, "grades": [88, 90, 92]}, {"_id": 3, "grades": [85, 100, 90]}]`;
  test('Update All Elements in an Array', () => {
    check(
      students,
      `{"q": {}, "u": {"$inc": {"grades.$[]": 10}}, "multi": true}`,
      `[{"_id": 1, "grades": [95, 92, 90]}, {"_id": 2, "grades": [98, 100, 102]}, {"_id": 3, "grades": [95, 110, 100]}]`,
    );
  });
  test('Update All Documents in an Array', () => {
    check(
      `[{"_id": 1, "grades": [{"grade": 80, "mean": 75, "std": 8}, {"grade": 85, "mean": 90, "std": 6}, {"grade": 85, "mean": 85, "std": 8}]},
        {"_id": 2, "grades": [{"grade": 90, "mean": 75, "std": 8}, {"grade": 87, "mean": 90, "std": 5}, {"grade": 85, "mean": 85, "std": 6}]}]`,
      `{"q": {}, "u": {"$inc": {"grades.$[].std": -2}}, "multi": true}`,
      `[{"_id": 1, "grades": [{"grade": 80, "mean": 75, "std": 6}, {"grade": 85, "mean": 90, "std": 4}, {"grade": 85, "mean": 85, "std": 6}]},
        {"_id": 2, "grades": [{"grade": 90, "mean": 75, "std": 6}, {"grade": 87, "mean": 90, "std": 3}, {"grade": 85, "mean": 85, "std": 4}]}]`,
    );
  });
  test('Update Arrays Specified Using a Negation Query Operator', () => {
    check(
      students,
      `{"q": {"grades": {"$ne": 100}}, "u": {"$inc": {"grades.$[]": 10}}, "multi": true}`,
      `[{"_id": 1, "grades": [95, 92, 90]}, {"_id": 2, "grades": [98, 100, 102]}, {"_id": 3, "grades": [85, 100, 90]}]`,
    );
  });
  test('Update Nested Arrays in Conjunction with $[<identifier>]', () => {
    check(
      `[{"_id": 1, "grades": [{"type": "quiz", "questions": [10, 8, 5]}, {"type": "quiz", "questions": [8, 9, 6]},
        {"type": "hw", "questions": [5, 4, 3]}, {"type": "exam", "questions": [25, 10, 23, 0]}]}]`,
      `{"q": {}, "u": {"$inc": {"grades.$[].questions.$[score]": 2}}, "arrayFilters": [{"score": {"$gte": 8}}], "multi": true}`,
      `[{"_id": 1, "grades": [{"type": "quiz", "questions": [12, 10, 5]}, {"type": "quiz", "questions": [10, 11, 6]},
        {"type": "hw", "questions": [5, 4, 3]}, {"type": "exam", "questions": [27, 12, 25, 0]}]}]`,
    );
  });
  test('upsert: an exact equality match on the array lets $[] build the inserted document', () => {
    const { engine } = example('[]', `{"q": {"myArray": [5, 8]}, "u": {"$set": {"myArray.$[]": 10}}, "upsert": true}`);
    expect(contents(engine, 'c')).toEqual(
      canonList('[{"_id": {"$oid": "000000000000000000000001"}, "myArray": [10, 10]}]'),
    );
  });
});

describe('$[<identifier>] (manual: reference/operator/update/positional-filtered)', () => {
  test('Update All Array Elements That Match arrayFilters', () => {
    check(
      `[{"_id": 1, "grades": [95, 92, 90]}, {"_id": 2, "grades": [98, 100, 102]}, {"_id": 3, "grades": [95, 110, 100]}]`,
      `{"q": {}, "u": {"$set": {"grades.$[element]": 100}}, "multi": true, "arrayFilters": [{"element": {"$gte": 100}}]}`,
      `[{"_id": 1, "grades": [95, 92, 90]}, {"_id": 2, "grades": [98, 100, 100]}, {"_id": 3, "grades": [95, 100, 100]}]`,
    );
  });
  const students2 = `[{"_id": 1, "grades": [{"grade": 80, "mean": 75, "std": 6}, {"grade": 85, "mean": 90, "std": 4}, {"grade": 85, "mean": 85, "std": 6}]},
    {"_id": 2, "grades": [{"grade": 90, "mean": 75, "std": 6}, {"grade": 87, "mean": 90, "std": 3}, {"grade": 85, "mean": 85, "std": 4}]}]`;
  const afterMean = `[{"_id": 1, "grades": [{"grade": 80, "mean": 75, "std": 6}, {"grade": 85, "mean": 100, "std": 4}, {"grade": 85, "mean": 100, "std": 6}]},
    {"_id": 2, "grades": [{"grade": 90, "mean": 100, "std": 6}, {"grade": 87, "mean": 100, "std": 3}, {"grade": 85, "mean": 100, "std": 4}]}]`;
  test('Update All Documents That Match arrayFilters in an Array', () => {
    check(
      students2,
      `{"q": {}, "u": {"$set": {"grades.$[elem].mean": 100}}, "multi": true, "arrayFilters": [{"elem.grade": {"$gte": 85}}]}`,
      afterMean,
    );
  });
  test('Update All Array Elements that Match Multiple Conditions', () => {
    check(
      afterMean,
      `{"q": {}, "u": {"$inc": {"grades.$[elem].std": -1}}, "multi": true,
        "arrayFilters": [{"elem.grade": {"$gte": 80}, "elem.std": {"$gte": 5}}]}`,
      `[{"_id": 1, "grades": [{"grade": 80, "mean": 75, "std": 5}, {"grade": 85, "mean": 100, "std": 4}, {"grade": 85, "mean": 100, "std": 5}]},
        {"_id": 2, "grades": [{"grade": 90, "mean": 100, "std": 5}, {"grade": 87, "mean": 100, "std": 3}, {"grade": 85, "mean": 100, "std": 4}]}]`,
    );
  });
  test('Update Array Elements Using a Negation Operator (new field appended to the element)', () => {
    check(
      `[{"_id": 1, "name": "Christine Franklin", "degrees": [
          {"level": "Master", "major": "Biology", "completion_year": 2010, "faculty": "Science"},
          {"level": "Bachelor", "major": "Biology", "completion_year": 2008, "faculty": "Science"}],
          "school_email": "cfranklin@example.edu", "email": "christine@example.com"},
        {"_id": 2, "name": "Reyansh Sengupta", "degrees": [
          {"level": "Bachelor", "major": "Chemical Engineering", "completion_year": 2002, "faculty": "Engineering"}],
          "school_email": "rsengupta2@example.edu"}]`,
      `{"q": {}, "u": {"$set": {"degrees.$[degree].gradcampaign": 1}}, "multi": true,
        "arrayFilters": [{"degree.level": {"$ne": "Bachelor"}}]}`,
      `[{"_id": 1, "name": "Christine Franklin", "degrees": [
          {"level": "Master", "major": "Biology", "completion_year": 2010, "faculty": "Science", "gradcampaign": 1},
          {"level": "Bachelor", "major": "Biology", "completion_year": 2008, "faculty": "Science"}],
          "school_email": "cfranklin@example.edu", "email": "christine@example.com"},
        {"_id": 2, "name": "Reyansh Sengupta", "degrees": [
          {"level": "Bachelor", "major": "Chemical Engineering", "completion_year": 2002, "faculty": "Engineering"}],
          "school_email": "rsengupta2@example.edu"}]`,
    );
  });
  test('Update Nested Arrays in Conjunction with $[]: $[t] and $[score] together', () => {
    check(
      `[{"_id": 1, "grades": [{"type": "quiz", "questions": [10, 8, 5]}, {"type": "quiz", "questions": [8, 9, 6]},
        {"type": "hw", "questions": [5, 4, 3]}, {"type": "exam", "questions": [25, 10, 23, 0]}]}]`,
      `{"q": {}, "u": {"$inc": {"grades.$[t].questions.$[score]": 2}}, "multi": true,
        "arrayFilters": [{"t.type": "quiz"}, {"score": {"$gte": 8}}]}`,
      `[{"_id": 1, "grades": [{"type": "quiz", "questions": [12, 10, 5]}, {"type": "quiz", "questions": [10, 11, 6]},
        {"type": "hw", "questions": [5, 4, 3]}, {"type": "exam", "questions": [25, 10, 23, 0]}]}]`,
    );
  });
  test('upsert: an exact equality match on the array lets $[element] build the inserted document', () => {
    const { engine } = example(
      '[]',
      `{"q": {"myArray": [0, 1]}, "u": {"$set": {"myArray.$[element]": 2}}, "arrayFilters": [{"element": 0}], "upsert": true}`,
    );
    expect(contents(engine, 'c')).toEqual(
      canonList('[{"_id": {"$oid": "000000000000000000000001"}, "myArray": [2, 1]}]'),
    );
  });
  test('upsert without an equality match on the array fails with code 2', () => {
    const engine = testEngine();
    const reply = cmd(
      engine,
      `{"update": "c", "updates": [{"q": {}, "u": {"$set": {"myArray.$[element]": 10}}, "arrayFilters": [{"element": 9}], "upsert": true}]}`,
    );
    const err = (field(reply, 'writeErrors') as Doc[])[0] as Doc;
    expect(err.get('code')).toEqual(parseEJSON('2'));
    // 8.0 wraps write errors raised inside the plan executor; the manual quotes the bare message.
    expect(err.get('errmsg')).toBe(
      PREFIX + "The path 'myArray' must exist in the document in order to apply array updates.",
    );
  });
});

describe('$inc (manual: reference/operator/update/inc)', () => {
  test('Example: decrease quantity, increase metrics.orders; the double ratings is untouched', () => {
    check(
      `[{"_id": 1, "sku": "abc123", "quantity": 10, "metrics": {"orders": 2, "ratings": 3.5}}]`,
      `{"q": {"sku": "abc123"}, "u": {"$inc": {"quantity": -2, "metrics.orders": 1}}}`,
      `[{"_id": 1, "sku": "abc123", "quantity": 8, "metrics": {"orders": 3, "ratings": 3.5}}]`,
    );
  });
});

describe('$min / $max (manual: reference/operator/update/min, max)', () => {
  test('min: Use $min to Compare Numbers (update, then a no-op)', () => {
    const { engine, replies } = example(`[{"_id": 1, "highScore": 800, "lowScore": 200}]`, [
      `{"q": {"_id": 1}, "u": {"$min": {"lowScore": 150}}}`,
      `{"q": {"_id": 1}, "u": {"$min": {"lowScore": 250}}}`,
    ]);
    expect(stringifyEJSON(replies[1] as Doc)).toBe(canon('{"n": 1, "nModified": 0, "ok": 1.0}'));
    expect(contents(engine, 'c')).toEqual(canonList(`[{"_id": 1, "highScore": 800, "lowScore": 150}]`));
  });
  test('min: Use $min to Compare Dates', () => {
    check(
      `[{"_id": 1, "desc": "crafts", "dateEntered": {"$date": "2013-10-01T05:00:00Z"}, "dateExpired": {"$date": "2013-10-01T16:38:16Z"}}]`,
      `{"q": {"_id": 1}, "u": {"$min": {"dateEntered": {"$date": "2013-09-25T00:00:00Z"}}}}`,
      `[{"_id": 1, "desc": "crafts", "dateEntered": {"$date": "2013-09-25T00:00:00Z"}, "dateExpired": {"$date": "2013-10-01T16:38:16Z"}}]`,
    );
  });
  test('max: Use $max to Compare Numbers (update, then a no-op)', () => {
    const { engine, replies } = example(`[{"_id": 1, "highScore": 800, "lowScore": 200}]`, [
      `{"q": {"_id": 1}, "u": {"$max": {"highScore": 950}}}`,
      `{"q": {"_id": 1}, "u": {"$max": {"highScore": 870}}}`,
    ]);
    expect(stringifyEJSON(replies[1] as Doc)).toBe(canon('{"n": 1, "nModified": 0, "ok": 1.0}'));
    expect(contents(engine, 'c')).toEqual(canonList(`[{"_id": 1, "highScore": 950, "lowScore": 200}]`));
  });
  test('max: Use $max to Compare Dates (no change; the manual\'s result listing shows desc "decorative arts", a typo)', () => {
    const doc = `[{"_id": 1, "desc": "crafts", "dateEntered": {"$date": "2013-10-01T05:00:00Z"}, "dateExpired": {"$date": "2013-10-01T16:38:16.163Z"}}]`;
    const { engine, replies } = example(
      doc,
      `{"q": {"_id": 1}, "u": {"$max": {"dateExpired": {"$date": "2013-09-30T00:00:00Z"}}}}`,
    );
    expect(stringifyEJSON(replies[0] as Doc)).toBe(canon('{"n": 1, "nModified": 0, "ok": 1.0}'));
    expect(contents(engine, 'c')).toEqual(canonList(doc));
  });
});

describe('$mul (manual: reference/operator/update/mul)', () => {
  test('Multiply the Value of a Field (Decimal128 and int32)', () => {
    check(
      `[{"_id": 1, "item": "Hats", "price": {"$numberDecimal": "10.99"}, "quantity": 25}]`,
      `{"q": {"_id": 1}, "u": {"$mul": {"price": {"$numberDecimal": "1.25"}, "quantity": 2}}}`,
      `[{"_id": 1, "item": "Hats", "price": {"$numberDecimal": "13.7375"}, "quantity": 50}]`,
    );
  });
  test('Apply $mul Operator to a Non-existing Field: 0 of the multiplier type (long)', () => {
    check(
      `[{"_id": 2, "item": "Unknown"}]`,
      `{"q": {"_id": 2}, "u": {"$mul": {"price": {"$numberLong": "100"}}}}`,
      `[{"_id": 2, "item": "Unknown", "price": {"$numberLong": "0"}}]`,
    );
  });
  test('Multiply Mixed Numeric Types: long × int → long', () => {
    check(
      `[{"_id": 3, "item": "Scarf", "price": {"$numberLong": "10"}}]`,
      `{"q": {"_id": 3}, "u": {"$mul": {"price": {"$numberInt": "5"}}}}`,
      `[{"_id": 3, "item": "Scarf", "price": {"$numberLong": "50"}}]`,
    );
  });
});

describe('$bit (manual: reference/operator/update/bit)', () => {
  test('Bitwise AND: int32 13 and int32 10 → int32 8', () => {
    check(
      `[{"_id": 1, "expdata": 13}]`,
      `{"q": {"_id": 1}, "u": {"$bit": {"expdata": {"and": 10}}}}`,
      `[{"_id": 1, "expdata": 8}]`,
    );
  });
  test('Bitwise OR: long 3 or int32 5 → long 7', () => {
    check(
      `[{"_id": 2, "expdata": {"$numberLong": "3"}}]`,
      `{"q": {"_id": 2}, "u": {"$bit": {"expdata": {"or": 5}}}}`,
      `[{"_id": 2, "expdata": {"$numberLong": "7"}}]`,
    );
  });
  test('Bitwise XOR: long 1 xor int32 5 → long 4', () => {
    check(
      `[{"_id": 3, "expdata": {"$numberLong": "1"}}]`,
      `{"q": {"_id": 3}, "u": {"$bit": {"expdata": {"xor": 5}}}}`,
      `[{"_id": 3, "expdata": {"$numberLong": "4"}}]`,
    );
  });
});

describe('$rename (manual: reference/operator/update/rename)', () => {
  const students = `[{"_id": 1, "alias": ["The American Cincinnatus", "The American Fabius"], "mobile": "555-555-5555",
      "nmae": {"first": "george", "last": "washington"}},
    {"_id": 2, "alias": ["My dearest friend"], "mobile": "222-222-2222", "nmae": {"first": "abigail", "last": "adams"}},
    {"_id": 3, "alias": ["Amazing grace"], "mobile": "111-111-1111", "nmae": {"first": "grace", "last": "hopper"}}]`;
  const renamed = students.replace(/nmae/g, 'name');
  test('Rename a Field', () => {
    check(students, `{"q": {}, "u": {"$rename": {"nmae": "name"}}, "multi": true}`, renamed);
  });
  test('Rename a Field in an Embedded Document: the new name is appended (server order, not the manual listing)', () => {
    // The manual lists { fname: "george", last: "washington" }; the server sets the destination
    // (a new field, appended to its parent) and then removes the source (server-facts §4.1), so
    // "fname" comes after "last".
    const engine = check(
      renamed,
      `{"q": {"_id": 1}, "u": {"$rename": {"name.first": "name.fname"}}}`,
      `[{"_id": 1, "alias": ["The American Cincinnatus", "The American Fabius"], "mobile": "555-555-5555",
          "name": {"last": "washington", "fname": "george"}},
        {"_id": 2, "alias": ["My dearest friend"], "mobile": "222-222-2222", "name": {"first": "abigail", "last": "adams"}},
        {"_id": 3, "alias": ["Amazing grace"], "mobile": "111-111-1111", "name": {"first": "grace", "last": "hopper"}}]`,
    );
    // Rename a Field That Does Not Exist: no-op.
    const reply = cmd(engine, `{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$rename": {"wife": "spouse"}}}]}`);
    expect(stringifyEJSON(reply)).toBe(canon('{"n": 1, "nModified": 0, "ok": 1.0}'));
  });
});

describe('$setOnInsert (manual: reference/operator/update/setOnInsert)', () => {
  test('Example: upsert inserts; new fields are created in path order (defaultQty before item)', () => {
    // The manual lists { _id: 1, item: "apple", defaultQty: 100 }. Since 5.0 the server applies
    // update fields in lexicographic path order and appends new fields (server-facts §4.1), so
    // "defaultQty" is created before "item".
    const { engine, replies } = example(
      '[]',
      `{"q": {"_id": 1}, "u": {"$set": {"item": "apple"}, "$setOnInsert": {"defaultQty": 100}}, "upsert": true}`,
    );
    expect(stringifyEJSON(replies[0] as Doc)).toBe(
      canon('{"n": 1, "upserted": [{"index": 0, "_id": 1}], "nModified": 0, "ok": 1.0}'),
    );
    expect(contents(engine, 'c')).toEqual(canonList(`[{"_id": 1, "defaultQty": 100, "item": "apple"}]`));
    // When the upsert matches, only $set applies.
    const again = cmd(
      engine,
      `{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$set": {"item": "pear"}, "$setOnInsert": {"defaultQty": 5}}, "upsert": true}]}`,
    );
    expect(stringifyEJSON(again)).toBe(canon('{"n": 1, "nModified": 1, "ok": 1.0}'));
    expect(contents(engine, 'c')).toEqual(canonList(`[{"_id": 1, "defaultQty": 100, "item": "pear"}]`));
  });
});

describe('$currentDate (manual: reference/operator/update/currentDate)', () => {
  test('Example: a Date for true, a Timestamp for {$type: "timestamp"}; cancellation is created with date then reason', () => {
    const { engine } = example(
      `[{"_id": 1, "status": "a", "lastModified": {"$date": "2013-10-02T01:11:18.965Z"}}]`,
      `{"q": {"_id": 1}, "u": {"$currentDate": {"lastModified": true, "cancellation.date": {"$type": "timestamp"}},
        "$set": {"cancellation.reason": "user request", "status": "D"}}}`,
    );
    const [doc] = contents(engine, 'c');
    // $currentDate reads the engine clock (the test engine's ManualClock: 2024-01-01T00:00:00Z);
    // the Timestamp's increment depends on how many cluster times were handed out before.
    const shape = (doc ?? '').replace(/"i":\d+\}/, '"i":I}');
    expect(shape).toBe(
      '{"_id":{"$numberInt":"1"},"status":"D","lastModified":{"$date":{"$numberLong":"1704067200000"}},' +
        '"cancellation":{"date":{"$timestamp":{"t":1704067200,"i":I}},"reason":"user request"}}',
    );
    expect(doc).not.toContain('2013-10-02');
  });
});

describe('$unset, $pop, $pullAll, $addToSet, $each (manual: unset, pop, pullAll, addToSet, each)', () => {
  test('unset: Example (updateOne on the first sku "unknown")', () => {
    check(
      `[{"item": "chisel", "sku": "C001", "quantity": 4, "instock": true},
        {"item": "hammer", "sku": "unknown", "quantity": 3, "instock": true},
        {"item": "nails", "sku": "unknown", "quantity": 100, "instock": true}]`,
      `{"q": {"sku": "unknown"}, "u": {"$unset": {"quantity": "", "instock": ""}}}`,
      `[{"_id": {"$oid": "000000000000000000000001"}, "item": "chisel", "sku": "C001", "quantity": 4, "instock": true},
        {"_id": {"$oid": "000000000000000000000002"}, "item": "hammer", "sku": "unknown"},
        {"_id": {"$oid": "000000000000000000000003"}, "item": "nails", "sku": "unknown", "quantity": 100, "instock": true}]`,
    );
  });
  test('pop: Remove the First Item of an Array', () => {
    check(
      `[{"_id": 1, "scores": [8, 9, 10]}]`,
      `{"q": {"_id": 1}, "u": {"$pop": {"scores": -1}}}`,
      `[{"_id": 1, "scores": [9, 10]}]`,
    );
  });
  test('pop: Remove the Last Item of an Array', () => {
    check(
      `[{"_id": 10, "scores": [9, 10]}]`,
      `{"q": {"_id": 10}, "u": {"$pop": {"scores": 1}}}`,
      `[{"_id": 10, "scores": [9]}]`,
    );
  });
  test('pullAll: Example (8.0 page: [0, 2, 5, 5, 1, 0] minus [0, 5])', () => {
    check(
      `[{"_id": 1, "scores": [0, 2, 5, 5, 1, 0]}]`,
      `{"q": {"_id": 1}, "u": {"$pullAll": {"scores": [0, 5]}}}`,
      `[{"_id": 1, "scores": [2, 1]}]`,
    );
  });
  test('pullAll: Example', () => {
    check(
      `[{"_id": 0, "scores": [0, 5, 5, 1, 0]}]`,
      `{"q": {"_id": 0}, "u": {"$pullAll": {"scores": [0, 5]}}}`,
      `[{"_id": 0, "scores": [1]}]`,
    );
  });
  test('addToSet: Value to Add is An Array (appended as one element)', () => {
    check(
      `[{"_id": 1, "letters": ["a", "b"]}]`,
      `{"q": {"_id": 1}, "u": {"$addToSet": {"letters": ["c", "d"]}}}`,
      `[{"_id": 1, "letters": ["a", "b", ["c", "d"]]}]`,
    );
  });
  test('addToSet: Field is Not an Array fails with code 2', () => {
    const engine = testEngine();
    cmd(engine, `{"insert": "c", "documents": [{"_id": 1, "colors": "blue,green,red"}]}`);
    const reply = cmd(
      engine,
      `{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$addToSet": {"colors": "mauve"}}}]}`,
    );
    const err = (field(reply, 'writeErrors') as Doc[])[0] as Doc;
    expect(err.get('code')).toEqual(parseEJSON('2'));
    expect(err.get('errmsg')).toBe(
      PREFIX + "Cannot apply $addToSet to non-array field. Field named 'colors' has non-array type string",
    );
  });
  test('addToSet: Add to Array, then Value Already Exists (no-op)', () => {
    const { engine, replies } = example(
      `[{"_id": 1, "item": "polarizing_filter", "tags": ["electronics", "camera"]}]`,
      [
        `{"q": {"_id": 1}, "u": {"$addToSet": {"tags": "accessories"}}}`,
        `{"q": {"_id": 1}, "u": {"$addToSet": {"tags": "camera"}}}`,
      ],
    );
    expect(stringifyEJSON(replies[1] as Doc)).toBe(canon('{"n": 1, "nModified": 0, "ok": 1.0}'));
    expect(contents(engine, 'c')).toEqual(
      canonList(`[{"_id": 1, "item": "polarizing_filter", "tags": ["electronics", "camera", "accessories"]}]`),
    );
  });
  test('addToSet/each: Use $each with $addToSet', () => {
    check(
      `[{"_id": 2, "item": "cable", "tags": ["electronics", "supplies"]}]`,
      `{"q": {"_id": 2}, "u": {"$addToSet": {"tags": {"$each": ["camera", "electronics", "accessories"]}}}}`,
      `[{"_id": 2, "item": "cable", "tags": ["electronics", "supplies", "camera", "accessories"]}]`,
    );
  });
});

describe('Behaviour sections with stated outcomes (positional, positional-all pages)', () => {
  function writeError(stmt: string, docs = '[]'): { code: Value | undefined; errmsg: Value | undefined } {
    const engine = testEngine();
    if (docs !== '[]') cmd(engine, `{"insert": "c", "documents": ${docs}}`);
    const reply = cmd(engine, `{"update": "c", "updates": [${stmt}]}`);
    const err = (field(reply, 'writeErrors') as Doc[] | undefined)?.[0];
    return { code: err?.get('code'), errmsg: err?.get('errmsg') };
  }
  test('positional-all upsert: no equality match on the array → code 2 (empty filter, and a scalar equality)', () => {
    expect(writeError(`{"q": {}, "u": {"$set": {"myArray.$[]": 10}}, "upsert": true}`)).toEqual({
      code: parseEJSON('2'),
      errmsg: PREFIX + "The path 'myArray' must exist in the document in order to apply array updates.",
    });
    expect(writeError(`{"q": {"myArray": 5}, "u": {"$set": {"myArray.$[]": 10}}, "upsert": true}`)).toEqual({
      code: parseEJSON('2'),
      errmsg: PREFIX + 'Cannot apply array updates to non-array element myArray: 5',
    });
  });
  test('positional upsert: "do not use $ with upsert" — the insert fails with code 2', () => {
    expect(writeError(`{"q": {"grades": 80}, "u": {"$set": {"grades.$": 82}}, "upsert": true}`)).toEqual({
      code: parseEJSON('2'),
      errmsg: PREFIX + 'The positional operator did not find the match needed from the query.',
    });
  });
  test('positional Unsets: $unset with $ sets the matched element to null', () => {
    check(
      `[{"_id": 1, "grades": [85, 80, 80]}]`,
      `{"q": {"_id": 1, "grades": 80}, "u": {"$unset": {"grades.$": ""}}}`,
      `[{"_id": 1, "grades": [85, null, 80]}]`,
    );
  });
  test('positional Negations: a negation inside $elemMatch records the position', () => {
    check(
      `[{"_id": 1, "grades": [85, 80, 80]}]`,
      `{"q": {"_id": 1, "grades": {"$elemMatch": {"$ne": 85}}}, "u": {"$set": {"grades.$": 1}}}`,
      `[{"_id": 1, "grades": [85, 1, 80]}]`,
    );
  });
});

describe('Behaviour sections with stated outcomes (set, rename pages)', () => {
  test('set: an empty operand expression ({$set: {}}) is a no-op since 5.0', () => {
    const { engine, replies } = example(`[{"_id": 1, "a": 1}]`, [
      `{"q": {"_id": 1}, "u": {"$set": {}}}`,
      `{"q": {"_id": 1}, "u": {"$set": {}, "$inc": {"a": 1}}}`,
    ]);
    expect(stringifyEJSON(replies[0] as Doc)).toBe(canon('{"n": 1, "nModified": 0, "ok": 1.0}'));
    expect(stringifyEJSON(replies[1] as Doc)).toBe(canon('{"n": 1, "nModified": 1, "ok": 1.0}'));
    expect(contents(engine, 'c')).toEqual(canonList(`[{"_id": 1, "a": 2}]`));
  });
  test('rename: an existing <newName> field is replaced in place and the old field removed', () => {
    check(
      `[{"_id": 1, "a": 1, "b": 2, "c": 3}]`,
      `{"q": {"_id": 1}, "u": {"$rename": {"c": "a"}}}`,
      `[{"_id": 1, "a": 3, "b": 2}]`,
    );
    check(
      `[{"_id": 1, "a": 1, "b": 2, "c": 3}]`,
      `{"q": {"_id": 1}, "u": {"$rename": {"a": "c"}}}`,
      `[{"_id": 1, "b": 2, "c": 1}]`,
    );
  });
  test('rename: fields can move into and out of embedded documents', () => {
    check(
      `[{"_id": 1, "a": {"x": 1}, "b": 2}]`,
      `{"q": {"_id": 1}, "u": {"$rename": {"a.x": "z"}}}`,
      `[{"_id": 1, "a": {}, "b": 2, "z": 1}]`,
    );
    check(
      `[{"_id": 1, "a": {"x": 1}, "b": 2}]`,
      `{"q": {"_id": 1}, "u": {"$rename": {"b": "a.y"}}}`,
      `[{"_id": 1, "a": {"x": 1, "y": 2}}]`,
    );
  });
  test('rename: a source inside an array element fails with code 2', () => {
    const engine = testEngine();
    cmd(engine, `{"insert": "c", "documents": [{"_id": 1, "a": [{"b": 1}]}]}`);
    const reply = cmd(engine, `{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$rename": {"a.0.b": "c"}}}]}`);
    const err = (field(reply, 'writeErrors') as Doc[])[0] as Doc;
    expect(err.get('code')).toEqual(parseEJSON('2'));
    expect(err.get('errmsg')).toBe(
      PREFIX + "The source field cannot be an array element, 'a.0.b' in doc with _id: 1 has an array field called 'a'",
    );
  });
});
