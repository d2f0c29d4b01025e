import { Binary, BSON, BSONRegExp, Code, Decimal128, Int32, Long, MaxKey, MinKey, ObjectId, Timestamp } from 'bson';
import { describe, expect, it } from 'vitest';
import { parseEJSON, stringifyEJSON } from '../../engine/bson/ejson.js';
import { BSON_UNDEFINED, type Doc, type Value } from '../../engine/bson/values.js';
import { BsonDecodeError, decodeDocument, encodeDocument } from './bson-codec.js';

const canonical = (v: Value): string => stringifyEJSON(v, { relaxed: false });

describe('wire BSON codec', () => {
  it('round-trips every engine type, keeping field order and numeric types', () => {
    const text =
      '{"b":1,"0":{"$numberDouble":"2.0"},"s":"' +
      'x'.repeat(600) +
      '","l":{"$numberLong":"5"},"d":{"$numberDecimal":"1.10"},"o":{"$oid":"65a0f0f0f0f0f0f0f0f0f0f0"},' +
      '"t":{"$timestamp":{"t":5,"i":7}},"bin":{"$binary":{"base64":"AQID","subType":"04"}},' +
      '"arr":[1,{"10":null,"2":true}],"dt":{"$date":{"$numberLong":"-5"}},"u":{"$undefined":true},' +
      '"re":{"$regularExpression":{"pattern":"a.c","options":"i"}},"min":{"$minKey":1},"max":{"$maxKey":1},' +
      '"code":{"$code":"f()"},"sym":{"$symbol":"q"},"ptr":{"$dbPointer":{"$ref":"db.c","$id":{"$oid":"65a0f0f0f0f0f0f0f0f0f0f1"}}}}';
    const doc = parseEJSON(text, { relaxed: false }) as Doc;
    const bytes = encodeDocument(doc);
    expect(canonical(decodeDocument(bytes))).toBe(canonical(doc));
    // The bson package reads what we write, with the same types.
    const theirs = BSON.deserialize(bytes, { promoteValues: false, bsonRegExp: true });
    expect(theirs.b).toBeInstanceOf(Int32);
    expect(theirs['0']._bsontype).toBe('Double');
    expect(theirs.l).toBeInstanceOf(Long);
    expect(theirs.d).toBeInstanceOf(Decimal128);
    expect(theirs.o).toBeInstanceOf(ObjectId);
    expect(theirs.t).toBeInstanceOf(Timestamp);
    expect(theirs.bin).toBeInstanceOf(Binary);
    expect(theirs.re).toBeInstanceOf(BSONRegExp);
    expect(theirs.min).toBeInstanceOf(MinKey);
    expect(theirs.max).toBeInstanceOf(MaxKey);
    expect(theirs.code).toBeInstanceOf(Code);
  });

  it('writes an integral double as a double and legacy undefined as type 6', () => {
    const bytes = encodeDocument(
      new Map<string, Value>([
        ['a', 5],
        ['u', BSON_UNDEFINED],
      ]),
    );
    // {a: double 5, u: undefined}: type bytes 0x01 and 0x06.
    expect(bytes[4]).toBe(0x01);
    expect(bytes[4 + 1 + 2 + 8]).toBe(0x06);
  });

  it('reads what the bson package writes, keeping order', () => {
    const bytes = BSON.serialize(
      new Map<string, unknown>([
        ['z', 1],
        ['1', 'one'],
        ['a', { n: Long.fromNumber(2) }],
      ]),
    );
    const doc = decodeDocument(Buffer.from(bytes));
    expect([...doc.keys()]).toEqual(['z', '1', 'a']);
    expect(canonical(doc)).toBe('{"z":{"$numberInt":"1"},"1":"one","a":{"n":{"$numberLong":"2"}}}');
  });

  it.each([
    ['a size past the end', Buffer.from([0x20, 0, 0, 0, 0])],
    ['a size under 5', Buffer.from([4, 0, 0, 0, 0])],
    ['no terminator', Buffer.from([0x08, 0, 0, 0, 0x0a, 0x61, 0, 1])],
    ['an unknown type', Buffer.from([0x08, 0, 0, 0, 0x42, 0x61, 0, 0])],
    ['a bad boolean', Buffer.from([0x09, 0, 0, 0, 0x08, 0x61, 0, 7, 0])],
    ['a string longer than the document', Buffer.from([0x0e, 0, 0, 0, 0x02, 0x61, 0, 0x40, 0, 0, 0, 0x62, 0, 0])],
    ['invalid UTF-8', Buffer.from([0x0e, 0, 0, 0, 0x02, 0x61, 0, 2, 0, 0, 0, 0xff, 0, 0])],
    ['a duplicate field', Buffer.from([0x0b, 0, 0, 0, 0x0a, 0x61, 0, 0x0a, 0x61, 0, 0])],
  ])('refuses %s with InvalidBSON', (_what, bytes) => {
    expect(() => decodeDocument(bytes)).toThrow(BsonDecodeError);
  });

  it('refuses nesting deeper than 200 levels', () => {
    let d: Doc = new Map();
    for (let i = 0; i < 205; i++) d = new Map<string, Value>([['a', d]]);
    expect(() => decodeDocument(encodeDocument(d))).toThrow(/nested deeper/);
  });
});
