/**
 * When a write counts as a modification (theme "nModified, oplog and returned document agree").
 * Derived from the server: each `*_node.cpp` reports its own no-op verdict
 * (`ModifierNode::ModifyResult`), `UpdateStage::transformAndUpdate` writes only when the driver
 * reports a change and resets it when an in-place update recorded no damage, and whole-document
 * updates (`ObjectReplaceExecutor::applyReplacementUpdate`, also used by pipelines) compare the
 * pre-image with the new body by `binaryEqual`.
 *
 * Each row: stored document, update, expected nModified, stored document afterwards (canonical
 * EJSON, so types count), and the oplog `o` (or none). The findAndModify post-image must be the
 * stored document in every row.
 */
import { describe, expect, test } from 'vitest';
import { stringifyEJSON } from '../../bson/ejson.js';
import type { Doc } from '../../bson/values.js';
import { runFindAndModify } from '../find-and-modify.js';
import { runUpdate } from './command.js';
import { d, testDb } from './test-support.js';

const canon = (text: string): string => stringifyEJSON(d(text));

interface Row {
  readonly rule: string;
  readonly doc: string;
  readonly u: string;
  readonly modified: 0 | 1;
  /** The stored document afterwards; defaults to `doc` for a no-op. */
  readonly after?: string;
  /** The oplog `o` of the update (canonical EJSON); absent for a no-op. */
  readonly o?: string;
}

const D = (s: string): string => `{"$numberDouble": "${s}"}`;
const I = (n: number): string => `{"$numberInt": "${n}"}`;
const L = (n: number): string => `{"$numberLong": "${n}"}`;
const DEC = (s: string): string => `{"$numberDecimal": "${s}"}`;

function check(row: Row, options: { validator?: boolean } = {}): void {
  const t = testDb();
  t.seed('c', `[${row.doc}]`);
  if (options.validator === true) {
    const coll = t.catalog.getCollection('test', 'c')!;
    coll.validator = d('{"_id": {"$exists": true}}');
  }
  const before = t.oplogSize();
  const reply = runUpdate(t.ctx(`{"update": "c", "updates": [{"q": {"_id": 1}, "u": ${row.u}}]}`));
  expect(stringifyEJSON(reply)).toBe(canon(`{"n": 1, "nModified": ${row.modified}, "ok": 1.0}`));
  const stored = canon(row.after ?? row.doc);
  const all = t.catalog.getCollection('test', 'c')!.snapshot();
  expect(stringifyEJSON(all[all.length - 1]!)).toBe(stored);
  const entries = t.catalog.oplog.entries().slice(before);
  if (row.modified === 0) {
    expect(entries).toHaveLength(0);
  } else {
    expect(entries).toHaveLength(1);
    expect(stringifyEJSON(entries[0]!.get('o')!)).toBe(canon(row.o!));
  }

  // findAndModify on a fresh copy returns exactly what the update stores.
  const f = testDb();
  f.seed('c', `[${row.doc}]`);
  const famReply = runFindAndModify(
    f.ctx(`{"findAndModify": "c", "query": {"_id": 1}, "update": ${row.u}, "new": true}`),
  );
  expect(stringifyEJSON(famReply.get('value')!)).toBe(stored);
  const lastError = famReply.get('lastErrorObject') as Doc;
  expect(lastError.get('updatedExisting')).toBe(true);
}

const rows: Row[] = [
  // $set / $setOnInsert: binaryEqualValues (type and bytes).
  {
    rule: '$set of the same value is a no-op',
    doc: `{"_id": 1, "a": ${I(1)}}`,
    u: `{"$set": {"a": ${I(1)}}}`,
    modified: 0,
  },
  {
    rule: '$set of int 1 over double 1 is a change (type differs)',
    doc: `{"_id": 1, "a": ${D('1')}}`,
    u: `{"$set": {"a": ${I(1)}}}`,
    modified: 1,
    after: `{"_id": 1, "a": ${I(1)}}`,
    o: `{"$v": ${I(2)}, "diff": {"u": {"a": ${I(1)}}}}`,
  },
  {
    rule: '$set of -0.0 over 0.0 is a change (bytes differ)',
    doc: `{"_id": 1, "a": ${D('0')}}`,
    u: `{"$set": {"a": ${D('-0')}}}`,
    modified: 1,
    after: `{"_id": 1, "a": ${D('-0')}}`,
    o: `{"$v": ${I(2)}, "diff": {"u": {"a": ${D('-0')}}}}`,
  },
  {
    rule: '$set of 0.0 over -0.0 is a change (bytes differ)',
    doc: `{"_id": 1, "a": ${D('-0')}}`,
    u: `{"$set": {"a": ${D('0')}}}`,
    modified: 1,
    after: `{"_id": 1, "a": ${D('0')}}`,
    o: `{"$v": ${I(2)}, "diff": {"u": {"a": ${D('0')}}}}`,
  },
  {
    rule: '$set of NaN over NaN is a no-op (same bytes)',
    doc: `{"_id": 1, "a": ${D('NaN')}}`,
    u: `{"$set": {"a": ${D('NaN')}}}`,
    modified: 0,
  },
  {
    rule: '$set of decimal 1.0 over decimal 1.00 is a change (representation differs)',
    doc: `{"_id": 1, "a": ${DEC('1.00')}}`,
    u: `{"$set": {"a": ${DEC('1.0')}}}`,
    modified: 1,
    after: `{"_id": 1, "a": ${DEC('1.0')}}`,
    o: `{"$v": ${I(2)}, "diff": {"u": {"a": ${DEC('1.0')}}}}`,
  },
  {
    rule: '$set of {b:1,a:1} over {a:1,b:1} is a change (field order)',
    doc: `{"_id": 1, "o": {"a": ${I(1)}, "b": ${I(1)}}}`,
    u: `{"$set": {"o": {"b": ${I(1)}, "a": ${I(1)}}}}`,
    modified: 1,
    after: `{"_id": 1, "o": {"b": ${I(1)}, "a": ${I(1)}}}`,
    o: `{"$v": ${I(2)}, "diff": {"u": {"o": {"b": ${I(1)}, "a": ${I(1)}}}}}`,
  },
  {
    rule: '$setOnInsert is a no-op when not inserting',
    doc: `{"_id": 1}`,
    u: `{"$setOnInsert": {"a": ${I(1)}}}`,
    modified: 0,
  },
  { rule: '$set: {} is a no-op', doc: `{"_id": 1}`, u: `{"$set": {}}`, modified: 0 },

  // $inc / $mul: SafeNum::isIdentical (same type and ==; decimals by isEqual; NaN never equal).
  {
    rule: '$inc by 0 of the same type is a no-op',
    doc: `{"_id": 1, "a": ${I(5)}}`,
    u: `{"$inc": {"a": ${I(0)}}}`,
    modified: 0,
  },
  {
    rule: '$inc by int 0 of a long keeps the long: no-op',
    doc: `{"_id": 1, "a": ${L(5)}}`,
    u: `{"$inc": {"a": ${I(0)}}}`,
    modified: 0,
  },
  {
    rule: '$inc by long 0 of an int promotes to long: change',
    doc: `{"_id": 1, "a": ${I(5)}}`,
    u: `{"$inc": {"a": ${L(0)}}}`,
    modified: 1,
    after: `{"_id": 1, "a": ${L(5)}}`,
    o: `{"$v": ${I(2)}, "diff": {"u": {"a": ${L(5)}}}}`,
  },
  {
    rule: '$inc of NaN is a change (NaN is never identical to itself)',
    doc: `{"_id": 1, "a": ${D('NaN')}}`,
    u: `{"$inc": {"a": ${D('1')}}}`,
    modified: 1,
    after: `{"_id": 1, "a": ${D('NaN')}}`,
    o: `{"$v": ${I(2)}, "diff": {"u": {"a": ${D('NaN')}}}}`,
  },
  {
    rule: '$mul of 0.0 by -1 gives -0.0, which == 0.0: no-op, the stored 0.0 stays',
    doc: `{"_id": 1, "a": ${D('0')}}`,
    u: `{"$mul": {"a": ${D('-1')}}}`,
    modified: 0,
  },
  {
    rule: '$mul of -0.0 by 1 is a no-op',
    doc: `{"_id": 1, "a": ${D('-0')}}`,
    u: `{"$mul": {"a": ${I(1)}}}`,
    modified: 0,
  },
  {
    rule: '$mul of a decimal by decimal 1.0 is equal in value: no-op, the representation stays',
    doc: `{"_id": 1, "a": ${DEC('1.5')}}`,
    u: `{"$mul": {"a": ${DEC('1.0')}}}`,
    modified: 0,
  },
  {
    rule: '$inc of decimal 0 by decimal -0 is a no-op',
    doc: `{"_id": 1, "a": ${DEC('0')}}`,
    u: `{"$inc": {"a": ${DEC('-0')}}}`,
    modified: 0,
  },
  {
    rule: '$mul of decimal NaN is a change',
    doc: `{"_id": 1, "a": ${DEC('NaN')}}`,
    u: `{"$mul": {"a": ${DEC('1')}}}`,
    modified: 1,
    after: `{"_id": 1, "a": ${DEC('NaN')}}`,
    o: `{"$v": ${I(2)}, "diff": {"u": {"a": ${DEC('NaN')}}}}`,
  },
  {
    rule: '$mul of an int by double 1 becomes a double: change',
    doc: `{"_id": 1, "a": ${I(3)}}`,
    u: `{"$mul": {"a": ${D('1')}}}`,
    modified: 1,
    after: `{"_id": 1, "a": ${D('3')}}`,
    o: `{"$v": ${I(2)}, "diff": {"u": {"a": ${D('3')}}}}`,
  },

  // $bit: identical integers.
  {
    rule: '$bit that leaves the bits as they are is a no-op',
    doc: `{"_id": 1, "a": ${I(5)}}`,
    u: `{"$bit": {"a": {"or": ${I(1)}}}}`,
    modified: 0,
  },
  {
    rule: '$bit with a long operand on an int promotes to long: change',
    doc: `{"_id": 1, "a": ${I(5)}}`,
    u: `{"$bit": {"a": {"or": ${L(1)}}}}`,
    modified: 1,
    after: `{"_id": 1, "a": ${L(5)}}`,
    o: `{"$v": ${I(2)}, "diff": {"u": {"a": ${L(5)}}}}`,
  },

  // $min / $max: compareWithBSONElement (numbers by value across types; NaN equals NaN).
  {
    rule: '$max of double 1 over int 1 ties: no-op, the int stays',
    doc: `{"_id": 1, "a": ${I(1)}}`,
    u: `{"$max": {"a": ${D('1')}}}`,
    modified: 0,
  },
  {
    rule: '$min of long 1 over decimal 1.0 ties: no-op',
    doc: `{"_id": 1, "a": ${DEC('1.0')}}`,
    u: `{"$min": {"a": ${L(1)}}}`,
    modified: 0,
  },
  {
    rule: '$min of NaN over NaN ties: no-op',
    doc: `{"_id": 1, "a": ${D('NaN')}}`,
    u: `{"$min": {"a": ${D('NaN')}}}`,
    modified: 0,
  },
  {
    rule: '$max of -0.0 over 0.0 ties: no-op',
    doc: `{"_id": 1, "a": ${D('0')}}`,
    u: `{"$max": {"a": ${D('-0')}}}`,
    modified: 0,
  },
  {
    rule: '$min of NaN over a number is a change (NaN sorts below numbers)',
    doc: `{"_id": 1, "a": ${I(1)}}`,
    u: `{"$min": {"a": ${D('NaN')}}}`,
    modified: 1,
    after: `{"_id": 1, "a": ${D('NaN')}}`,
    o: `{"$v": ${I(2)}, "diff": {"u": {"a": ${D('NaN')}}}}`,
  },

  // $push: the node reports a change whenever $sort is given or $slice trims; the rewrite of the
  // array (remove + pushBack) disables in-place updates, so the document is written.
  {
    rule: '$push with an empty $each and $sort on a sorted array still rewrites it',
    doc: `{"_id": 1, "x": [${I(1)}, ${I(2)}]}`,
    u: `{"$push": {"x": {"$each": [], "$sort": ${I(1)}}}}`,
    modified: 1,
    o: `{"$v": ${I(2)}, "diff": {"u": {"x": [${I(1)}, ${I(2)}]}}}`,
  },
  {
    rule: '$push with $sort that leaves a one-element array equal still rewrites it',
    doc: `{"_id": 1, "x": [{"k": ${I(1)}}]}`,
    u: `{"$push": {"x": {"$each": [], "$sort": {"k": ${I(-1)}}}}}`,
    modified: 1,
    o: `{"$v": ${I(2)}, "diff": {"u": {"x": [{"k": ${I(1)}}]}}}`,
  },
  {
    rule: '$push with $sort on an empty array changes nothing in place: no write',
    doc: `{"_id": 1, "x": []}`,
    u: `{"$push": {"x": {"$each": [], "$sort": ${I(1)}}}}`,
    modified: 0,
  },
  {
    rule: '$push with an empty $each and a $slice that trims nothing is a no-op',
    doc: `{"_id": 1, "x": [${I(1)}, ${I(2)}]}`,
    u: `{"$push": {"x": {"$each": [], "$slice": ${I(5)}}}}`,
    modified: 0,
  },
  {
    rule: '$push with an empty $each and a $slice that trims is a change',
    doc: `{"_id": 1, "x": [${I(1)}, ${I(2)}]}`,
    u: `{"$push": {"x": {"$each": [], "$slice": ${I(1)}}}}`,
    modified: 1,
    after: `{"_id": 1, "x": [${I(1)}]}`,
    o: `{"$v": ${I(2)}, "diff": {"u": {"x": [${I(1)}]}}}`,
  },
  {
    rule: '$push with $sort on an empty array is logged when another field changes',
    doc: `{"_id": 1, "b": ${I(1)}, "x": []}`,
    u: `{"$push": {"x": {"$each": [], "$sort": ${I(1)}}}, "$set": {"b": ${I(2)}}}`,
    modified: 1,
    after: `{"_id": 1, "b": ${I(2)}, "x": []}`,
    o: `{"$v": ${I(2)}, "diff": {"u": {"b": ${I(2)}, "x": []}}}`,
  },

  // $addToSet / $pull / $pullAll / $pop / $unset / $rename.
  {
    rule: '$addToSet of a value present (by value: 1 == 1.0) is a no-op',
    doc: `{"_id": 1, "x": [${I(1)}]}`,
    u: `{"$addToSet": {"x": ${D('1')}}}`,
    modified: 0,
  },
  {
    rule: '$addToSet of a document with other field order adds it',
    doc: `{"_id": 1, "x": [{"a": ${I(1)}, "b": ${I(1)}}]}`,
    u: `{"$addToSet": {"x": {"b": ${I(1)}, "a": ${I(1)}}}}`,
    modified: 1,
    after: `{"_id": 1, "x": [{"a": ${I(1)}, "b": ${I(1)}}, {"b": ${I(1)}, "a": ${I(1)}}]}`,
    o: `{"$v": ${I(2)}, "diff": {"sx": {"a": true, "u1": {"b": ${I(1)}, "a": ${I(1)}}}}}`,
  },
  {
    rule: '$pull that removes nothing is a no-op',
    doc: `{"_id": 1, "x": [${I(1)}]}`,
    u: `{"$pull": {"x": ${I(2)}}}`,
    modified: 0,
  },
  {
    rule: '$pullAll that removes nothing is a no-op',
    doc: `{"_id": 1, "x": [${I(1)}]}`,
    u: `{"$pullAll": {"x": [${I(2)}]}}`,
    modified: 0,
  },
  { rule: '$pop on an empty array is a no-op', doc: `{"_id": 1, "x": []}`, u: `{"$pop": {"x": ${I(1)}}}`, modified: 0 },
  { rule: '$pop on a missing field is a no-op', doc: `{"_id": 1}`, u: `{"$pop": {"x": ${I(1)}}}`, modified: 0 },
  { rule: '$unset of a missing field is a no-op', doc: `{"_id": 1}`, u: `{"$unset": {"a": ""}}`, modified: 0 },
  {
    rule: '$unset of an array element that is already null still writes null',
    doc: `{"_id": 1, "x": [null]}`,
    u: `{"$unset": {"x.0": ""}}`,
    modified: 1,
    o: `{"$v": ${I(2)}, "diff": {"sx": {"a": true, "u0": null}}}`,
  },
  {
    rule: '$rename of a missing field is a no-op',
    doc: `{"_id": 1, "b": ${I(1)}}`,
    u: `{"$rename": {"a": "b"}}`,
    modified: 0,
  },
  {
    rule: '$rename onto a field holding the same value is a change',
    doc: `{"_id": 1, "a": ${I(1)}, "b": ${I(1)}}`,
    u: `{"$rename": {"a": "b"}}`,
    modified: 1,
    after: `{"_id": 1, "b": ${I(1)}}`,
    // SetElementNode writes the destination even when it holds exactly this value (rename_node.cpp).
    o: `{"$v": ${I(2)}, "diff": {"d": {"a": false}, "u": {"b": ${I(1)}}}}`,
  },

  // Replacement and pipeline: binaryEqual of the pre-image and the new body.
  {
    rule: 'a replacement equal to the document (with _id first) is a no-op',
    doc: `{"_id": 1, "a": ${I(1)}}`,
    u: `{"_id": ${I(1)}, "a": ${I(1)}}`,
    modified: 0,
  },
  {
    rule: 'a replacement without _id that reproduces the document is a change',
    doc: `{"_id": 1, "a": ${I(1)}}`,
    u: `{"a": ${I(1)}}`,
    modified: 1,
    o: `{"_id": ${I(1)}, "a": ${I(1)}}`,
  },
  {
    rule: 'a replacement with _id not first is a change even though the stored result is equal',
    doc: `{"_id": 1, "a": ${I(1)}}`,
    u: `{"a": ${I(1)}, "_id": ${I(1)}}`,
    modified: 1,
    // Logged as the executor wrote it, before the update stage moves _id first for storage.
    o: `{"a": ${I(1)}, "_id": ${I(1)}}`,
  },
  {
    rule: 'a replacement whose field order differs is a change',
    doc: `{"_id": 1, "a": ${I(1)}, "b": ${I(2)}}`,
    u: `{"b": ${I(2)}, "a": ${I(1)}}`,
    modified: 1,
    after: `{"_id": 1, "b": ${I(2)}, "a": ${I(1)}}`,
    o: `{"_id": ${I(1)}, "b": ${I(2)}, "a": ${I(1)}}`,
  },
  {
    rule: 'a pipeline that leaves the document binary-equal is a no-op',
    doc: `{"_id": 1, "a": ${I(1)}}`,
    u: `[{"$set": {"a": "$a"}}]`,
    modified: 0,
  },
  {
    rule: 'a pipeline that changes only a type is a change',
    doc: `{"_id": 1, "a": ${I(1)}}`,
    u: `[{"$set": {"a": {"$toDouble": "$a"}}}]`,
    modified: 1,
    after: `{"_id": 1, "a": ${D('1')}}`,
    // A diff would not be smaller than this small document: the entry is the whole document.
    o: `{"_id": ${I(1)}, "a": ${D('1')}}`,
  },
  {
    rule: 'a pipeline that writes -0.0 over 0.0 is a change',
    doc: `{"_id": 1, "a": ${D('0')}, "s": "${'x'.repeat(40)}"}`,
    u: `[{"$set": {"a": {"$multiply": ["$a", ${D('-1')}]}}}]`,
    modified: 1,
    after: `{"_id": 1, "a": ${D('-0')}, "s": "${'x'.repeat(40)}"}`,
    o: `{"$v": ${I(2)}, "diff": {"u": {"a": ${D('-0')}}}}`,
  },
];

describe('when a write counts as a modification', () => {
  test.each(rows.map((r) => [r.rule, r] as const))('%s', (_rule, row) => check(row));

  test('$currentDate always counts as a modification, even when the stored date is the same', () => {
    check({
      rule: '',
      doc: `{"_id": 1, "t": {"$date": {"$numberLong": "1704067200000"}}}`,
      u: `{"$currentDate": {"t": true}}`,
      modified: 1,
      o: `{"$v": ${I(2)}, "diff": {"u": {"t": {"$date": {"$numberLong": "1704067200000"}}}}}`,
    });
  });

  test('with a validator there are no in-place updates: $push $sort on an empty array is written', () => {
    check(
      {
        rule: '',
        doc: `{"_id": 1, "x": []}`,
        u: `{"$push": {"x": {"$each": [], "$sort": ${I(1)}}}}`,
        modified: 1,
        o: `{"$v": ${I(2)}, "diff": {"u": {"x": []}}}`,
      },
      { validator: true },
    );
  });
});
