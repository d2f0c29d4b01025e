/**
 * BSON byte size of a document, for the 16 MiB limit (17419). Local to the update module until
 * the shared `engine/bson/size.ts` is available.
 */
import type { Binary, BSONRegExp, Code, DBRef } from 'bson';
import type { Doc, Value } from '../bson/values.js';
import { isDoc, typeOf } from '../bson/values.js';

const encoder = new TextEncoder();
function utf8(s: string): number {
  return encoder.encode(s).length;
}

function valueSize(v: Value): number {
  switch (typeOf(v)) {
    case 'double':
    case 'date':
    case 'timestamp':
    case 'long':
      return 8;
    case 'int':
      return 4;
    case 'decimal':
      return 16;
    case 'objectId':
      return 12;
    case 'bool':
      return 1;
    case 'null':
    case 'undefined':
    case 'minKey':
    case 'maxKey':
      return 0;
    case 'string':
      return 5 + utf8(v as string);
    case 'symbol':
      return 5 + utf8(String((v as { value: string }).value));
    case 'regex':
      return utf8((v as BSONRegExp).pattern) + 1 + utf8((v as BSONRegExp).options) + 1;
    case 'binData': {
      const b = v as Binary;
      return 5 + b.position + (b.sub_type === 2 ? 4 : 0);
    }
    case 'javascript': {
      const c = v as Code;
      const codeSize = 5 + utf8(String(c.code));
      return c.scope ? 4 + codeSize + bsonSize(new Map(Object.entries(c.scope as Record<string, Value>))) : codeSize;
    }
    case 'array': {
      let n = 5;
      (v as Value[]).forEach((x, i) => (n += 1 + utf8(String(i)) + 1 + valueSize(x)));
      return n;
    }
    case 'object': {
      if (isDoc(v)) return bsonSize(v);
      const ref = v as DBRef;
      const d: Doc = new Map<string, Value>([
        ['$ref', ref.collection],
        ['$id', ref.oid as Value],
      ]);
      if (ref.db) d.set('$db', ref.db);
      return bsonSize(d);
    }
    default:
      return 0;
  }
}

export function bsonSize(doc: Doc): number {
  let n = 5;
  for (const [k, v] of doc) n += 1 + utf8(k) + 1 + valueSize(v);
  return n;
}

