/**
 * Manual: reference/method/db.collection.findOneAndReplace, every example and its Behavior
 * sections: it replaces the first match (the `sort` picks it), returns the original unless
 * `returnDocument: "after"` / `returnNewDocument: true` (`returnDocument` wins when both are set),
 * the projection shapes the returned document, an upsert returns `null` "before" and the inserted
 * document "after", the replacement cannot carry operators (mongosh refuses it) nor a different `_id`
 * (66 from the server), and a non-document filter, projection or sort is an error.
 */
import { describe, expect, test } from 'vitest';
import { manual } from './harness.js';

const SCORES = `db.scores.insertMany([
  { "_id" : 1, "team" : "Fearful Mallards", "score" : 25000 },
  { "_id" : 2, "team" : "Tactful Mooses", "score" : 23500 },
  { "_id" : 3, "team" : "Aquatic Ponies", "score" : 19250 },
  { "_id" : 4, "team" : "Cuddly Zebras", "score" : 15235 },
  { "_id" : 5, "team" : "Garrulous Bears", "score" : 18000 }
])`;

describe('findOneAndReplace examples (reference/method/db.collection.findOneAndReplace)', () => {
  test('Replace A Document: the first match in natural order, returned as it was', () => {
    const m = manual();
    const out = m.sh(`${SCORES}
      db.scores.findOneAndReplace({ "score" : { $lt : 20000 } }, { "team" : "Observant Badgers", "score" : 20000 })`);
    expect(out[1]).toBe("{ _id: 3, team: 'Aquatic Ponies', score: 19250 }");
    expect(m.docs('scores')).toContain('{"_id":3,"team":"Observant Badgers","score":20000}');
  });

  test('Sort and Replace A Document: the lowest score among the matches', () => {
    const m = manual();
    const out = m.sh(`${SCORES}
      db.scores.findOneAndReplace({ "score" : { $lt : 20000 } }, { "team" : "Observant Badgers", "score" : 20000 }, { sort: { "score" : 1 } })`);
    expect(out[1]).toBe("{ _id: 4, team: 'Cuddly Zebras', score: 15235 }");
  });

  test('Project Specific Fields in Return Document: only team', () => {
    const m = manual();
    const out = m.sh(`${SCORES}
      db.scores.findOneAndReplace({ "score" : { $lt : 22250 } }, { "team" : "Therapeutic Hamsters", "score" : 22250 }, { sort : { "score" : 1 }, projection: { "_id" : 0, "team" : 1 } })`);
    expect(out[1]).toBe("{ team: 'Cuddly Zebras' }");
  });

  test('Replace Document with Upsert: "after" returns the inserted document, "before" returns null', () => {
    const m = manual();
    const out = m.sh(`${SCORES}
      db.scores.findOneAndReplace({ "team" : "Fortified Lobsters" }, { "_id" : 6019, "team" : "Fortified Lobsters" , "score" : 32000}, { upsert : true, returnDocument: "after" })
      db.scores.findOneAndReplace({ "team" : "Fortified Lobsters 2" }, { "_id" : 6020, "team" : "Fortified Lobsters 2" }, { upsert : true, returnDocument: "before" })
      db.scores.findOneAndReplace({ "team" : "X" }, { "_id" : 6021 }, { upsert : true, returnNewDocument: true, returnDocument: "before" })`);
    expect(out.slice(1)).toEqual(["{ _id: 6019, team: 'Fortified Lobsters', score: 32000 }", 'null', 'null']);
    expect(m.docs('scores')).toContain('{"_id":6020,"team":"Fortified Lobsters 2"},{"_id":6021}');
  });

  test('Specify Collation: fr strength 1 matches "café" first', () => {
    const m = manual();
    const out = m.sh(`db.myColl.insertMany([{ _id: 1, category: "café", status: "A" }, { _id: 2, category: "cafe", status: "a" }, { _id: 3, category: "cafE", status: "a" }])
      db.myColl.findOneAndReplace({ category: "cafe", status: "a" }, { category: "cafÉ", status: "Replaced" }, { collation: { locale: "fr", strength: 1 } })`);
    expect(out[1]).toBe("{ _id: 1, category: 'café', status: 'A' }");
    expect(m.docs('myColl')).toContain('{"_id":1,"category":"cafÉ","status":"Replaced"}');
  });

  test('stated errors: operators in the replacement, a different _id, non-document filter, projection or sort', () => {
    const m = manual();
    const out = m.sh(`${SCORES}
      db.scores.findOneAndReplace({}, { $set: { a: 1 } })
      db.scores.findOneAndReplace({ _id: 1 }, { _id: 7 })
      db.scores.findOneAndReplace(5, { a: 1 })
      db.scores.findOneAndReplace({}, { a: 1 }, { projection: 1 })
      db.scores.findOneAndReplace({}, { a: 1 }, { sort: 1 })`);
    expect(out.slice(1)).toEqual([
      'MongoInvalidArgumentError: Replacement document must not contain atomic operators',
      "MongoServerError[ImmutableField]: Plan executor error during findAndModify :: caused by :: After applying the update, the (immutable) field '_id' was found to have been altered to _id: 7",
      'MongoshInvalidInputError: [COMMON-10001] Argument at position 0 must be of type object, got number instead (Collection.findOneAndReplace)',
      "MongoServerError[TypeMismatch]: BSON field 'findAndModify.fields' is the wrong type 'int', expected type 'object'",
      "MongoServerError[TypeMismatch]: BSON field 'findAndModify.sort' is the wrong type 'int', expected type 'object'",
    ]);
  });
});
