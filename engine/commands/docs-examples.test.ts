/**
 * Fidelity audit: the examples with stated outputs from MongoDB's documentation and jstests, run
 * through the engine's `update` command exactly as written. Each test cites its source. Numbers in
 * the fixtures are int32 (as a driver sends `1`); replies are compared as relaxed EJSON, so field
 * order and BSON types (`1` int32, `1.0` double) both count.
 */
import { describe, expect, test } from 'vitest';
import { parseEJSONDoc, toRelaxed } from '../bson/ejson.js';
import type { Doc } from '../bson/values.js';
import type { Engine } from '../engine.js';
import { testEngine } from './testing.js';

const DOCS_UPDATE = 'mongodb/docs source/reference/command/update.txt';
const DOCS_METHOD = 'mongodb/docs source/reference/method/db.collection.update.txt';
const UPSERT_FIELDS = 'mongodb/mongo jstests/core/upsert_fields.js';
const PREFIX = 'Plan executor error during update :: caused by :: ';

function cmd(engine: Engine, text: string): string {
  return toRelaxed(engine.runCommand('test', parseEJSONDoc(text)));
}

function seed(engine: Engine, coll: string, docs: string): void {
  const reply: Doc = engine.runCommand('test', parseEJSONDoc(`{"insert": "${coll}", "documents": ${docs}}`));
  expect(reply.get('ok')).toBe(1);
}

function contents(engine: Engine, coll: string): string {
  return toRelaxed(engine.documents('test', coll));
}

const MEMBERS = `[
  {"_id": 1, "member": "abc123", "status": "Pending", "points": 0, "misc1": "note to self: confirm status", "misc2": "Need to activate"},
  {"_id": 2, "member": "xyz123", "status": "D", "points": 59, "misc1": "reminder: ping me at 100pts", "misc2": "Some random comment"}
]`;

describe(`update command examples (${DOCS_UPDATE})`, () => {
  test('Update Specific Fields of One Document: n 1, nModified 1; only the first match changes', () => {
    const e = testEngine();
    seed(e, 'members', MEMBERS);
    expect(
      cmd(
        e,
        `{"update": "members", "updates": [{"q": {"member": "abc123"}, "u": {"$set": {"status": "A"}, "$inc": {"points": 1}}}],
          "ordered": false, "writeConcern": {"w": "majority", "wtimeout": 5000}}`,
      ),
    ).toBe('{"n":1,"nModified":1,"ok":1.0}');
    expect(contents(e, 'members')).toBe(
      '[{"_id":1,"member":"abc123","status":"A","points":1,"misc1":"note to self: confirm status","misc2":"Need to activate"},' +
        '{"_id":2,"member":"xyz123","status":"D","points":59,"misc1":"reminder: ping me at 100pts","misc2":"Some random comment"}]',
    );
  });

  test('Update Specific Fields of Multiple Documents: multi:true with an empty query updates both', () => {
    const e = testEngine();
    seed(e, 'members', MEMBERS);
    cmd(
      e,
      '{"update": "members", "updates": [{"q": {"member": "abc123"}, "u": {"$set": {"status": "A"}, "$inc": {"points": 1}}}]}',
    );
    expect(
      cmd(
        e,
        `{"update": "members", "updates": [{"q": {}, "u": {"$set": {"status": "A"}, "$inc": {"points": 1}}, "multi": true}],
          "ordered": false, "writeConcern": {"w": "majority", "wtimeout": 5000}}`,
      ),
    ).toBe('{"n":2,"nModified":2,"ok":1.0}');
    expect(contents(e, 'members')).toBe(
      '[{"_id":1,"member":"abc123","status":"A","points":2,"misc1":"note to self: confirm status","misc2":"Need to activate"},' +
        '{"_id":2,"member":"xyz123","status":"A","points":60,"misc1":"reminder: ping me at 100pts","misc2":"Some random comment"}]',
    );
  });

  test('Update with Aggregation Pipeline, Example 1: $set of comments then $unset of misc1/misc2', () => {
    const e = testEngine();
    seed(
      e,
      'members',
      `[{"_id": 1, "member": "abc123", "status": "A", "points": 2, "misc1": "note to self: confirm status", "misc2": "Need to activate"},
        {"_id": 2, "member": "xyz123", "status": "A", "points": 60, "misc1": "reminder: ping me at 100pts", "misc2": "Some random comment"}]`,
    );
    expect(
      cmd(
        e,
        `{"update": "members", "updates": [{"q": {}, "u": [
            {"$set": {"status": "Modified", "comments": ["$misc1", "$misc2"]}},
            {"$unset": ["misc1", "misc2"]}], "multi": true}],
          "ordered": false, "writeConcern": {"w": "majority", "wtimeout": 5000}}`,
      ),
    ).toBe('{"n":2,"nModified":2,"ok":1.0}');
    expect(contents(e, 'members')).toBe(
      '[{"_id":1,"member":"abc123","status":"Modified","points":2,"comments":["note to self: confirm status","Need to activate"]},' +
        '{"_id":2,"member":"xyz123","status":"Modified","points":60,"comments":["reminder: ping me at 100pts","Some random comment"]}]',
    );
  });

  test('Update with Aggregation Pipeline, Example 2: $avg and $switch give average (double) and grade', () => {
    const e = testEngine();
    seed(
      e,
      'students',
      '[{"_id": 1, "tests": [95, 92, 90]}, {"_id": 2, "tests": [94, 88, 90]}, {"_id": 3, "tests": [70, 75, 82]}]',
    );
    expect(
      cmd(
        e,
        `{"update": "students", "updates": [{"q": {}, "u": [
            {"$set": {"average": {"$avg": "$tests"}}},
            {"$set": {"grade": {"$switch": {"branches": [
                {"case": {"$gte": ["$average", 90]}, "then": "A"},
                {"case": {"$gte": ["$average", 80]}, "then": "B"},
                {"case": {"$gte": ["$average", 70]}, "then": "C"},
                {"case": {"$gte": ["$average", 60]}, "then": "D"}], "default": "F"}}}}], "multi": true}],
          "ordered": false, "writeConcern": {"w": "majority", "wtimeout": 5000}}`,
      ),
    ).toBe('{"n":3,"nModified":3,"ok":1.0}');
    expect(contents(e, 'students')).toBe(
      '[{"_id":1,"tests":[95,92,90],"average":92.33333333333333,"grade":"A"},' +
        '{"_id":2,"tests":[94,88,90],"average":90.66666666666667,"grade":"A"},' +
        '{"_id":3,"tests":[70,75,82],"average":75.66666666666667,"grade":"C"}]',
    );
  });

  test('Bulk Update: a multi update and a replacement upsert with _id 5 (upserted index 1, n counts the upsert)', () => {
    const e = testEngine();
    // The page's collection is not shown; ten members in status "P" give its nModified 10 / n 11.
    seed(e, 'members', `[${Array.from({ length: 10 }, (_, i) => `{"_id": ${i + 100}, "status": "P"}`).join(',')}]`);
    expect(
      cmd(
        e,
        `{"update": "members", "updates": [
            {"q": {"status": "P"}, "u": {"$set": {"status": "D"}}, "multi": true},
            {"q": {"_id": 5}, "u": {"_id": 5, "name": "abc123", "status": "A"}, "upsert": true}],
          "ordered": false, "writeConcern": {"w": "majority", "wtimeout": 5000}}`,
      ),
    ).toBe('{"n":11,"upserted":[{"index":1,"_id":5}],"nModified":10,"ok":1.0}');
    expect(toRelaxed(e.documents('test', 'members').at(-1) ?? new Map())).toBe(
      '{"_id":5,"name":"abc123","status":"A"}',
    );
  });

  test('Specify Collation: fr strength 1 matches café/cafe/cafE; without multi only the first is updated', () => {
    const e = testEngine();
    seed(
      e,
      'myColl',
      '[{"_id": 1, "category": "café", "status": "A"}, {"_id": 2, "category": "cafe", "status": "a"}, {"_id": 3, "category": "cafE", "status": "a"}]',
    );
    expect(
      cmd(
        e,
        `{"update": "myColl", "updates": [{"q": {"category": "cafe", "status": "a"}, "u": {"$set": {"status": "Updated"}},
          "collation": {"locale": "fr", "strength": 1}}]}`,
      ),
    ).toBe('{"n":1,"nModified":1,"ok":1.0}');
    expect(contents(e, 'myColl')).toBe(
      '[{"_id":1,"category":"café","status":"Updated"},{"_id":2,"category":"cafe","status":"a"},{"_id":3,"category":"cafE","status":"a"}]',
    );
  });

  test('arrayFilters: grades.$[element] >= 100 set to 100', () => {
    const e = testEngine();
    seed(
      e,
      'students',
      '[{"_id": 1, "grades": [95, 92, 90]}, {"_id": 2, "grades": [98, 100, 102]}, {"_id": 3, "grades": [95, 110, 100]}]',
    );
    expect(
      cmd(
        e,
        `{"update": "students", "updates": [{"q": {"grades": {"$gte": 100}}, "u": {"$set": {"grades.$[element]": 100}},
          "arrayFilters": [{"element": {"$gte": 100}}], "multi": true}]}`,
      ),
    ).toBe('{"n":2,"nModified":2,"ok":1.0}');
    expect(contents(e, 'students')).toBe(
      '[{"_id":1,"grades":[95,92,90]},{"_id":2,"grades":[98,100,100]},{"_id":3,"grades":[95,100,100]}]',
    );
  });

  test('arrayFilters on an array of documents: grades.$[elem].mean where elem.grade >= 85', () => {
    const e = testEngine();
    seed(
      e,
      'students2',
      `[{"_id": 1, "grades": [{"grade": 80, "mean": 75, "std": 6}, {"grade": 85, "mean": 90, "std": 4}, {"grade": 85, "mean": 85, "std": 6}]},
        {"_id": 2, "grades": [{"grade": 90, "mean": 75, "std": 6}, {"grade": 87, "mean": 90, "std": 3}, {"grade": 85, "mean": 85, "std": 4}]}]`,
    );
    expect(
      cmd(
        e,
        `{"update": "students2", "updates": [{"q": {}, "u": {"$set": {"grades.$[elem].mean": 100}},
          "arrayFilters": [{"elem.grade": {"$gte": 85}}], "multi": true}]}`,
      ),
    ).toBe('{"n":2,"nModified":2,"ok":1.0}');
    expect(contents(e, 'students2')).toBe(
      '[{"_id":1,"grades":[{"grade":80,"mean":75,"std":6},{"grade":85,"mean":100,"std":4},{"grade":85,"mean":100,"std":6}]},' +
        '{"_id":2,"grades":[{"grade":90,"mean":100,"std":6},{"grade":87,"mean":100,"std":3},{"grade":85,"mean":100,"std":4}]}]',
    );
  });

  const HINT_MEMBERS = `[
    {"_id": 1, "member": "abc123", "status": "P", "points": 0, "misc1": null, "misc2": null},
    {"_id": 2, "member": "xyz123", "status": "A", "points": 60, "misc1": "reminder: ping me at 100pts", "misc2": "Some random comment"},
    {"_id": 3, "member": "lmn123", "status": "P", "points": 0, "misc1": null, "misc2": null},
    {"_id": 4, "member": "pqr123", "status": "D", "points": 20, "misc1": "Deactivated", "misc2": null},
    {"_id": 5, "member": "ijk123", "status": "P", "points": 0, "misc1": null, "misc2": null},
    {"_id": 6, "member": "cde123", "status": "A", "points": 86, "misc1": "reminder: ping me at 100pts", "misc2": "Some random comment"}]`;

  function hintFixture(): Engine {
    const e = testEngine();
    seed(e, 'members', HINT_MEMBERS);
    cmd(
      e,
      '{"createIndexes": "members", "indexes": [{"key": {"status": 1}, "name": "status_1"}, {"key": {"points": 1}, "name": "points_1"}]}',
    );
    return e;
  }

  test('Specify hint: {status: 1} with multi updates the three "P" members', () => {
    const e = hintFixture();
    expect(
      cmd(
        e,
        `{"update": "members", "updates": [{"q": {"points": {"$lte": 20}, "status": "P"}, "u": {"$set": {"misc1": "Need to activate"}},
          "hint": {"status": 1}, "multi": true}]}`,
      ),
    ).toBe('{"n":3,"nModified":3,"ok":1.0}');
    const changed = e.documents('test', 'members').filter((d) => d.get('misc1') === 'Need to activate');
    expect(toRelaxed(changed.map((d) => d.get('_id')!))).toBe('[1,3,5]');
  });

  test('Specify hint: the explain form does not modify the documents', () => {
    const e = hintFixture();
    const reply = e.runCommand(
      'test',
      parseEJSONDoc(`{"explain": {"update": "members", "updates": [{"q": {"points": {"$lte": 20}, "status": "P"},
        "u": {"$set": {"misc1": "Need to activate"}}, "hint": {"status": 1}, "multi": true}]}, "verbosity": "queryPlanner"}`),
    );
    expect(reply.get('ok')).toBe(1);
    expect(contents(e, 'members')).toBe(toRelaxed(parseEJSONDoc(`{"a": ${HINT_MEMBERS}}`).get('a')!));
  });

  test('Specify hint: an index that does not exist makes the statement fail (code 2)', () => {
    const e = hintFixture();
    expect(
      cmd(
        e,
        '{"update": "members", "updates": [{"q": {"status": "P"}, "u": {"$set": {"x": 1}}, "hint": {"nope": 1}}]}',
      ),
    ).toMatch(
      /^\{"n":0,"writeErrors":\[\{"index":0,"code":2,"errmsg":".*hint provided does not correspond to an existing index"\}\],"nModified":0,"ok":1\.0\}$/,
    );
  });

  const FLAVORS =
    '[{"_id": 1, "flavor": "chocolate"}, {"_id": 2, "flavor": "strawberry"}, {"_id": 3, "flavor": "cherry"}]';

  test('let variables: $expr filter on $$targetFlavor, pipeline sets $$newFlavor (cherry → orange)', () => {
    const e = testEngine();
    seed(e, 'cakeFlavors', FLAVORS);
    expect(
      cmd(
        e,
        `{"update": "cakeFlavors", "updates": [{"q": {"$expr": {"$eq": ["$flavor", "$$targetFlavor"]}}, "u": [{"$set": {"flavor": "$$newFlavor"}}]}],
          "let": {"targetFlavor": "cherry", "newFlavor": "orange"}}`,
      ),
    ).toBe('{"n":1,"nModified":1,"ok":1.0}');
    expect(contents(e, 'cakeFlavors')).toBe(
      '[{"_id":1,"flavor":"chocolate"},{"_id":2,"flavor":"strawberry"},{"_id":3,"flavor":"orange"}]',
    );
  });

  test('c variables per statement (chocolate → vanilla)', () => {
    const e = testEngine();
    seed(e, 'cakeFlavors', FLAVORS);
    expect(
      cmd(
        e,
        `{"update": "cakeFlavors", "updates": [{"q": {"$expr": {"$eq": ["$flavor", "$$targetFlavor"]}}, "u": [{"$set": {"flavor": "$$newFlavor"}}],
          "c": {"targetFlavor": "chocolate", "newFlavor": "vanilla"}}]}`,
      ),
    ).toBe('{"n":1,"nModified":1,"ok":1.0}');
    expect(contents(e, 'cakeFlavors')).toBe(
      '[{"_id":1,"flavor":"vanilla"},{"_id":2,"flavor":"strawberry"},{"_id":3,"flavor":"cherry"}]',
    );
  });

  test('Output: an upsert reply is {n: 1, upserted: [{index: 0, _id: ObjectId}], nModified: 0, ok}', () => {
    const e = testEngine();
    expect(cmd(e, '{"update": "c", "updates": [{"q": {"x": 1}, "u": {"$set": {"y": 1}}, "upsert": true}]}')).toBe(
      '{"n":1,"upserted":[{"index":0,"_id":{"$oid":"000000000000000000000001"}}],"nModified":0,"ok":1.0}',
    );
  });

  test('Output: a bulk update with two _id changes has two writeErrors (8.0: code 66 where the page shows 16837)', () => {
    const e = testEngine();
    seed(e, 'c', '[{"_id": 1.0}, {"_id": 2.0}, {"_id": 3.0}]');
    expect(
      cmd(
        e,
        `{"update": "c", "ordered": false, "updates": [
            {"q": {"_id": 3}, "u": {"$set": {"a": 1}}},
            {"q": {"_id": 1}, "u": {"_id": 5.0}},
            {"q": {"_id": 2}, "u": {"$set": {"_id": 6.0}}}]}`,
      ),
    ).toBe(
      '{"n":1,"writeErrors":[' +
        `{"index":1,"code":66,"errmsg":"${PREFIX}After applying the update, the (immutable) field '_id' was found to have been altered to _id: 5.0"},` +
        `{"index":2,"code":66,"errmsg":"${PREFIX}Performing an update on the path '_id' would modify the immutable field '_id'"}` +
        '],"nModified":1,"ok":1.0}',
    );
  });

  test('ordered (default true) stops at the first failing statement; ordered:false runs the rest', () => {
    const e = testEngine();
    seed(e, 'c', '[{"_id": 1}, {"_id": 2}]');
    const body = `"updates": [{"q": {"_id": 1}, "u": {"$set": {"_id": 9}}}, {"q": {"_id": 2}, "u": {"$set": {"a": 1}}}]`;
    expect(cmd(e, `{"update": "c", ${body}}`)).toMatch(
      /^\{"n":0,"writeErrors":\[\{"index":0,"code":66,.*\}\],"nModified":0,"ok":1\.0\}$/,
    );
    expect(contents(e, 'c')).toBe('[{"_id":1},{"_id":2}]');
    expect(cmd(e, `{"update": "c", "ordered": false, ${body}}`)).toMatch(
      /^\{"n":1,"writeErrors":\[\{"index":0,"code":66,.*\}\],"nModified":1,"ok":1\.0\}$/,
    );
    expect(contents(e, 'c')).toBe('[{"_id":1},{"_id":2,"a":1}]');
  });

  test('Replacement document: multi:true with a replacement is rejected (code 9)', () => {
    const e = testEngine();
    seed(e, 'c', '[{"_id": 1}]');
    expect(cmd(e, '{"update": "c", "updates": [{"q": {}, "u": {"a": 1}, "multi": true}]}')).toBe(
      '{"n":0,"writeErrors":[{"index":0,"code":9,"errmsg":"multi update is not supported for replacement-style update"}],"nModified":0,"ok":1.0}',
    );
  });
});

describe(`db.collection.update upsert examples, as commands (${DOCS_METHOD})`, () => {
  test('Upsert with Operator Expressions: {item: "BLP921"} + $set reorder + $setOnInsert stock', () => {
    const e = testEngine();
    expect(
      cmd(
        e,
        '{"update": "books", "updates": [{"q": {"item": "BLP921"}, "u": {"$set": {"reorder": false}, "$setOnInsert": {"stock": 10}}, "upsert": true}]}',
      ),
    ).toBe('{"n":1,"upserted":[{"index":0,"_id":{"$oid":"000000000000000000000001"}}],"nModified":0,"ok":1.0}');
    expect(contents(e, 'books')).toBe(
      '[{"_id":{"$oid":"000000000000000000000001"},"item":"BLP921","reorder":false,"stock":10}]',
    );
  });

  test('Upsert with multi (No Match): the seed {info: {publisher}} then $set fields in sorted order', () => {
    const e = testEngine();
    cmd(
      e,
      `{"update": "books", "updates": [{"q": {"info.publisher": "Self-Published"},
        "u": {"$set": {"reorder": false, "tags": ["literature", "hardcover"], "stock": 25}}, "upsert": true, "multi": true}]}`,
    );
    expect(contents(e, 'books')).toBe(
      '[{"_id":{"$oid":"000000000000000000000001"},"info":{"publisher":"Self-Published"},"reorder":false,"stock":25,"tags":["literature","hardcover"]}]',
    );
  });

  test('Upsert using an Aggregation Pipeline: $replaceRoot/$mergeObjects, $avg and $$NOW', () => {
    const e = testEngine();
    cmd(
      e,
      `{"update": "books", "updates": [{"q": {"item": "MRQ014", "ratings": [2, 5, 3]}, "u": [
          {"$replaceRoot": {"newRoot": {"$mergeObjects": [{"stock": 0}, "$$ROOT"]}}},
          {"$set": {"avgRating": {"$avg": "$ratings"}, "tags": ["fiction", "murder"], "lastModified": "$$NOW"}}], "upsert": true}]}`,
    );
    const docs = e.documents('test', 'books');
    expect(docs).toHaveLength(1);
    const now = docs[0]!.get('lastModified');
    expect(now).toBeInstanceOf(Date);
    expect(toRelaxed(docs[0]!)).toBe(
      '{"_id":{"$oid":"000000000000000000000001"},"stock":0,"item":"MRQ014","ratings":[2,5,3],"avgRating":3.3333333333333335,' +
        `"tags":["fiction","murder"],"lastModified":{"$date":"${(now as Date).toISOString()}"}}`,
    );
  });

  test('Upsert with Replacement Document: no _id anywhere → generated ObjectId first', () => {
    const e = testEngine();
    expect(
      cmd(
        e,
        '{"update": "books", "updates": [{"q": {"item": "ZZZ135"}, "u": {"item": "ZZZ135", "stock": 5, "tags": ["database"]}, "upsert": true}]}',
      ),
    ).toBe('{"n":1,"upserted":[{"index":0,"_id":{"$oid":"000000000000000000000001"}}],"nModified":0,"ok":1.0}');
    expect(contents(e, 'books')).toBe(
      '[{"_id":{"$oid":"000000000000000000000001"},"item":"ZZZ135","stock":5,"tags":["database"]}]',
    );
  });

  test('Upsert with Dotted _id Query (8.0): a modifier upsert builds _id {name, uid}; the page shows pre-4.x code 111', () => {
    const e = testEngine();
    expect(
      cmd(
        e,
        `{"update": "c", "updates": [{"q": {"_id.name": "Robert Frost", "_id.uid": 0}, "u": {"$set": {"categories": ["poet", "playwright"]}}, "upsert": true}]}`,
      ),
    ).toBe('{"n":1,"upserted":[{"index":0,"_id":{"name":"Robert Frost","uid":0}}],"nModified":0,"ok":1.0}');
    expect(contents(e, 'c')).toBe('[{"_id":{"name":"Robert Frost","uid":0},"categories":["poet","playwright"]}]');
  });

  test('Upsert with Dotted _id Query, replacement style: code 111 NotExactValueField, nothing inserted', () => {
    const e = testEngine();
    expect(
      cmd(
        e,
        `{"update": "c", "updates": [{"q": {"_id.name": "Robert Frost", "_id.uid": 0}, "u": {"categories": ["poet", "playwright"]}, "upsert": true}]}`,
      ),
    ).toBe(
      `{"n":0,"writeErrors":[{"index":0,"code":111,"errmsg":"${PREFIX}field at '_id' must be exactly specified, field at sub-path '_id.name'found"}],"nModified":0,"ok":1.0}`,
    );
    expect(contents(e, 'c')).toBe('[]');
  });

  test('Using $expr in an Update with Upsert generates an error (224)', () => {
    const e = testEngine();
    expect(
      cmd(
        e,
        '{"update": "c", "updates": [{"q": {"$expr": {"$eq": ["$a", 1]}}, "u": {"$set": {"b": 1}}, "upsert": true}]}',
      ),
    ).toBe(
      '{"n":0,"writeErrors":[{"index":0,"code":224,"errmsg":"$expr is not allowed in the query predicate for an upsert"}],"nModified":0,"ok":1.0}',
    );
  });

  test('equality extraction: {name: "Andy", rating: {$gt: 8}} seeds only name (comparison operators are not copied)', () => {
    const e = testEngine();
    cmd(
      e,
      '{"update": "people", "updates": [{"q": {"name": "Andy", "rating": {"$gt": 8}}, "u": {"$inc": {"score": 1}}, "upsert": true}]}',
    );
    expect(contents(e, 'people')).toBe('[{"_id":{"$oid":"000000000000000000000001"},"name":"Andy","score":1}]');
  });
});

describe(`upsert seeding (${UPSERT_FIELDS} and its current jstests/core/write/update/ version)`, () => {
  function upserted(q: string, u: string): string {
    const e = testEngine();
    const reply = cmd(e, `{"update": "c", "updates": [{"q": ${q}, "u": ${u}, "upsert": true}]}`);
    return reply.includes('writeErrors') ? reply : contents(e, 'c');
  }
  const OID = '{"$oid":"000000000000000000000001"}';

  test.each([
    ['{"_id": {"$eq": 1}}', '{}', '[{"_id":1}]'],
    ['{"_id": {"$all": [1]}}', '{"$set": {"a": 1}}', '[{"_id":1,"a":1}]'],
    ['{"_id": {"$in": [1]}}', '{"$setOnInsert": {"a": 1}}', '[{"_id":1,"a":1}]'],
    ['{"$or": [{"_id": {"$eq": 1}}]}', '{"$set": {"a": 1}}', '[{"_id":1,"a":1}]'],
    ['{"_id": {"$in": [1, 2]}}', '{"$set": {"a": 1}}', `[{"_id":${OID},"a":1}]`],
    ['{"x": {"$in": [1]}}', '{"$set": {"a": 1}}', `[{"_id":${OID},"x":1,"a":1}]`],
    ['{"x": [1, 2]}', '{"$set": {"a": 1}}', `[{"_id":${OID},"x":[1,2],"a":1}]`],
    ['{"x": {"x.x": 1}}', '{"$set": {"a": 1}}', `[{"_id":${OID},"x":{"x.x":1},"a":1}]`],
    ['{"x": 1}', '{}', `[{"_id":${OID}}]`],
    ['{"x": {"$regex": "abc"}}', '{"$set": {"a": 1}}', `[{"_id":${OID},"a":1}]`],
    ['{"x.x": {"$eq": 1}}', '{"$setOnInsert": {"a": 1}}', `[{"_id":${OID},"x":{"x":1},"a":1}]`],
    ['{"_id": 1, "x": [1, {"x": 1}], "x.x": 1}', '{}', '[{"_id":1}]'],
    // 7.3+: an $or of identical equalities on one path becomes an $in of one value, then $eq.
    // Other duplicate branches are not merged (the boolean simplifier is off for upserts).
    [
      '{"$or": [{"x": 1}, {"x": {"$eq": 1}}, {"x": {"$in": [1]}}]}',
      '{"$set": {"a": 1}}',
      `[{"_id":${OID},"x":1,"a":1}]`,
    ],
    ['{"$or": [{"x": 1, "y": 2}, {"x": 1, "y": 2}]}', '{"$set": {"a": 1}}', `[{"_id":${OID},"a":1}]`],
    ['{"$or": [{"x": 1}, {"x": 2}]}', '{"$set": {"a": 1}}', `[{"_id":${OID},"a":1}]`],
    [
      '{"$or": [{"x": {"$eq": {"$regularExpression": {"pattern": "a", "options": ""}}}}, {"x": {"$eq": {"$regularExpression": {"pattern": "a", "options": ""}}}}]}',
      '{"$set": {"a": 1}}',
      `[{"_id":${OID},"a":1}]`,
    ],
  ])('q %s, u %s inserts %s (seed fields first, new update fields appended)', (q, u, out) => {
    expect(upserted(q, u)).toBe(out);
  });

  test.each([
    [
      '{"x": {"$all": [1, 2]}}',
      '{"$set": {"a": 1}}',
      54,
      "cannot infer query fields to set, path 'x' is matched twice",
    ],
    [
      '{"$and": [{"x": 1}, {"x": 2}]}',
      '{"$set": {"a": 1}}',
      54,
      "cannot infer query fields to set, path 'x' is matched twice",
    ],
    // Identical $and children still conflict in 8.0 for upserts (no boolean simplifier here).
    [
      '{"$and": [{"x": 1}, {"x": 1}]}',
      '{"$set": {"a": 1}}',
      54,
      "cannot infer query fields to set, path 'x' is matched twice",
    ],
    [
      '{"x": 1, "x.x": 1}',
      '{"$set": {"a": 1}}',
      54,
      "cannot infer query fields to set, both paths 'x.x' and 'x' are matched",
    ],
    ['{"_id.x": 1, "_id.y": 2}', '{}', 111, "field at '_id' must be exactly specified, field at sub-path '_id.x'found"],
  ])('q %s, u %s is write error %i', (q, u, code, errmsg) => {
    // The seed is built inside the upsert stage, so 8.0 wraps the message like any executor error.
    expect(upserted(q, u)).toBe(
      `{"n":0,"writeErrors":[{"index":0,"code":${code},"errmsg":"${PREFIX}${errmsg}"}],"nModified":0,"ok":1.0}`,
    );
  });

  test.each([['{"_id": [1, 2]}'], ['{"$set": {"_id": [1, 2]}}'], ['{"_id": {"$regex": "abc"}}']])(
    'u %s with q {} is a write error',
    (u) => {
      expect(upserted('{}', u)).toMatch(/"writeErrors":\[\{"index":0,"code":\d+,/);
    },
  );
});

describe('batch write protocol (mongodb/mongo jstests/core/write/update/batch_write_command_update.js)', () => {
  test('no updates array: the command fails (ok 0, numeric code, errmsg)', () => {
    const reply = testEngine().runCommand('test', parseEJSONDoc('{"update": "c"}'));
    expect(reply.get('ok')).toBe(0);
    expect(toRelaxed(reply)).toBe(
      `{"ok":0.0,"errmsg":"BSON field 'update.updates' is missing but a required field","code":40414,"codeName":"IDLFailedToParse"}`,
    );
  });

  test('multi update/upsert, unordered: n 2, nModified 1, upserted index 1', () => {
    const e = testEngine();
    seed(e, 'c', '[{"_id": 1, "b": 1}]');
    expect(
      cmd(
        e,
        `{"update": "c", "updates": [{"q": {"b": 1}, "u": {"$set": {"b": 1, "a": 1}}, "upsert": true},
          {"q": {"b": 2}, "u": {"$set": {"b": 2, "a": 1}}, "upsert": true}], "writeConcern": {"w": 1}, "ordered": false}`,
      ),
    ).toBe('{"n":2,"upserted":[{"index":1,"_id":{"$oid":"000000000000000000000001"}}],"nModified":1,"ok":1.0}');
    // The seed is {b: 2}; $set then changes b (same value) and appends a.
    expect(contents(e, 'c')).toBe('[{"_id":1,"b":1,"a":1},{"_id":{"$oid":"000000000000000000000001"},"b":2,"a":1}]');
  });

  test('multi update with a no-op: n 2, nModified 1', () => {
    const e = testEngine();
    seed(e, 'c', '[{"_id": 1, "a": 1, "c": 2}, {"_id": 2, "a": 1}]');
    expect(
      cmd(e, '{"update": "c", "updates": [{"q": {"a": 1}, "u": {"$set": {"c": 2}}, "multi": true}], "ordered": false}'),
    ).toBe('{"n":2,"nModified":1,"ok":1.0}');
  });

  test('more than maxWriteBatchSize statements fail the whole command and write nothing', () => {
    const e = testEngine();
    seed(e, 'c', '[{"_id": 1, "a": 0}]');
    const max = e.runCommand('admin', parseEJSONDoc('{"hello": 1}')).get('maxWriteBatchSize');
    expect(toRelaxed(max!)).toBe('100000');
    const stmts = `[${Array(100001).fill('{"q": {}, "u": {"$inc": {"a": 1}}}').join(',')}]`;
    const over = e.runCommand('test', parseEJSONDoc(`{"update": "c", "updates": ${stmts}, "ordered": false}`));
    expect(toRelaxed(over)).toBe(
      '{"ok":0.0,"errmsg":"Write batch sizes must be between 1 and 100000. Got 100001 operations.","code":16,"codeName":"InvalidLength"}',
    );
    expect(contents(e, 'c')).toBe('[{"_id":1,"a":0}]');
  });

  test('upserts hitting a unique index, ordered: two upserted, writeErrors at index 2 (11000)', () => {
    const e = testEngine();
    cmd(e, '{"createIndexes": "c", "indexes": [{"key": {"a": 1}, "name": "a_1", "unique": true}]}');
    expect(
      cmd(
        e,
        `{"update": "c", "updates": [{"q": {"b": 1}, "u": {"$set": {"b": 1, "a": 1}}, "upsert": true},
          {"q": {"b": 3}, "u": {"$set": {"b": 3, "a": 2}}, "upsert": true},
          {"q": {"b": 2}, "u": {"$set": {"b": 2, "a": 1}}, "upsert": true}], "writeConcern": {"w": 1}, "ordered": true}`,
      ),
    ).toBe(
      // UpdateCommandReply (write_ops.idl) chains WriteCommandReplyBase {n, writeErrors} before its
      // own {upserted, nModified}; the insert runs inside the upsert stage, hence the prefix.
      '{"n":2,"writeErrors":[{"index":2,"code":11000,"errmsg":"Plan executor error during update :: caused by :: ' +
        'E11000 duplicate key error collection: test.c index: a_1 dup key: { a: 1 }","keyPattern":{"a":1},"keyValue":{"a":1}}],' +
        '"upserted":[{"index":0,"_id":{"$oid":"000000000000000000000001"}},{"index":1,"_id":{"$oid":"000000000000000000000002"}}],' +
        '"nModified":0,"ok":1.0}',
    );
  });

  test('upserts hitting a unique index, unordered: writeErrors at 1 and 2, upserted 0 and 3', () => {
    const e = testEngine();
    cmd(e, '{"createIndexes": "c", "indexes": [{"key": {"a": 1}, "name": "a_1", "unique": true}]}');
    const reply = e.runCommand(
      'test',
      parseEJSONDoc(`{"update": "c", "updates": [{"q": {"b": 1}, "u": {"$set": {"b": 1, "a": 1}}, "upsert": true},
        {"q": {"b": 2}, "u": {"$set": {"b": 2, "a": 1}}, "upsert": true},
        {"q": {"b": 2}, "u": {"$set": {"b": 2, "a": 1}}, "upsert": true},
        {"q": {"b": 3}, "u": {"$set": {"b": 3, "a": 3}}, "upsert": true}], "writeConcern": {"w": 1}, "ordered": false}`),
    );
    expect(toRelaxed(reply.get('n')!)).toBe('2');
    expect(toRelaxed(reply.get('nModified')!)).toBe('0');
    expect(toRelaxed((reply.get('upserted') as Doc[]).map((u) => u.get('index')!))).toBe('[0,3]');
    expect(toRelaxed((reply.get('writeErrors') as Doc[]).map((w) => [w.get('index')!, w.get('code')!]))).toBe(
      '[[1,11000],[2,11000]]',
    );
    expect(e.documents('test', 'c')).toHaveLength(2);
  });
});

describe('pipeline-style updates (mongodb/mongo jstests/core/write/update/update_with_pipeline.js)', () => {
  test.each([
    ['{"_id": 1, "x": 1, "s": "big"}', '[{"$set": {"foo": 4}}]', '{"_id":1,"x":1,"s":"big","foo":4}'],
    ['{"_id": 1, "x": 1, "y": 1}', '[{"$project": {"x": 1}}]', '{"_id":1,"x":1}'],
    [
      '{"_id": 1, "x": 1, "y": [{"z": 1, "foo": 1}], "s": "big"}',
      '[{"$unset": ["x", "y.z"]}]',
      '{"_id":1,"y":[{"foo":1}],"s":"big"}',
    ],
    [
      '{"_id": 1, "x": 1, "t": {"u": {"v": 1}, "s": "big"}}',
      '[{"$replaceWith": "$t"}]',
      '{"_id":1,"u":{"v":1},"s":"big"}',
    ],
  ])('existing %s with %s becomes %s', (doc, u, out) => {
    const e = testEngine();
    seed(e, 'c', `[${doc}]`);
    expect(cmd(e, `{"update": "c", "updates": [{"q": {"_id": 1}, "u": ${u}}]}`)).toBe('{"n":1,"nModified":1,"ok":1.0}');
    expect(contents(e, 'c')).toBe(`[${out}]`);
  });

  test('multi:false with two matches updates exactly one', () => {
    const e = testEngine();
    seed(e, 'c', '[{"_id": 1, "x": 1}, {"_id": 2, "x": 2}]');
    expect(
      cmd(
        e,
        '{"update": "c", "updates": [{"q": {"_id": {"$in": [1, 2]}}, "u": [{"$set": {"bar": 4}}], "multi": false}]}',
      ),
    ).toBe('{"n":1,"nModified":1,"ok":1.0}');
  });

  test.each([
    ['{"_id": 1, "x": 1}', '[{"$set": {"foo": 4}}]', '{"_id":1,"x":1,"foo":4}'],
    ['{"_id": 1, "x": 1}', '[{"$project": {"x": 1}}]', '{"_id":1,"x":1}'],
    ['{"_id": 1, "x": 1}', '[{"$project": {"x": "foo"}}]', '{"_id":1,"x":"foo"}'],
    ['{"_id": 1, "x": 1, "y": 1}', '[{"$unset": ["x"]}]', '{"_id":1,"y":1}'],
  ])('upsert with q %s and %s inserts %s', (q, u, out) => {
    const e = testEngine();
    cmd(e, `{"update": "c", "updates": [{"q": ${q}, "u": ${u}, "upsert": true}]}`);
    expect(contents(e, 'c')).toBe(`[${out}]`);
  });

  test.each([
    ['{"$match": {"x": 1}}', '$match'],
    ['{"$sort": {"x": 1}}', '$sort'],
    ['{"$facet": {"a": [{"$match": {"x": 1}}]}}', '$facet'],
    ['{"$lookup": {"from": "foo", "as": "as", "localField": "a", "foreignField": "b"}}', '$lookup'],
    [
      '{"$graphLookup": {"from": "foo", "startWith": "$a", "connectFromField": "a", "connectToField": "b", "as": "as"}}',
      '$graphLookup',
    ],
  ])('stage %s is InvalidOptions (72)', (stage, name) => {
    const e = testEngine();
    seed(e, 'c', '[{"_id": 1, "x": 1, "z": 1}]');
    expect(cmd(e, `{"update": "c", "updates": [{"q": {"x": 1}, "u": [${stage}]}]}`)).toBe(
      `{"n":0,"writeErrors":[{"index":0,"code":72,"errmsg":"${name} is not allowed to be used within an update"}],"nModified":0,"ok":1.0}`,
    );
  });

  test('an aggregation stage outside an array is an unknown modifier (9); arrayFilters with a pipeline is 9', () => {
    const e = testEngine();
    seed(e, 'c', '[{"_id": 1}]');
    expect(cmd(e, '{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$addFields": {"x": 1}}}]}')).toBe(
      '{"n":0,"writeErrors":[{"index":0,"code":9,"errmsg":"Unknown modifier: $addFields. Expected a valid update modifier or pipeline-style update specified as an array"}],"nModified":0,"ok":1.0}',
    );
    expect(
      cmd(
        e,
        '{"update": "c", "updates": [{"q": {"_id": 1}, "u": [{"$set": {"x": 1}}], "arrayFilters": [{"x": {"$eq": 1}}]}]}',
      ),
    ).toBe(
      '{"n":0,"writeErrors":[{"index":0,"code":9,"errmsg":"arrayFilters may not be specified for pipeline-style updates"}],"nModified":0,"ok":1.0}',
    );
  });

  test.each([
    ['{"foo": "bar"}', '[{"$set": {"foo": "$$foo"}}]', '{"_id":1,"x":1,"foo":"bar"}'],
    [
      '{"foo": {"a": {"b": {"c": "bar"}}}}',
      '[{"$set": {"foo": "$$foo"}}]',
      '{"_id":1,"x":1,"foo":{"a":{"b":{"c":"bar"}}}}',
    ],
    ['{"foo": [1, 2, 3]}', '[{"$set": {"foo": {"$arrayElemAt": ["$$foo", 2]}}}]', '{"_id":1,"x":1,"foo":3}'],
    ['{"foo": "$x"}', '[{"$set": {"foo": "$$foo"}}]', '{"_id":1,"x":1,"foo":"$x"}'],
    ['{"foo": {"$add": [1, 2]}}', '[{"$set": {"x": "$$foo"}}]', '{"_id":1,"x":{"$add":[1,2]}}'],
  ])('constants c %s are literal values in %s', (c, u, out) => {
    const e = testEngine();
    seed(e, 'c', '[{"_id": 1, "x": 1}]');
    expect(cmd(e, `{"update": "c", "updates": [{"q": {"_id": 1}, "u": ${u}, "c": ${c}}]}`)).toBe(
      '{"n":1,"nModified":1,"ok":1.0}',
    );
    expect(contents(e, 'c')).toBe(`[${out}]`);
  });

  test.each([
    ['{"x": "$$foo"}', '{"foo": "bar"}'],
    ['{"$set": {"x": "$$foo"}}', '{"foo": "bar"}'],
    ['{"$set": {"x": "1"}}', '{}'],
  ])('constants with a non-pipeline update %s are 51198', (u, c) => {
    const e = testEngine();
    seed(e, 'c', '[{"_id": 1, "x": 1}]');
    expect(cmd(e, `{"update": "c", "updates": [{"q": {"_id": 1}, "u": ${u}, "c": ${c}}]}`)).toBe(
      '{"n":0,"writeErrors":[{"index":0,"code":51198,"errmsg":"Constant values may only be specified for pipeline updates"}],"nModified":0,"ok":1.0}',
    );
  });
});

describe('hint (mongodb/mongo jstests/core/write/update/update_hint.js)', () => {
  function ixscanKeyPattern(e: Engine, update: string): string {
    const out = e.runCommand('test', parseEJSONDoc(`{"explain": ${update}, "verbosity": "queryPlanner"}`));
    const text = toRelaxed(out);
    const m = /"stage":"IXSCAN","keyPattern":(\{[^}]*\})/.exec(text);
    return m?.[1] ?? text;
  }

  test('a key-pattern hint, an index-name hint, and a hint on an _id query (no idhack) all use the hinted index', () => {
    const e = testEngine();
    seed(e, 'c', '[{"_id": 1, "x": 1, "y": 1}]');
    cmd(e, '{"createIndexes": "c", "indexes": [{"key": {"x": 1}, "name": "x_1"}, {"key": {"y": -1}, "name": "y_-1"}]}');
    expect(
      ixscanKeyPattern(e, '{"update": "c", "updates": [{"q": {"x": 1}, "u": {"$set": {"y": 1}}, "hint": {"x": 1}}]}'),
    ).toBe('{"x":1}');
    expect(
      ixscanKeyPattern(e, '{"update": "c", "updates": [{"q": {"x": 1}, "u": {"$set": {"y": 1}}, "hint": "y_-1"}]}'),
    ).toBe('{"y":-1}');
    expect(
      ixscanKeyPattern(e, '{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$set": {"y": 1}}, "hint": "y_-1"}]}'),
    ).toBe('{"y":-1}');
  });

  test('hinting a sparse index updates only the documents in it; an upsert through it inserts', () => {
    const e = testEngine();
    seed(e, 'c', '[{"_id": 1, "x": 1}, {"_id": 2, "x": 1}, {"_id": 3, "x": 1, "s": 0}, {"_id": 4, "x": 1, "s": 0}]');
    cmd(
      e,
      '{"createIndexes": "c", "indexes": [{"key": {"x": 1}, "name": "x_1"}, {"key": {"s": 1}, "name": "s_1", "sparse": true}]}',
    );
    expect(
      cmd(e, '{"update": "c", "updates": [{"q": {}, "u": {"$set": {"s": 1}}, "hint": {"s": 1}, "multi": true}]}'),
    ).toBe('{"n":2,"nModified":2,"ok":1.0}');
    seed(e, 'c', '[{"_id": 5, "x": 2}]');
    expect(
      cmd(
        e,
        '{"update": "c", "updates": [{"q": {"x": 2}, "u": {"$set": {"x": 1}}, "hint": {"s": 1}, "upsert": true}]}',
      ),
    ).toBe('{"n":1,"upserted":[{"index":0,"_id":{"$oid":"000000000000000000000001"}}],"nModified":0,"ok":1.0}');
  });

  test('malformed hints are FailedToParse command errors; an unknown index is BadValue', () => {
    const e = testEngine();
    seed(e, 'c', '[{"_id": 1, "x": 1}]');
    for (const hint of ['1', 'true']) {
      const reply = e.runCommand(
        'test',
        parseEJSONDoc(`{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$set": {"y": 1}}, "hint": ${hint}}]}`),
      );
      expect(toRelaxed(reply)).toMatch(/^\{"ok":0\.0,"errmsg":".*","code":9,"codeName":"FailedToParse"\}$/);
    }
    expect(
      cmd(e, '{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$set": {"y": 1}}, "hint": {"badHint": 1}}]}'),
    ).toMatch(
      /^\{"n":0,"writeErrors":\[\{"index":0,"code":2,"errmsg":"[^"]*hint provided does not correspond to an existing index"\}\],"nModified":0,"ok":1\.0\}$/,
    );
  });
});

describe('upsert seeding with duplicate $or branches (mongodb/mongo jstests/core/write/update/upsert_fields_duplicate_or.js, 7.3+)', () => {
  test.each([
    ['{"$or": [{"_id": 1}, {"_id": 1}]}', '{}', '[{"_id":1}]'],
    ['{"$or": [{"_id": 1}, {"_id": 1}]}', '{"$set": {"a": 1}}', '[{"_id":1,"a":1}]'],
    ['{"$or": [{"_id": 1}, {"_id": 1}]}', '{"$setOnInsert": {"a": 1}}', '[{"_id":1,"a":1}]'],
    ['{"$or": [{"x": 1}, {"x": 1}]}', '{}', '[{"_id":{"$oid":"000000000000000000000001"}}]'],
    [
      '{"$or": [{"x": 1}, {"x": 1}]}',
      '{"$set": {"a": 1}}',
      '[{"_id":{"$oid":"000000000000000000000001"},"x":1,"a":1}]',
    ],
    [
      '{"$or": [{"x": 1}, {"x": 1}]}',
      '{"$setOnInsert": {"a": 1}}',
      '[{"_id":{"$oid":"000000000000000000000001"},"x":1,"a":1}]',
    ],
  ])('q %s, u %s inserts %s (identical branches collapse to one equality)', (q, u, out) => {
    const e = testEngine();
    cmd(e, `{"update": "c", "updates": [{"q": ${q}, "u": ${u}, "upsert": true}]}`);
    expect(contents(e, 'c')).toBe(out);
  });
});

describe('multi updates touch each document once (mongodb/mongo jstests/core/write/update/update_multi_halts.js)', () => {
  test.each([[false], [true]])('an upserted document is not re-updated (index on key: %s)', (withIndex) => {
    const e = testEngine();
    seed(e, 'c', '[{"_id": 1, "key": 0, "cUpdates": 0}]');
    if (withIndex) cmd(e, '{"createIndexes": "c", "indexes": [{"key": {"key": 1}, "name": "key_1"}]}');
    const hint = withIndex ? ', "hint": {"key": 1}' : '';
    cmd(
      e,
      `{"update": "c", "updates": [{"q": {"key": {"$gt": 0}}, "u": {"$set": {"key": 1}, "$inc": {"cUpdates": 1}}, "upsert": true, "multi": true${hint}}]}`,
    );
    expect(contents(e, 'c')).toBe(
      // The seed has no equality; cUpdates and key are appended in the update tree's (sorted) order.
      '[{"_id":1,"key":0,"cUpdates":0},{"_id":{"$oid":"000000000000000000000001"},"cUpdates":1,"key":1}]',
    );
  });

  test('a document that grows, or moves forward in the scanned index, is updated once', () => {
    const e = testEngine();
    seed(e, 'c', '[{"_id": 1, "key": 1, "cUpdates": 0}]');
    expect(
      cmd(
        e,
        '{"update": "c", "updates": [{"q": {"key": 1}, "u": {"$set": {"new": 42}, "$inc": {"cUpdates": 1}}, "multi": true}]}',
      ),
    ).toBe('{"n":1,"nModified":1,"ok":1.0}');
    const f = testEngine();
    seed(f, 'c', '[{"_id": 1, "key": 0, "cUpdates": 0}]');
    cmd(f, '{"createIndexes": "c", "indexes": [{"key": {"key": 1}, "name": "key_1"}]}');
    expect(
      cmd(
        f,
        '{"update": "c", "updates": [{"q": {"key": {"$gte": 0}}, "u": {"$inc": {"key": 10, "cUpdates": 1}}, "multi": true, "hint": {"key": 1}}]}',
      ),
    ).toBe('{"n":1,"nModified":1,"ok":1.0}');
    expect(contents(f, 'c')).toBe('[{"_id":1,"key":10,"cUpdates":1}]');
  });
});

describe('upsert seeding through $and/$or/$nor (mongodb/mongo jstests/core/write/update/upsert_and.js, upsert_nor.js)', () => {
  test.each([
    ['{"_id": 1, "$and": [{"c": 1}, {"d": 1}], "a": 12}', '{"$inc": {"y": 1}}', '[{"_id":1,"a":12,"c":1,"d":1,"y":1}]'],
    ['{"$and": [{"c": 1}, {"d": 1}]}', '{"$setOnInsert": {"_id": 1}}', '[{"_id":1,"c":1,"d":1}]'],
    [
      '{"$and": [{"c": 1}, {"d": 1}, {"$or": [{"x": 1}]}]}',
      '{"$setOnInsert": {"_id": 1}}',
      '[{"_id":1,"c":1,"d":1,"x":1}]',
    ],
    [
      '{"$and": [{"c": 1}, {"d": 1}], "$or": [{"x": 1}, {"x": 2}]}',
      '{"$setOnInsert": {"_id": 1}}',
      '[{"_id":1,"c":1,"d":1}]',
    ],
    [
      '{"r": {"$gt": 3}, "$and": [{"c": 1}, {"d": 1}], "$or": [{"x": 1}, {"x": 2}]}',
      '{"$setOnInsert": {"_id": 1}}',
      '[{"_id":1,"c":1,"d":1}]',
    ],
    [
      '{"r": {"$regex": "s"}, "$and": [{"c": 1}, {"d": 1}], "$or": [{"x": 1}, {"x": 2}]}',
      '{"$setOnInsert": {"_id": 1}}',
      '[{"_id":1,"c":1,"d":1}]',
    ],
    // upsert_nor.js: nothing behind $nor is extracted (the boolean simplifier is off for upserts).
    [
      '{"$nor": [{"$or": [{"x": 1}, {"y": 2}]}, {"x": {"$ne": 3}}]}',
      '[{"$unset": "z"}]',
      '[{"_id":{"$oid":"000000000000000000000001"}}]',
    ],
  ])('q %s, u %s inserts %s', (q, u, out) => {
    const e = testEngine();
    expect(cmd(e, `{"update": "c", "updates": [{"q": ${q}, "u": ${u}, "upsert": true}]}`)).toMatch(
      /"upserted":\[\{"index":0,/,
    );
    expect(contents(e, 'c')).toBe(out);
  });

  test('{c: 2, $and: [{c: 1}, {d: 1}]} conflicts on c (54)', () => {
    const e = testEngine();
    expect(
      cmd(
        e,
        '{"update": "c", "updates": [{"q": {"c": 2, "$and": [{"c": 1}, {"d": 1}]}, "u": {"$setOnInsert": {"_id": 1}}, "upsert": true}]}',
      ),
    ).toBe(
      `{"n":0,"writeErrors":[{"index":0,"code":54,"errmsg":"${PREFIX}cannot infer query fields to set, path 'c' is matched twice"}],"nModified":0,"ok":1.0}`,
    );
  });
});

describe('collation-aware updates (mongodb/mongo jstests/core/write/update/collation_update.js)', () => {
  const CI = '{"locale": "en_US", "strength": 2}';
  const CS = '{"locale": "en_US", "strength": 3}';
  const NUM = '{"locale": "en_US", "numericOrdering": true}';

  // [collection default collation | '', seed document, q, u, statement collation | '', contents]
  test.each([
    [NUM, '{"_id": 1, "a": "124"}', '{"_id": 1}', '{"$min": {"a": "1234"}}', '', '{"_id":1,"a":"124"}'],
    ['', '{"_id": 1, "a": "124"}', '{"a": "124"}', '{"$min": {"a": "1234"}}', NUM, '{"_id":1,"a":"124"}'],
    ['', '{"_id": 1, "a": "124"}', '{"a": "124"}', '{"$min": {"a": "1234"}}', CS, '{"_id":1,"a":"1234"}'],
    ['', '{"_id": 1, "a": "124"}', '{"a": "124"}', '{"$max": {"a": "1234"}}', CS, '{"_id":1,"a":"124"}'],
    ['', '{"_id": 1, "a": "124"}', '{"a": "124"}', '{"$max": {"a": "1234"}}', NUM, '{"_id":1,"a":"1234"}'],
    [NUM, '{"_id": 1, "a": "124"}', '{"a": "124"}', '{"$max": {"a": "1234"}}', '', '{"_id":1,"a":"1234"}'],
    ['', '{"_id": 1, "a": ["foo"]}', '{}', '{"$addToSet": {"a": "FOO"}}', CI, '{"_id":1,"a":["foo"]}'],
    ['', '{"_id": 1, "a": ["foo"]}', '{}', '{"$addToSet": {"a": "FOO"}}', CS, '{"_id":1,"a":["foo","FOO"]}'],
    [
      '',
      '{"_id": 1, "a": ["foo", "bar", "FOO"]}',
      '{}',
      '{"$addToSet": {"a": {"$each": ["FOO", "BAR", "str"]}}}',
      CI,
      '{"_id":1,"a":["foo","bar","FOO","str"]}',
    ],
    [CI, '{"_id": 1, "a": ["foo"]}', '{}', '{"$addToSet": {"a": "FOO"}}', '', '{"_id":1,"a":["foo"]}'],
    ['', '{"_id": 1, "a": ["foo", "FOO"]}', '{}', '{"$pull": {"a": "foo"}}', CS, '{"_id":1,"a":["FOO"]}'],
    ['', '{"_id": 1, "a": ["foo", "FOO"]}', '{}', '{"$pull": {"a": "foo"}}', CI, '{"_id":1,"a":[]}'],
    [
      '',
      '{"_id": 1, "a": ["124", "1234"]}',
      '{}',
      '{"$pull": {"a": {"$lt": "1234"}}}',
      CS,
      '{"_id":1,"a":["124","1234"]}',
    ],
    ['', '{"_id": 1, "a": ["124", "1234"]}', '{}', '{"$pull": {"a": {"$lt": "1234"}}}', NUM, '{"_id":1,"a":["1234"]}'],
    [CI, '{"_id": 1, "a": ["foo", "FOO"]}', '{}', '{"$pull": {"a": "foo"}}', '', '{"_id":1,"a":[]}'],
    [
      '',
      '{"_id": 1, "a": ["foo", "bar"]}',
      '{}',
      '{"$pullAll": {"a": ["FOO", "BAR"]}}',
      CS,
      '{"_id":1,"a":["foo","bar"]}',
    ],
    ['', '{"_id": 1, "a": ["foo", "bar"]}', '{}', '{"$pullAll": {"a": ["FOO", "BAR"]}}', CI, '{"_id":1,"a":[]}'],
    [
      '',
      '{"_id": 1, "a": ["1234", "124"]}',
      '{}',
      '{"$push": {"a": {"$each": ["1230"], "$sort": 1}}}',
      CS,
      '{"_id":1,"a":["1230","1234","124"]}',
    ],
    [
      '',
      '{"_id": 1, "a": ["1234", "124"]}',
      '{}',
      '{"$push": {"a": {"$each": ["1230"], "$sort": 1}}}',
      NUM,
      '{"_id":1,"a":["124","1230","1234"]}',
    ],
    [
      NUM,
      '{"_id": 1, "a": ["1234", "124"]}',
      '{}',
      '{"$push": {"a": {"$each": ["1230"], "$sort": 1}}}',
      '',
      '{"_id":1,"a":["124","1230","1234"]}',
    ],
    [
      '',
      '{"_id": 1, "a": ["foo", "FOO"]}',
      '{"a": "FOO"}',
      '{"$set": {"a.$": "FOO"}}',
      CS,
      '{"_id":1,"a":["foo","FOO"]}',
    ],
    [
      '',
      '{"_id": 1, "a": ["foo", "FOO"]}',
      '{"a": "FOO"}',
      '{"$set": {"a.$": "FOO"}}',
      CI,
      '{"_id":1,"a":["FOO","FOO"]}',
    ],
    [
      CI,
      '{"_id": 1, "x": [1, 2, "a", "b", "c", "B"]}',
      '{}',
      '[{"$addFields": {"n": {"$indexOfArray": ["$x", "B"]}}}]',
      '',
      '{"_id":1,"x":[1,2,"a","b","c","B"],"n":3}',
    ],
    [
      '',
      '{"_id": 1, "x": [1, 2, "a", "b", "c", "B"]}',
      '{}',
      '[{"$project": {"n": {"$indexOfArray": ["$x", "B"]}}}]',
      CS,
      '{"_id":1,"n":5}',
    ],
    [
      '',
      '{"_id": 1, "x": [1, 2, "a", "b", "c", "B"]}',
      '{}',
      '[{"$replaceWith": {"n": {"$indexOfArray": ["$x", "B"]}}}]',
      CI,
      '{"_id":1,"n":3}',
    ],
  ])('collection %s, doc %s, q %s, u %s, collation %s → %s', (collDefault, doc, q, u, collation, out) => {
    const e = testEngine();
    if (collDefault) cmd(e, `{"create": "c", "collation": ${collDefault}}`);
    seed(e, 'c', `[${doc}]`);
    const coll = collation ? `, "collation": ${collation}` : '';
    expect(cmd(e, `{"update": "c", "updates": [{"q": ${q}, "u": ${u}${coll}}]}`)).toMatch(
      /^\{"n":1,"nModified":[01],"ok":1\.0\}$/,
    );
    expect(contents(e, 'c')).toBe(`[${out}]`);
  });
});
