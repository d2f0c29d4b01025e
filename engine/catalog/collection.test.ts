import { describe, expect, it } from 'vitest';
import { Decimal128, Int32, Long, ObjectId } from 'bson';
import { docFromJS } from '../bson/ejson.js';
import { canon, ejson } from '../commands/testing.js';
import { isEngineError } from '../errors.js';
import { Collection, newUuid } from './collection.js';
import { keyOf } from './keys.js';

function coll(): Collection {
  return new Collection(
    'db',
    'c',
    newUuid(() => 0.5),
  );
}

function code(f: () => unknown): number | undefined {
  try {
    f();
  } catch (e) {
    if (isEngineError(e)) return e.code;
    throw e;
  }
  return undefined;
}

describe('keyOf', () => {
  it('gives numerically equal values of any type the same key', () => {
    const keys = [1, new Int32(1), Long.fromNumber(1), Decimal128.fromString('1.00')].map((v) => keyOf(v));
    expect(new Set(keys).size).toBe(1);
    expect(keyOf(0.1)).not.toBe(keyOf(Decimal128.fromString('0.1')));
    expect(keyOf(-0)).toBe(keyOf(0));
  });

  it('keeps documents with other field orders apart', () => {
    expect(keyOf(docFromJS({ a: 1, b: 2 }))).not.toBe(keyOf(docFromJS({ b: 2, a: 1 })));
    expect(keyOf('1')).not.toBe(keyOf(1));
  });
});

describe('Collection', () => {
  it('generates an ObjectId _id first when missing', () => {
    const c = coll();
    const stored = c.insert(docFromJS({ a: 1 }), () => new ObjectId('000000000000000000000009'));
    expect(ejson(stored)).toBe(canon('{"_id": {"$oid": "000000000000000000000009"}, "a": 1}'));
  });

  it('finds documents by _id in O(1), across numeric types', () => {
    const c = coll();
    c.insert(docFromJS({ _id: 1, a: 'x' }));
    expect(ejson(c.findById(Long.fromNumber(1))!)).toBe(canon('{"_id": 1, "a": "x"}'));
    expect(c.findById(2)).toBeUndefined();
  });

  it('replace keeps the natural position and the old _id', () => {
    const c = coll();
    const [a] = [c.insert(docFromJS({ _id: 1, v: 1 })), c.insert(docFromJS({ _id: 2, v: 2 }))];
    c.replace(a!, docFromJS({ v: 10 }));
    expect(ejson(c.snapshot())).toBe(canon('[{"_id": 1, "v": 10}, {"_id": 2, "v": 2}]'));
  });

  it('replace that would duplicate a unique key changes nothing', () => {
    const c = coll();
    const a = c.insert(docFromJS({ _id: 1 }));
    c.insert(docFromJS({ _id: 2 }));
    expect(code(() => c.replace(a, docFromJS({ _id: 2 })))).toBe(11000);
    expect(ejson(c.snapshot())).toBe(canon('[{"_id": 1}, {"_id": 2}]'));
    expect(c.findById(1)).toBe(a);
  });

  it('remove frees the _id', () => {
    const c = coll();
    const a = c.insert(docFromJS({ _id: 1 }));
    expect(c.remove(a)).toBe(true);
    expect(c.remove(a)).toBe(false);
    c.insert(docFromJS({ _id: 1 }));
    expect(c.count).toBe(1);
  });

  it('refuses refused _id types before storing anything', () => {
    const c = coll();
    expect(code(() => c.insert(docFromJS({ _id: [1] })))).toBe(53);
    expect(c.count).toBe(0);
  });
});
