/**
 * Fidelity audit: the shell examples with stated outputs from MongoDB's documentation (WriteResult,
 * updateOne results, the findAndModify helper) and jstests, run through runShellScript exactly as
 * written, with a fixed clock and sequential ObjectIds. Each test cites its source. mongosh sends
 * integral numbers as int32 (the Node driver's rule), so stored fixtures show `5`, not `5.0`, in
 * the relaxed EJSON dumps of the collections.
 */
import { ObjectId } from 'bson';
import { describe, expect, test } from 'vitest';
import { toRelaxed } from '../bson/ejson.js';
import { ManualClock } from '../catalog/clock.js';
import { Engine } from '../engine.js';
import { formatShellResult, runShellScript } from './index.js';

const DOCS_METHOD = 'mongodb/docs source/reference/method/db.collection.update.txt';
const DOCS_UPDATE_ONE = 'mongodb/docs source/reference/method/db.collection.updateOne.txt';
const DOCS_REPLACE_ONE = 'mongodb/docs source/reference/method/db.collection.replaceOne.txt';
const DOCS_FAM = 'mongodb/docs source/reference/command/findAndModify.txt';
const ARRAY_FILTERS_JS = 'mongodb/mongo jstests/core/write/update/update_arrayFilters.js';
const NOW = new Date('2026-01-02T03:04:05.678Z');
const DEPRECATION = 'DeprecationWarning: Collection.update() is deprecated. Use updateOne, updateMany, or bulkWrite.\n';

interface Run {
  readonly out: string[];
  readonly engine: Engine;
  contents(coll: string): string;
}

function shell(script: string): Run {
  // The server side (generated _ids, $$NOW) reads the engine's clock and ObjectId source; the
  // shell's own options cover client-side ObjectId() and Date().
  let n = 0;
  const newObjectId = (): ObjectId => new ObjectId((++n).toString(16).padStart(24, '0'));
  const engine = new Engine({ clock: new ManualClock(NOW), newObjectId });
  const results = runShellScript(engine, script, { now: () => NOW, newObjectId, continueOnError: true });
  return {
    out: results.map((r) => formatShellResult(r)),
    engine,
    contents: (coll) => toRelaxed(engine.documents('test', coll)),
  };
}

/** The `books` collection of fact-update-example-docs.rst. */
const BOOKS = `db.books.insertMany([
  { _id: 1, item: "TBD", stock: 0, info: { publisher: "1111", pages: 430 }, tags: [ "technology", "computer" ],
    ratings: [ { by: "ijk", rating: 4 }, { by: "lmn", rating: 5 } ], reorder: false },
  { _id: 2, item: "XYZ123", stock: 15, info: { publisher: "5555", pages: 150 }, tags: [ ],
    ratings: [ { by: "xyz", rating: 5 } ], reorder: false }
])`;

describe(`db.collection.update examples (${DOCS_METHOD})`, () => {
  test('Set: $inc and $set with dotted paths into an embedded document and an array element', () => {
    const r = shell(`${BOOKS}
      db.books.update({ _id: 1 }, { $inc: { stock: 5 }, $set: { item: "ABC123", "info.publisher": "2222", tags: [ "software" ], "ratings.1": { by: "xyz", rating: 3 } } })`);
    expect(r.out[1]).toBe(`${DEPRECATION}WriteResult({ nMatched: 1, nUpserted: 0, nModified: 1 })`);
    expect(toRelaxed(r.engine.documents('test', 'books')[0]!)).toBe(
      '{"_id":1,"item":"ABC123","stock":5,"info":{"publisher":"2222","pages":430},"tags":["software"],' +
        '"ratings":[{"by":"ijk","rating":4},{"by":"xyz","rating":3}],"reorder":false}',
    );
  });

  test('Arrays: $push appends to ratings', () => {
    const r = shell(`${BOOKS}
      db.books.update({ _id: 2 }, { $push: { ratings: { "by" : "jkl", "rating" : 2 } } })`);
    expect(r.out[1]).toBe(`${DEPRECATION}WriteResult({ nMatched: 1, nUpserted: 0, nModified: 1 })`);
    expect(toRelaxed(r.engine.documents('test', 'books')[1]!)).toBe(
      '{"_id":2,"item":"XYZ123","stock":15,"info":{"publisher":"5555","pages":150},"tags":[],' +
        '"ratings":[{"by":"xyz","rating":5},{"by":"jkl","rating":2}],"reorder":false}',
    );
  });

  test('Unset: $unset removes tags', () => {
    const r = shell(`${BOOKS}
      db.books.update( { _id: 1 }, { $unset: { tags: 1 } } )`);
    expect(toRelaxed(r.engine.documents('test', 'books')[0]!)).toBe(
      '{"_id":1,"item":"TBD","stock":0,"info":{"publisher":"1111","pages":430},"ratings":[{"by":"ijk","rating":4},{"by":"lmn","rating":5}],"reorder":false}',
    );
  });

  test('Multiple: multi:true sets reorder on every book with stock <= 10', () => {
    const r = shell(`${BOOKS}
      db.books.update({ _id: 2 }, { $set: { stock: 10 } })
      db.books.update({ stock: { $lte: 10 } }, { $set: { reorder: true } }, { multi: true })`);
    expect(r.out[2]).toBe('WriteResult({ nMatched: 2, nUpserted: 0, nModified: 2 })');
    expect(r.engine.documents('test', 'books').map((d) => d.get('reorder'))).toEqual([true, true]);
  });

  test('Upsert with Replacement Document: WriteResult carries the generated _id', () => {
    const r = shell(
      `db.books.update({ item: "ZZZ135" }, { item: "ZZZ135", stock: 5, tags: [ "database" ] }, { upsert: true })`,
    );
    expect(r.out[0]).toBe(
      `${DEPRECATION}WriteResult({\n  nMatched: 0,\n  nUpserted: 1,\n  nModified: 0,\n  _id: ObjectId('000000000000000000000001')\n})`,
    );
    expect(r.contents('books')).toBe(
      '[{"_id":{"$oid":"000000000000000000000001"},"item":"ZZZ135","stock":5,"tags":["database"]}]',
    );
  });

  test('Upsert with Replacement Document, as printed on the page ($set form): same document', () => {
    const r = shell(
      `db.books.update({ item: "ZZZ135" }, { $set: { item: "ZZZ135", stock: 5, tags: [ "database" ] } }, { upsert: true })`,
    );
    expect(r.contents('books')).toBe(
      '[{"_id":{"$oid":"000000000000000000000001"},"item":"ZZZ135","stock":5,"tags":["database"]}]',
    );
  });

  test('Upsert with Operator Expressions: seed item, then $set reorder and $setOnInsert stock', () => {
    const r = shell(
      `db.books.update({ item: "BLP921" }, { $set: { reorder: false }, $setOnInsert: { stock: 10 } }, { upsert: true })`,
    );
    expect(r.contents('books')).toBe(
      '[{"_id":{"$oid":"000000000000000000000001"},"item":"BLP921","reorder":false,"stock":10}]',
    );
  });

  test('Upsert using an Aggregation Pipeline: stock first ($mergeObjects), avgRating double, lastModified = $$NOW', () => {
    const r = shell(`db.books.update(
      { item: "MRQ014", ratings: [2, 5, 3] },
      [ { $replaceRoot: { newRoot: { $mergeObjects: [ { stock: 0 }, "$$ROOT" ] } } },
        { $set: { avgRating: { $avg: "$ratings" }, tags: [ "fiction", "murder" ], lastModified: "$$NOW" } } ],
      { upsert: true })`);
    expect(r.contents('books')).toBe(
      '[{"_id":{"$oid":"000000000000000000000001"},"stock":0,"item":"MRQ014","ratings":[2,5,3],"avgRating":3.3333333333333335,' +
        `"tags":["fiction","murder"],"lastModified":{"$date":"${NOW.toISOString()}"}}]`,
    );
  });

  test('Using upsert with multi (Match): both matching books are updated, nothing inserted', () => {
    const r = shell(`db.books.insertMany([
        { _id: 5, item: "RQM909", stock: 18, info: { publisher: "0000", pages: 170 }, reorder: true },
        { _id: 6, item: "EFG222", stock: 15, info: { publisher: "1111", pages: 72 }, reorder: true } ])
      db.books.update({ stock: { $gte: 10 } }, { $set: { reorder: false, tags: [ "literature", "translated" ] } }, { upsert: true, multi: true })`);
    expect(r.out[1]).toBe(`${DEPRECATION}WriteResult({ nMatched: 2, nUpserted: 0, nModified: 2 })`);
    expect(r.contents('books')).toBe(
      '[{"_id":5,"item":"RQM909","stock":18,"info":{"publisher":"0000","pages":170},"reorder":false,"tags":["literature","translated"]},' +
        '{"_id":6,"item":"EFG222","stock":15,"info":{"publisher":"1111","pages":72},"reorder":false,"tags":["literature","translated"]}]',
    );
  });

  test('Using upsert with multi (No Match): one document, seed first and the $set fields in sorted order', () => {
    const r = shell(
      `db.books.update({ "info.publisher": "Self-Published" }, { $set: { reorder: false, tags: [ "literature", "hardcover" ], stock: 25 } }, { upsert: true, multi: true })`,
    );
    expect(r.contents('books')).toBe(
      '[{"_id":{"$oid":"000000000000000000000001"},"info":{"publisher":"Self-Published"},"reorder":false,"stock":25,"tags":["literature","hardcover"]}]',
    );
  });

  test('Upsert with Dotted _id Query: 8.0 builds the _id from the dotted paths (the page shows the pre-4.x code 111)', () => {
    const r = shell(
      `db.collection.update({ "_id.name": "Robert Frost", "_id.uid": 0 }, { $set: { "categories": [ "poet", "playwright" ] } }, { upsert: true })`,
    );
    expect(r.out[0]).toBe(
      `${DEPRECATION}WriteResult({\n  nMatched: 0,\n  nUpserted: 1,\n  nModified: 0,\n  _id: { name: 'Robert Frost', uid: 0 }\n})`,
    );
    expect(r.contents('collection')).toBe(
      '[{"_id":{"name":"Robert Frost","uid":0},"categories":["poet","playwright"]}]',
    );
  });

  test('Upsert with Dotted _id Query, replacement form: WriteResult writeError 111', () => {
    const r = shell(
      `db.collection.update({ "_id.name": "Robert Frost", "_id.uid": 0 }, { "categories": [ "poet", "playwright" ] }, { upsert: true })`,
    );
    expect(r.out[0]).toBe(
      `${DEPRECATION}WriteResult({\n  nMatched: 0,\n  nUpserted: 0,\n  nModified: 0,\n  writeError: {\n    code: 111,\n` +
        `    errmsg: "Plan executor error during update :: caused by :: field at '_id' must be exactly specified, field at sub-path '_id.name'found"\n  }\n})`,
    );
    expect(r.contents('collection')).toBe('[]');
  });

  test('Modify a Field Using the Values of the Other Fields: pipeline with $$NOW on every document', () => {
    const r = shell(`db.students.insertMany( [
        { "_id" : 1, "student" : "Skye", "points" : 75, "commentsSemester1" : "great at math", "commentsSemester2" : "loses temper", "lastUpdate" : ISODate("2019-01-01T00:00:00Z") },
        { "_id" : 2, "student" : "Elizabeth", "points" : 60, "commentsSemester1" : "well behaved", "commentsSemester2" : "needs improvement", "lastUpdate" : ISODate("2019-01-01T00:00:00Z") } ] )
      db.students.update( { }, [
        { $set: { status: "Modified", comments: [ "$commentsSemester1", "$commentsSemester2" ], lastUpdate: "$$NOW" } },
        { $unset: [ "commentsSemester1", "commentsSemester2" ] } ], { multi: true } )`);
    expect(r.out[1]).toBe(`${DEPRECATION}WriteResult({ nMatched: 2, nUpserted: 0, nModified: 2 })`);
    // The page's output lists status after student: it came from a run whose fixture already had
    // status; with this fixture $set appends status after the existing fields.
    expect(r.contents('students')).toBe(
      `[{"_id":1,"student":"Skye","points":75,"lastUpdate":{"$date":"${NOW.toISOString()}"},"status":"Modified","comments":["great at math","loses temper"]},` +
        `{"_id":2,"student":"Elizabeth","points":60,"lastUpdate":{"$date":"${NOW.toISOString()}"},"status":"Modified","comments":["well behaved","needs improvement"]}]`,
    );
  });

  test('Perform Conditional Updates: $trunc of $avg and $switch', () => {
    const r = shell(`db.students3.insertMany( [
        { "_id" : 1, "tests" : [ 95, 92, 90 ], "lastUpdate" : ISODate("2019-01-01T00:00:00Z") },
        { "_id" : 2, "tests" : [ 94, 88, 90 ], "lastUpdate" : ISODate("2019-01-01T00:00:00Z") },
        { "_id" : 3, "tests" : [ 70, 75, 82 ], "lastUpdate" : ISODate("2019-01-01T00:00:00Z") } ] )
      db.students3.update( { }, [
        { $set: { average : { $trunc: [ { $avg: "$tests" }, 0 ] }, lastUpdate: "$$NOW" } },
        { $set: { grade: { $switch: { branches: [
            { case: { $gte: [ "$average", 90 ] }, then: "A" }, { case: { $gte: [ "$average", 80 ] }, then: "B" },
            { case: { $gte: [ "$average", 70 ] }, then: "C" }, { case: { $gte: [ "$average", 60 ] }, then: "D" } ], default: "F" } } } } ],
        { multi: true } )`);
    const date = `{"$date":"${NOW.toISOString()}"}`;
    expect(r.contents('students3')).toBe(
      `[{"_id":1,"tests":[95,92,90],"lastUpdate":${date},"average":92.0,"grade":"A"},` +
        `{"_id":2,"tests":[94,88,90],"lastUpdate":${date},"average":90.0,"grade":"A"},` +
        `{"_id":3,"tests":[70,75,82],"lastUpdate":${date},"average":75.0,"grade":"C"}]`,
    );
  });

  test('Specify hint: WriteResult({ nMatched: 3, nUpserted: 0, nModified: 3 })', () => {
    const r = shell(`db.newStudents.insertMany( [
        { "_id" : 1, "student" : "Richard", "grade" : "F", "points" :  0,  "comments1" : null, "comments2" : null },
        { "_id" : 2, "student" : "Jane", "grade" : "A", "points" : 60,  "comments1" : "well behaved", "comments2" : "fantastic student" },
        { "_id" : 3, "student" : "Ronan", "grade" : "F", "points" :  0,  "comments1" : null, "comments2" : null },
        { "_id" : 4, "student" : "Noah", "grade" : "D", "points" : 20,  "comments1" : "needs improvement", "comments2" : null },
        { "_id" : 5, "student" : "Adam", "grade" : "F", "points" :  0,  "comments1" : null, "comments2" : null },
        { "_id" : 6, "student" : "Henry", "grade" : "A", "points" : 86,  "comments1" : "fantastic student", "comments2" : "well behaved" } ] )
      db.newStudents.createIndex( { grade: 1 } )
      db.newStudents.update( { points: { $lte: 20 }, grade: "F" }, { $set: { comments1: "failed class" } }, { multi: true, hint: { grade: 1 } } )
      db.newStudents.explain().update( { "points": { $lte: 20 }, "grade": "F" }, { $set: { "comments1": "failed class" } }, { multi: true, hint: { grade: 1 } } ).queryPlanner.winningPlan.inputStage.stage
      db.newStudents.countDocuments({ comments1: "failed class" })`);
    expect(r.out.slice(2)).toEqual([
      `${DEPRECATION}WriteResult({ nMatched: 3, nUpserted: 0, nModified: 3 })`,
      // mongosh prints a top-level string without quotes.
      'FETCH',
      '3',
    ]);
  });

  test('Use Variables in let: cherry → orange', () => {
    const r =
      shell(`db.cakeFlavors.insertMany( [ { _id: 1, flavor: "chocolate" }, { _id: 2, flavor: "strawberry" }, { _id: 3, flavor: "cherry" } ] )
      db.cakeFlavors.update( { $expr: { $eq: [ "$flavor", "$$targetFlavor" ] } }, [ { $set: { flavor: "$$newFlavor" } } ], { let : { targetFlavor: "cherry", newFlavor: "orange" } } )`);
    expect(r.out[1]).toBe(`${DEPRECATION}WriteResult({ nMatched: 1, nUpserted: 0, nModified: 1 })`);
    expect(r.contents('cakeFlavors')).toBe(
      '[{"_id":1,"flavor":"chocolate"},{"_id":2,"flavor":"strawberry"},{"_id":3,"flavor":"orange"}]',
    );
  });

  test('Specify Collation: fr strength 1 with multi updates all three documents', () => {
    const r =
      shell(`db.myColl.insertMany( [ { _id: 1, category: "café", status: "A" }, { _id: 2, category: "cafe", status: "a" }, { _id: 3, category: "cafE", status: "a" } ] )
      db.myColl.update( { category: "cafe" }, { $set: { status: "Updated" } }, { collation: { locale: "fr", strength: 1 }, multi: true } )`);
    expect(r.out[1]).toBe(`${DEPRECATION}WriteResult({ nMatched: 3, nUpserted: 0, nModified: 3 })`);
    expect(r.contents('myColl')).toBe(
      '[{"_id":1,"category":"café","status":"Updated"},{"_id":2,"category":"cafe","status":"Updated"},{"_id":3,"category":"cafE","status":"Updated"}]',
    );
  });

  test('arrayFilters examples: grades.$[element] and grades.$[elem].mean with multi', () => {
    const r =
      shell(`db.students.insertMany( [ { "_id" : 1, "grades" : [ 95, 92, 90 ] }, { "_id" : 2, "grades" : [ 98, 100, 102 ] }, { "_id" : 3, "grades" : [ 95, 110, 100 ] } ] )
      db.students.update( { grades: { $gte: 100 } }, { $set: { "grades.$[element]" : 100 } }, { multi: true, arrayFilters: [ { "element": { $gte: 100 } } ] } )`);
    expect(r.out[1]).toBe(`${DEPRECATION}WriteResult({ nMatched: 2, nUpserted: 0, nModified: 2 })`);
    expect(r.contents('students')).toBe(
      '[{"_id":1,"grades":[95,92,90]},{"_id":2,"grades":[98,100,100]},{"_id":3,"grades":[95,100,100]}]',
    );
  });
});

describe(`updateOne examples (${DOCS_UPDATE_ONE})`, () => {
  const RESTAURANT = `db.restaurant.insertMany([
    { "_id" : 1, "name" : "Central Perk Cafe", "Borough" : "Manhattan", "violations" : 3 },
    { "_id" : 2, "name" : "Rock A Feller Bar and Grill", "Borough" : "Queens", "violations" : 2 },
    { "_id" : 3, "name" : "Empire State Pub", "Borough" : "Brooklyn", "violations" : 4 } ])`;

  test('Update with Upsert: $set of _id 4 → insertedId 4 (mongosh names it insertedId; the page shows the legacy upsertedId)', () => {
    const r = shell(`${RESTAURANT}
      db.restaurant.updateOne( { "name" : "Pizza Rat's Pizzaria" }, { $set: {"_id" : 4, "violations" : 7, "borough" : "Manhattan" } }, { upsert: true } )`);
    expect(r.out[1]).toBe(
      '{\n  acknowledged: true,\n  insertedId: 4,\n  matchedCount: 0,\n  modifiedCount: 0,\n  upsertedCount: 1\n}',
    );
    // The seed has name; $set adds _id, borough, violations in sorted order; _id is moved first.
    expect(toRelaxed(r.engine.documents('test', 'restaurant')[3]!)).toBe(
      `{"_id":4,"name":"Pizza Rat's Pizzaria","borough":"Manhattan","violations":7}`,
    );
  });

  test('Update with Upsert: a $gt filter seeds nothing, the document is {_id: ObjectId, Closed: true}', () => {
    const r = shell(`${RESTAURANT}
      db.restaurant.updateOne( { "violations" : { $gt: 10} }, { $set: { "Closed" : true } }, { upsert: true } )`);
    expect(r.out[1]).toBe(
      "{\n  acknowledged: true,\n  insertedId: ObjectId('000000000000000000000001'),\n  matchedCount: 0,\n  modifiedCount: 0,\n  upsertedCount: 1\n}",
    );
    expect(toRelaxed(r.engine.documents('test', 'restaurant')[3]!)).toBe(
      '{"_id":{"$oid":"000000000000000000000001"},"Closed":true}',
    );
  });

  test('no match without upsert: matchedCount 0, modifiedCount 0', () => {
    const r = shell(`${RESTAURANT}
      db.restaurant.updateOne( { "name" : "Pizza Rat's Pizzaria" }, { $inc: { "violations" : 3}, $set: { "Closed" : true } } )`);
    expect(r.out[1]).toBe(
      '{\n  acknowledged: true,\n  insertedId: null,\n  matchedCount: 0,\n  modifiedCount: 0,\n  upsertedCount: 0\n}',
    );
  });

  test('Update with Aggregation Pipeline, Example 2: only _id 3 gains average/grade after lastUpdate', () => {
    const r = shell(`db.students3.insertMany( [
        { "_id" : 3, "tests" : [ 70, 75, 82 ], "lastUpdate" : ISODate("2019-01-01T00:00:00Z") } ] )
      db.students3.updateOne( { _id: 3 }, [
        { $set: { average: { $trunc: [ { $avg: "$tests" }, 0 ] }, lastUpdate: "$$NOW" } },
        { $set: { grade: { $switch: { branches: [ { case: { $gte: [ "$average", 90 ] }, then: "A" }, { case: { $gte: [ "$average", 80 ] }, then: "B" },
          { case: { $gte: [ "$average", 70 ] }, then: "C" }, { case: { $gte: [ "$average", 60 ] }, then: "D" } ], default: "F" } } } } ] )`);
    expect(r.contents('students3')).toBe(
      `[{"_id":3,"tests":[70,75,82],"lastUpdate":{"$date":"${NOW.toISOString()}"},"average":75.0,"grade":"C"}]`,
    );
  });
});

describe(`replaceOne examples (${DOCS_REPLACE_ONE})`, () => {
  const RESTAURANT = `db.restaurant.insertMany([
    { "_id" : 1, "name" : "Central Perk Cafe", "Borough" : "Manhattan" },
    { "_id" : 2, "name" : "Rock A Feller Bar and Grill", "Borough" : "Queens", "violations" : 2 },
    { "_id" : 3, "name" : "Empire State Pub", "Borough" : "Brooklyn", "violations" : 0 } ])`;

  test('Replace: matchedCount 1, modifiedCount 1; the _id is kept', () => {
    const r = shell(`${RESTAURANT}
      db.restaurant.replaceOne( { "name" : "Central Perk Cafe" }, { "name" : "Central Pork Cafe", "Borough" : "Manhattan" } )
      db.restaurant.replaceOne( { "name" : "Nowhere" }, { "name" : "x" } )`);
    expect(r.out.slice(1)).toEqual([
      '{\n  acknowledged: true,\n  insertedId: null,\n  matchedCount: 1,\n  modifiedCount: 1,\n  upsertedCount: 0\n}',
      '{\n  acknowledged: true,\n  insertedId: null,\n  matchedCount: 0,\n  modifiedCount: 0,\n  upsertedCount: 0\n}',
    ]);
    expect(toRelaxed(r.engine.documents('test', 'restaurant')[0]!)).toBe(
      '{"_id":1,"name":"Central Pork Cafe","Borough":"Manhattan"}',
    );
  });

  test('Replace with Upsert: the replacement document (with its _id 4) is inserted as given', () => {
    const r = shell(`${RESTAURANT}
      db.restaurant.replaceOne( { "name" : "Pizza Rat's Pizzaria" }, { "_id": 4, "name" : "Pizza Rat's Pizzaria", "Borough" : "Manhattan", "violations" : 8 }, { upsert: true } )`);
    expect(r.out[1]).toBe(
      '{\n  acknowledged: true,\n  insertedId: 4,\n  matchedCount: 0,\n  modifiedCount: 0,\n  upsertedCount: 1\n}',
    );
    expect(toRelaxed(r.engine.documents('test', 'restaurant')[3]!)).toBe(
      `{"_id":4,"name":"Pizza Rat's Pizzaria","Borough":"Manhattan","violations":8}`,
    );
  });

  test('Specify Collation: replaces the first match (_id 2 with status "a" under strength 1 also matches _id 1 "A")', () => {
    const r =
      shell(`db.myColl.insertMany( [ { _id: 1, category: "café", status: "A" }, { _id: 2, category: "cafe", status: "a" }, { _id: 3, category: "cafE", status: "a" } ] )
      db.myColl.replaceOne( { category: "cafe", status: "a" }, { category: "cafÉ", status: "Replaced" }, { collation: { locale: "fr", strength: 1 } } )`);
    expect(r.contents('myColl')).toBe(
      '[{"_id":1,"category":"cafÉ","status":"Replaced"},{"_id":2,"category":"cafe","status":"a"},{"_id":3,"category":"cafE","status":"a"}]',
    );
  });

  test('Specify hint: matchedCount 1, modifiedCount 1', () => {
    const r = shell(`db.members.insertMany([
        { "_id" : 1, "member" : "abc123", "status" : "P", "points" :  0,  "misc1" : null, "misc2" : null },
        { "_id" : 2, "member" : "xyz123", "status" : "A", "points" : 60,  "misc1" : "reminder: ping me at 100pts", "misc2" : "Some random comment" } ])
      db.members.createIndex( { status: 1 } )
      db.members.createIndex( { points: 1 } )
      db.members.replaceOne( { "points": { $lte: 20 }, "status": "P" }, { "misc1": "using index on status", status: "P", member: "replacement", points: "20"}, { hint: { status: 1 } } )`);
    expect(r.out[3]).toBe(
      '{\n  acknowledged: true,\n  insertedId: null,\n  matchedCount: 1,\n  modifiedCount: 1,\n  upsertedCount: 0\n}',
    );
    expect(toRelaxed(r.engine.documents('test', 'members')[0]!)).toBe(
      '{"_id":1,"misc1":"using index on status","status":"P","member":"replacement","points":"20"}',
    );
  });
});

describe(`findAndModify examples (${DOCS_FAM})`, () => {
  test('Return New Document: upsert + new returns the inserted document, seed fields in sorted order (name, rating, state)', () => {
    const r = shell(
      `db.runCommand({ findAndModify: "people", query: { name: "Pascal", state: "active", rating: 25 }, sort: { rating: 1 }, update: { $inc: { score: 1 } }, upsert: true, new: true })`,
    );
    expect(r.out[0]).toBe(
      "{\n  lastErrorObject: {\n    n: 1,\n    updatedExisting: false,\n    upserted: ObjectId('000000000000000000000001')\n  },\n" +
        "  value: {\n    _id: ObjectId('000000000000000000000001'),\n    name: 'Pascal',\n    rating: 25,\n    state: 'active',\n    score: 1\n  },\n  ok: 1\n}",
    );
  });

  test('upsert: true without new: value null and lastErrorObject.upserted', () => {
    const r = shell(
      `db.runCommand({ findAndModify: "people", query: { name: "Gus", state: "active", rating: 100 }, sort: { rating: 1 }, update: { $inc: { score: 1 } }, upsert: true })`,
    );
    expect(r.out[0]).toBe(
      "{\n  lastErrorObject: {\n    n: 1,\n    updatedExisting: false,\n    upserted: ObjectId('000000000000000000000001')\n  },\n  value: null,\n  ok: 1\n}",
    );
  });

  test('Update and Return: the pre-image, the lowest rating first; the shell helper returns only the document', () => {
    const r =
      shell(`db.people.insertMany([ { _id: 1, name: "Tom", state: "active", rating: 100, score: 5 }, { _id: 2, name: "Tom", state: "active", rating: 200, score: 1 } ])
      db.runCommand({ findAndModify: "people", query: { name: "Tom", state: "active", rating: { $gt: 10 } }, sort: { rating: 1 }, update: { $inc: { score: 1 } } })
      db.people.findAndModify({ query: { name: "Tom", state: "active", rating: { $gt: 10 } }, sort: { rating: 1 }, update: { $inc: { score: 1 } } })
      db.runCommand({ findAndModify: "people", query: { name: "Nobody" }, update: { $inc: { score: 1 } } })`);
    expect(r.out.slice(1)).toEqual([
      "{\n  lastErrorObject: { n: 1, updatedExisting: true },\n  value: { _id: 1, name: 'Tom', state: 'active', rating: 100, score: 5 },\n  ok: 1\n}",
      "{ _id: 1, name: 'Tom', state: 'active', rating: 100, score: 6 }",
      // 82 columns by Node's util.inspect measure (entries + separators + 14), over the 80 limit.
      '{\n  lastErrorObject: { n: 0, updatedExisting: false },\n  value: null,\n  ok: 1\n}',
    ]);
  });

  test('Sort and Remove: removes the lowest-rated active person', () => {
    const r =
      shell(`db.people.insertMany([ { _id: 1, name: "A", state: "active", rating: 5 }, { _id: 2, name: "XYZ123", score: 1, state: "active", rating: 3 } ])
      db.runCommand({ findAndModify: "people", query: { state: "active" }, sort: { rating: 1 }, remove: true })`);
    expect(r.out[1]).toBe(
      "{\n  lastErrorObject: { n: 1 },\n  value: { _id: 2, name: 'XYZ123', score: 1, state: 'active', rating: 3 },\n  ok: 1\n}",
    );
  });

  test('Specify Collation: returns the pre-image of _id 1 (café), updatedExisting true', () => {
    const r =
      shell(`db.myColl.insertMany( [ { _id: 1, category: "café", status: "A" }, { _id: 2, category: "cafe", status: "a" }, { _id: 3, category: "cafE", status: "a" } ] )
      db.runCommand({ findAndModify: "myColl", query: { category: "cafe", status: "a" }, sort: { category: 1 }, update: { $set: { status: "Updated" } }, collation: { locale: "fr", strength: 1 } })`);
    expect(r.out[1]).toBe(
      "{\n  lastErrorObject: { n: 1, updatedExisting: true },\n  value: { _id: 1, category: 'café', status: 'A' },\n  ok: 1\n}",
    );
  });

  test('arrayFilters with findAndModify updates a single document; the pipeline form sums grades.grade', () => {
    const r =
      shell(`db.students.insertMany( [ { "_id" : 1, "grades" : [ 95, 92, 90 ] }, { "_id" : 2, "grades" : [ 98, 100, 102 ] }, { "_id" : 3, "grades" : [ 95, 110, 100 ] } ] )
      db.runCommand({ findAndModify: "students", query: { grades: { $gte: 100 } }, update: { $set: { "grades.$[element]" : 100 } }, arrayFilters: [ { "element": { $gte: 100 } } ] }).value._id
      db.students2.insertMany([ { "_id" : 1, "grades" : [ { "grade" : 80, "mean" : 75, "std" : 6 }, { "grade" : 85, "mean" : 90, "std" : 4 }, { "grade" : 85, "mean" : 85, "std" : 6 } ] } ])
      db.runCommand({ findAndModify: "students2", query: { "_id" : 1 }, update: [ { $set: { "total" : { $sum: "$grades.grade" } } } ], new: true }).value.total`);
    expect(r.out[1]).toBe('2');
    expect(r.out[3]).toBe('250');
    expect(r.contents('students')).toBe(
      '[{"_id":1,"grades":[95,92,90]},{"_id":2,"grades":[98,100,100]},{"_id":3,"grades":[95,110,100]}]',
    );
  });

  test('let: findAndModify with a replacement update and $$targetFlavor, through Collection.runCommand', () => {
    const r =
      shell(`db.cakeFlavors.insertMany( [ { _id: 1, flavor: "chocolate" }, { _id: 2, flavor: "strawberry" }, { _id: 3, flavor: "cherry" } ] )
      db.cakeFlavors.runCommand( { findAndModify: db.cakeFlavors.getName(), query: { $expr: { $eq: [ "$flavor", "$$targetFlavor" ] } }, update: { flavor: "orange" }, let: { targetFlavor: "cherry" } } )`);
    expect(r.out[1]).toBe(
      "{\n  lastErrorObject: { n: 1, updatedExisting: true },\n  value: { _id: 3, flavor: 'cherry' },\n  ok: 1\n}",
    );
    expect(r.contents('cakeFlavors')).toBe(
      '[{"_id":1,"flavor":"chocolate"},{"_id":2,"flavor":"strawberry"},{"_id":3,"flavor":"orange"}]',
    );
  });
});

describe(`arrayFilters parse errors (${ARRAY_FILTERS_JS})`, () => {
  function writeError(code: number, errmsg: string): string {
    const quoted = errmsg.includes("'") ? (errmsg.includes('"') ? `\`${errmsg}\`` : `"${errmsg}"`) : `'${errmsg}'`;
    return `WriteResult({\n  nMatched: 0,\n  nUpserted: 0,\n  nModified: 0,\n  writeError: {\n    code: ${code},\n    errmsg: ${quoted}\n  }\n})`;
  }

  test.each([
    [
      '[{i: 0, j: 0}]',
      '{"a.$[i]": 5}',
      9,
      "Error parsing array filter :: caused by :: Expected a single top-level field name, found 'i' and 'j'",
    ],
    [
      '[{i: 0}, {j: 0}, {i: 1}]',
      '{"a.$[i]": 5, "a.$[j]": 6}',
      9,
      'Found multiple array filters with the same top-level field name i',
    ],
    [
      '[{i: 0}, {j: 0}]',
      '{"a.$[i]": 5}',
      9,
      "The array filter for identifier 'j' was not used in the update { $set: { a.$[i]: 5 } }",
    ],
    [
      '[{i: 0}, {j: 0}]',
      '{"a.$[i]": 5.5}',
      9,
      "The array filter for identifier 'j' was not used in the update { $set: { a.$[i]: 5.5 } }",
    ],
    [
      '[{$alwaysTrue: 1}]',
      '{"a.$[i]": 5}',
      9,
      'Cannot use an expression without a top-level field name in arrayFilters',
    ],
    [
      '[{$text: {$search: "foo"}}]',
      '{"a.$[i]": 5}',
      2,
      'Error parsing array filter :: caused by :: $text is not allowed in this context',
    ],
    [
      '[{$where: "this.a == 2"}]',
      '{"a.$[i]": 5}',
      2,
      'Error parsing array filter :: caused by :: $where is not allowed in this context',
    ],
    [
      '[{$expr: {$eq: ["$foo", "$bar"]}}]',
      '{"a.$[i]": 5}',
      224,
      'Error parsing array filter :: caused by :: $expr is not allowed in this context',
    ],
  ])('arrayFilters %s with $set %s: code %i', (filters, set, code, errmsg) => {
    const r = shell(`db.c.update({_id: 0}, {$set: ${set}}, {arrayFilters: ${filters}})`);
    expect(r.out[0]).toBe(`${DEPRECATION}${writeError(code, errmsg)}`);
  });

  test('non-array arrayFilters and a non-object filter are TypeMismatch command errors', () => {
    const r = shell(`db.c.update({_id: 0}, {$set: {"a.$[i]": 5}}, {arrayFilters: {i: 0}})
      db.c.update({_id: 0}, {$set: {"a.$[i]": 5}}, {arrayFilters: ["bad"]})
      db.c.findOneAndUpdate({_id: 0}, {$set: {"a.$[i]": 5}}, {arrayFilters: "bad"})`);
    expect(r.out).toEqual([
      `${DEPRECATION}MongoServerError[TypeMismatch]: BSON field 'update.updates.arrayFilters' is the wrong type 'object', expected type 'array'`,
      "MongoServerError[TypeMismatch]: BSON field 'update.updates.arrayFilters.0' is the wrong type 'string', expected type 'object'",
      "MongoServerError[TypeMismatch]: BSON field 'findAndModify.arrayFilters' is the wrong type 'string', expected type 'array'",
    ]);
  });

  test('good filters succeed on an empty collection; $rename with an unused filter fails (9)', () => {
    const r = shell(`db.createCollection("c")
      db.c.update({_id: 0}, {$set: {"a.$[i]": 5, "a.$[j]": 6}}, {arrayFilters: [{i: 0}, {j: 0}]})
      db.c.update({_id: 0}, {$set: {"a.$[i]": 5}}, {arrayFilters: [{$or: [{i: 0}, {$and: [{}]}]}]})
      db.c.findOneAndUpdate({_id: 0}, {$set: {"a.$[i]": 5}}, {arrayFilters: [{i: 0}]})
      db.c.update({id: 0}, {$rename: {"a": "b"}}, {arrayFilters: [{i: 0}]})`);
    expect(r.out.slice(1)).toEqual([
      `${DEPRECATION}WriteResult({ nMatched: 0, nUpserted: 0, nModified: 0 })`,
      'WriteResult({ nMatched: 0, nUpserted: 0, nModified: 0 })',
      'null',
      writeError(9, `The array filter for identifier 'i' was not used in the update { $rename: { a: "b" } }`),
    ]);
  });

  test('findAndModify: arrayFilters with remove:true is rejected by the command (9)', () => {
    const r = shell(`db.runCommand({findAndModify: "c", query: {_id: 0}, remove: true, arrayFilters: [{i: 0}]})`);
    expect(r.out[0]).toBe('MongoServerError[FailedToParse]: Cannot specify arrayFilters and remove=true');
  });

  test('$setOnInsert with $[i] and $[] on the seeded array', () => {
    const r =
      shell(`db.c.update({_id: 0, a: [0]}, {$setOnInsert: {"a.$[i]": 1}}, {arrayFilters: [{i: 0}], upsert: true})
      db.d.update({_id: 0, a: [0]}, {$setOnInsert: {"a.$[]": 1}}, {upsert: true})`);
    expect(r.contents('c')).toBe('[{"_id":0,"a":[1]}]');
    expect(r.contents('d')).toBe('[{"_id":0,"a":[1]}]');
  });
});

describe('updateOne with sort (mongodb/mongo jstests/core/write/update/updateOne_sort.js, 8.0)', () => {
  // The playground's shell has no loops, so the jstest's insert loop is written out.
  const JANES = `db.s.insertMany([${Array.from({ length: 11 }, (_, i) => `{_id: ${i}, name: "Jane", ranking: ${i}}`).join(', ')}])`;

  test('no sort, empty sort, ascending and descending sorts each modify one document', () => {
    const r = shell(`${JANES}
      db.s.updateOne({name: "Jane"}, {$set: {ranking: 11}}).modifiedCount
      db.s.updateOne({name: "Jane"}, {$set: {ranking: 5}}, {sort: {}}).modifiedCount
      db.s.updateOne({name: "Jane"}, {$set: {ranking: 6}}, {sort: {ranking: 1}}).modifiedCount
      db.s.updateOne({name: "Jane"}, {$set: {ranking: 100}}, {sort: {ranking: -1}}).modifiedCount
      db.s.updateOne({name: "Jane"}, {$set: {name: "Jean", ranking: 101}}, {sort: {ranking: -1}}).modifiedCount
      db.s.updateOne({ranking: {$lt: 10}}, {$set: {ranking: 10}}, {sort: {ranking: -1}}).modifiedCount`);
    expect(r.out.slice(1)).toEqual(['1', '1', '1', '1', '1', '1']);
    expect(toRelaxed(r.engine.documents('test', 's').map((d) => d.get('ranking')!))).toBe('[5,6,2,3,4,5,6,7,8,10,101]');
    expect(toRelaxed(r.engine.documents('test', 's')[10]!)).toBe('{"_id":10,"name":"Jean","ranking":101}');
  });

  test('sort with upsert inserts when nothing matches and respects the sort when something does', () => {
    const r =
      shell(`db.s.updateOne({name: "Lucy"}, {$set: {ranking: 11}}, {sort: {ranking: 1}, upsert: true}).upsertedCount
      db.s.insertOne({_id: "l13", name: "Lucy", ranking: 13})
      db.s.updateOne({name: "Lucy"}, {$set: {ranking: 12}}, {sort: {ranking: -1}, upsert: true})`);
    expect(r.out[0]).toBe('1');
    expect(r.out[2]).toBe(
      '{\n  acknowledged: true,\n  insertedId: null,\n  matchedCount: 1,\n  modifiedCount: 1,\n  upsertedCount: 0\n}',
    );
    expect(r.contents('s')).toBe(
      `[{"_id":{"$oid":"000000000000000000000001"},"name":"Lucy","ranking":11},{"_id":"l13","name":"Lucy","ranking":12}]`,
    );
  });

  test('a malformed sort: {sort: true} is TypeMismatch, {ranking: 50} is 15975', () => {
    const r = shell(`${JANES}
      db.s.updateOne({name: "Jane"}, {$set: {ranking: 100}}, {sort: true})
      db.s.updateOne({name: "Jane"}, {$set: {ranking: 100}}, {sort: {ranking: 50}})`);
    expect(r.out[1]).toMatch(/^MongoServerError\[TypeMismatch\]: /);
    expect(r.out[2]).toBe('MongoServerError: $sort key ordering must be 1 (for ascending) or -1 (for descending)');
  });

  test('sort with a case-sensitive collation picks "bella" before "Bella"; strength 2 matches both', () => {
    const r =
      shell(`db.s.insertMany([{_id: 1, name: "Bella", age: 12}, {_id: 2, name: "bella", age: 12}, {_id: 3, name: "bella", age: 9}, {_id: 4, name: "Candice", age: 12}, {_id: 5, name: "candice", age: 12}])
      db.s.updateOne({age: 12}, {$set: {age: 13}}, {sort: {name: 1}, collation: {locale: "en_US", strength: 3}})
      db.s.updateOne({age: 12}, {$set: {age: 13}}, {sort: {name: -1}, collation: {locale: "en_US", strength: 3}})
      db.s.updateOne({name: "bella"}, {$set: {age: 14}}, {sort: {name: 1}, collation: {locale: "en_US", strength: 2}})`);
    expect(r.contents('s')).toBe(
      '[{"_id":1,"name":"Bella","age":14},{"_id":2,"name":"bella","age":13},{"_id":3,"name":"bella","age":9},{"_id":4,"name":"Candice","age":13},{"_id":5,"name":"candice","age":12}]',
    );
  });

  test('sort with multi:true fails the whole command (FailedToParse, performUpdates checks it before the statement runs)', () => {
    const r = shell(
      `db.runCommand({update: "s", updates: [{q: {ranking: 1}, u: {$set: {ranking: 100}}, multi: true, sort: {a: -1}}]})`,
    );
    expect(r.out[0]).toBe('MongoServerError[FailedToParse]: Cannot specify sort with multi=true');
  });

  test('bulkWrite updateOne with a pipeline respects sort', () => {
    const r = shell(`${JANES}
      db.s.bulkWrite([{updateOne: {filter: {name: "Jane"}, update: [{$set: {ranking: 100}}], sort: {ranking: -1}}}]).modifiedCount
      db.s.findOne({_id: 10})`);
    expect(r.out.slice(1)).toEqual(['1', "{ _id: 10, name: 'Jane', ranking: 100 }"]);
  });
});

describe('findOneAndUpdate examples (mongodb/docs source/reference/method/db.collection.findOneAndUpdate.txt)', () => {
  const GRADES = `db.grades.insertMany([
    { _id: 6305, name : "A. MacDyver", "assignment" : 5, "points" : 24 },
    { _id: 6308, name : "B. Batlock", "assignment" : 3, "points" : 22 },
    { _id: 6312, name : "M. Tagnum", "assignment" : 5, "points" : 30 },
    { _id: 6319, name : "R. Stiles", "assignment" : 2, "points" : 12 },
    { _id: 6322, name : "A. MacDyver", "assignment" : 2, "points" : 14 },
    { _id: 6234, name : "R. Stiles", "assignment" : 1, "points" : 10 } ])`;

  test('Update A Document: returns the original of the first match in natural order', () => {
    const r = shell(`${GRADES}
      db.grades.findOneAndUpdate( { "name" : "R. Stiles" }, { $inc: { "points" : 5 } } )`);
    expect(r.out[1]).toBe("{ _id: 6319, name: 'R. Stiles', assignment: 2, points: 12 }");
  });

  test('Sort And Update, and Project the Returned Document', () => {
    const r = shell(`${GRADES}
      db.grades.findOneAndUpdate( { "name" : "A. MacDyver" }, { $inc : { "points" : 5 } }, { sort : { "points" : 1 } } )
      db.grades.findOneAndUpdate( { "name" : "A. MacDyver" }, { $inc : { "points" : 5 } }, { sort : { "points" : 1 }, projection: { "assignment" : 1, "points" : 1 } } )`);
    expect(r.out.slice(1)).toEqual([
      "{ _id: 6322, name: 'A. MacDyver', assignment: 2, points: 14 }",
      // The second call sees 6322 at 19 points, still the lowest.
      '{ _id: 6322, assignment: 2, points: 19 }',
    ]);
  });

  test('Update Document with Upsert: returnNewDocument gives the inserted document', () => {
    const r = shell(`${GRADES}
      db.grades.findOneAndUpdate( { "name" : "A.B. Abracus" }, { $set: { "name" : "A.B. Abracus", "assignment" : 5}, $inc : { "points" : 5 } }, { sort: { "points" : 1 }, upsert:true, returnNewDocument : true } )`);
    expect(r.out[1]).toBe(
      "{\n  _id: ObjectId('000000000000000000000001'),\n  name: 'A.B. Abracus',\n  assignment: 5,\n  points: 5\n}",
    );
  });

  test('Specify Collation: returns _id 1 (café) before the update', () => {
    const r =
      shell(`db.myColl.insertMany( [ { _id: 1, category: "café", status: "A" }, { _id: 2, category: "cafe", status: "a" }, { _id: 3, category: "cafE", status: "a" } ] )
      db.myColl.findOneAndUpdate( { category: "cafe" }, { $set: { status: "Updated" } }, { collation: { locale: "fr", strength: 1 } } )`);
    expect(r.out[1]).toBe("{ _id: 1, category: 'café', status: 'A' }");
  });

  test('Use an Aggregation Pipeline for Updates: total 250 with returnNewDocument', () => {
    const r =
      shell(`db.students2.insertMany( [ { "_id" : 1, "grades" : [ { "grade" : 80, "mean" : 75, "std" : 6 }, { "grade" : 85, "mean" : 90, "std" : 4 }, { "grade" : 85, "mean" : 85, "std" : 6 } ] } ] )
      db.students2.findOneAndUpdate( { _id : 1 }, [ { $set: { "total" : { $sum: "$grades.grade" } } } ], { returnNewDocument: true } ).total`);
    expect(r.out[1]).toBe('250');
  });
});

describe('updateMany examples (mongodb/docs source/reference/method/db.collection.updateMany.txt)', () => {
  test('Update Multiple Documents: matchedCount 2, modifiedCount 2, Review appended', () => {
    const r = shell(`db.restaurant.insertMany([
        { "_id" : 1, "name" : "Central Perk Cafe", "violations" : 3 }, { "_id" : 2, "name" : "Rock A Feller Bar and Grill", "violations" : 2 },
        { "_id" : 3, "name" : "Empire State Sub", "violations" : 5 }, { "_id" : 4, "name" : "Pizza Rat's Pizzaria", "violations" : 8 } ])
      db.restaurant.updateMany( { violations: { $gt: 4 } }, { $set: { "Review" : true } } )
      db.restaurant.updateMany( { violations: { $gt: 40 } }, { $set: { "Review" : true } } )`);
    expect(r.out.slice(1)).toEqual([
      '{\n  acknowledged: true,\n  insertedId: null,\n  matchedCount: 2,\n  modifiedCount: 2,\n  upsertedCount: 0\n}',
      '{\n  acknowledged: true,\n  insertedId: null,\n  matchedCount: 0,\n  modifiedCount: 0,\n  upsertedCount: 0\n}',
    ]);
    expect(r.contents('restaurant')).toBe(
      `[{"_id":1,"name":"Central Perk Cafe","violations":3},{"_id":2,"name":"Rock A Feller Bar and Grill","violations":2},` +
        `{"_id":3,"name":"Empire State Sub","violations":5,"Review":true},{"_id":4,"name":"Pizza Rat's Pizzaria","violations":8,"Review":true}]`,
    );
  });

  test('Update Multiple Documents with Upsert: the $gt clause is not seeded, inspector is', () => {
    const r =
      shell(`db.inspectors.insertMany([ { "_id" : 92412, "inspector" : "F. Drebin", "Sector" : 1, "Patrolling" : true } ])
      db.inspectors.updateMany( { "Sector" : { $gt : 4 }, "inspector" : "R. Coltrane" }, { $set: { "Patrolling" : false } }, { upsert: true } )`);
    expect(r.out[1]).toBe(
      "{\n  acknowledged: true,\n  insertedId: ObjectId('000000000000000000000001'),\n  matchedCount: 0,\n  modifiedCount: 0,\n  upsertedCount: 1\n}",
    );
    expect(toRelaxed(r.engine.documents('test', 'inspectors')[1]!)).toBe(
      '{"_id":{"$oid":"000000000000000000000001"},"inspector":"R. Coltrane","Patrolling":false}',
    );
  });
});

describe('Collection.runCommand (mongosh)', () => {
  test('("name", options) sends {name: <collection>, ...options}; the name may not repeat as an option', () => {
    const r = shell(`db.c.insertOne({_id: 1, a: 1})
      db.c.runCommand("update", {updates: [{q: {_id: 1}, u: {$inc: {a: 1}}}]})
      db.c.runCommand("update", {update: "x", updates: []})
      db.c.findOne()`);
    expect(r.out.slice(1)).toEqual([
      '{ n: 1, nModified: 1, ok: 1 }',
      'MongoshInvalidInputError: [COMMON-10001] The "commandName" argument cannot be passed as an option to "runCommand".',
      '{ _id: 1, a: 2 }',
    ]);
  });
});
