import { describe, expect, it } from 'vitest';
import { parseEJSON, stringifyEJSON } from '../../engine/bson/ejson.js';
import { inferTypes, looksLikeTable, parseTable, tableDocuments, type Table } from './csv.js';

function table(text: string): Table {
  const r = parseTable(text);
  if (!r.ok) throw new Error(r.message);
  return r.table;
}

describe('CSV import', () => {
  it('infers a type per column and builds typed documents (dotted headers nest, blanks are left out)', () => {
    const t = table(
      '_id,name,qty,price,big,ok,at,size.h\n1,"Ada, L.",5,9.5,9007199254740993,true,2024-01-02,14\n2,Bob,,10,1,false,2024-02-03T10:00:00Z,\n',
    );
    expect(inferTypes(t)).toEqual(['int', 'string', 'int', 'double', 'long', 'bool', 'date', 'int']);
    const r = tableDocuments(t, inferTypes(t));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(stringifyEJSON(parseEJSON(r.docs[0]!))).toBe(
      '{"_id":{"$numberInt":"1"},"name":"Ada, L.","qty":{"$numberInt":"5"},"price":{"$numberDouble":"9.5"},' +
        '"big":{"$numberLong":"9007199254740993"},"ok":true,"at":{"$date":{"$numberLong":"1704153600000"}},"size":{"h":{"$numberInt":"14"}}}',
    );
    // price 10 stays a double because its column is one.
    expect(stringifyEJSON(parseEJSON(r.docs[1]!))).toContain('"price":{"$numberDouble":"10.0"}');
    expect(r.docs[1]).not.toContain('qty');
  });

  it('lets the user change a type, and names the row and column a cell fails in', () => {
    const t = table('zip\tn\n02139\tx\n');
    expect(t.delimiter).toBe('\t');
    expect(inferTypes(t)).toEqual(['int', 'string']);
    const asString = tableDocuments(t, ['string', 'string']);
    expect(asString.ok && asString.docs[0]).toBe('{"zip": "02139", "n": "x"}');
    expect(tableDocuments(t, ['string', 'int'])).toEqual({
      ok: false,
      message: 'Row 2, column "n": "x" is not a 32-bit integer',
    });
    expect(tableDocuments(t, ['skip', 'string'])).toEqual({ ok: true, docs: ['{"n": "x"}'] });
  });

  it('refuses a header with a blank or repeated name', () => {
    expect(parseTable('a,,c\n1,2,3')).toEqual({ ok: false, message: 'Column 2 has no name in the header row' });
    expect(parseTable('a,a\n1,2')).toEqual({ ok: false, message: 'The header names "a" twice' });
  });

  it('tells tables from documents', () => {
    expect(looksLikeTable('a,b\n1,2')).toBe(true);
    expect(looksLikeTable('{a: 1, b: 2}')).toBe(false);
    expect(looksLikeTable('[{"a": 1}]')).toBe(false);
  });
});
