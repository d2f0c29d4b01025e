import { describe, expect, it } from 'vitest';
import { Binary, Decimal128, ObjectId } from 'bson';
import { parseEJSON, stringifyEJSON } from '../bson/ejson.js';
import { Int32, Long, type Doc } from '../bson/values.js';
import { parseDocumentsText, parseShellDocuments } from './document-literal.js';
import { formatValue } from './format.js';

function docs(text: string): readonly Doc[] {
  const r = parseDocumentsText(text);
  if (!r.ok) throw new Error(`${r.line}:${r.column} ${r.message}`);
  return r.documents;
}

const canonical = (d: Doc): string => stringifyEJSON(d);

describe('parseDocumentsText', () => {
  it('reads mongosh syntax: helpers, unquoted keys, single quotes, trailing commas', () => {
    const [d] = docs(`{
      _id: ObjectId('64b7f0c1a2b3c4d5e6f70812'),
      'name': 'Ada',
      born: ISODate("1815-12-10T00:00:00Z"),
      n: NumberLong(5), big: NumberLong("9007199254740993"), price: NumberDecimal("9.99"),
      i: NumberInt(3), plain: 4, frac: 1.5, tags: ['a', 'b',],
    }`);
    expect(canonical(d!)).toBe(
      canonical(
        parseEJSON(
          '{"_id": {"$oid": "64b7f0c1a2b3c4d5e6f70812"}, "name": "Ada", "born": {"$date": "1815-12-10T00:00:00Z"},' +
            ' "n": {"$numberLong": "5"}, "big": {"$numberLong": "9007199254740993"}, "price": {"$numberDecimal": "9.99"},' +
            ' "i": 3, "plain": 4, "frac": 1.5, "tags": ["a", "b"]}',
        ) as Doc,
      ),
    );
    expect(d!.get('plain')).toEqual(new Int32(4));
  });

  it('keeps Extended JSON typed by form (21.0 stays a double, $numberLong a long)', () => {
    const r = parseDocumentsText('{"w": 21.0, "n": {"$numberLong": "5"}}');
    expect(r.ok && r.syntax).toBe('ejson');
    const [d] = docs('{"w": 21.0, "n": {"$numberLong": "5"}}');
    expect(d!.get('w')).toBe(21);
    expect(d!.get('n')).toEqual(Long.fromNumber(5));
  });

  it('reads mongoexport lines and arrays of either syntax', () => {
    expect(docs('{"_id": 1}\n{"_id": 2}\n')).toHaveLength(2);
    expect(docs('[{_id: 1}, {_id: 2},]')).toHaveLength(2);
    expect(docs('{_id: 1}\n{_id: 2}')).toHaveLength(2);
    expect(docs('')).toEqual([]);
  });

  it("reads mongosh's own printed output back to the same values", () => {
    const original = parseEJSON(
      '{"_id": {"$oid": "64b7f0c1a2b3c4d5e6f70812"}, "n": {"$numberLong": "7"}, "d": {"$numberDecimal": "1.50"},' +
        ' "at": {"$date": "2024-05-01T10:00:00Z"}, "ts": {"$timestamp": {"t": 5, "i": 1}},' +
        ' "bin": {"$binary": {"base64": "AAEC", "subType": "00"}}, "re": {"$regularExpression": {"pattern": "^a", "options": "i"}},' +
        ' "s": "it\'s", "arr": [1, {"x": null}], "t": true}',
    ) as Doc;
    const printed = `[\n${formatValue(original)},\n${formatValue(original)}\n]\nType "it" for more`;
    const back = docs(printed);
    expect(back).toHaveLength(2);
    expect(canonical(back[0]!)).toBe(canonical(original));
  });

  it('places errors in the edited text (line and column)', () => {
    const r = parseDocumentsText('{\n  a: 1,\n  b: ObjectId("nope")\n}');
    expect(r).toMatchObject({ ok: false, line: 3, column: 6 });
    const s = parseDocumentsText('{\n  a: 1\n  b: 2\n}');
    expect(s).toMatchObject({ ok: false, line: 3, column: 3 });
    const t = parseDocumentsText('{"a": {"$numberLong": 5}}');
    expect(t.ok).toBe(false);
  });

  it('evaluates nothing but literals and BSON helpers', () => {
    for (const text of ['{a: db.c.find()}', '{a: x}', '{a: print("hi")}', '{...x}', '{a: b = 1}', '{a: ObjectId}']) {
      const r = parseShellDocuments(text);
      expect(r.ok, text).toBe(false);
    }
    expect(parseShellDocuments('{a: 1}\n5')).toMatchObject({ ok: false, line: 2, column: 1 });
    expect(parseShellDocuments('{a: 1, a: 2}')).toMatchObject({
      ok: false,
      message: expect.stringContaining('"a" appears twice'),
    });
  });

  it('accepts Binary, UUID, Decimal128 and negative longs', () => {
    const [d] = docs(
      "{b: Binary.createFromBase64('AAEC', 0), u: UUID('0e3c0b3f-6d0e-4b8a-9a4f-1d2e3f405162'), x: Decimal128('2'), l: -NumberLong(3), id: new ObjectId('64b7f0c1a2b3c4d5e6f70812')}",
    );
    expect(d!.get('b')).toBeInstanceOf(Binary);
    expect(d!.get('x')).toBeInstanceOf(Decimal128);
    expect(d!.get('l')).toEqual(Long.fromNumber(-3));
    expect(d!.get('id')).toBeInstanceOf(ObjectId);
  });
});
