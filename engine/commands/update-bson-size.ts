/**
 * Exact BSON encoded sizes, for the write path's size limits (statement `q`+`u` ≤ 16 MiB,
 * code 17420 for an upsert document over 16 MiB). Kept local so the limits do not depend on a
 * serializer; follows the BSON spec's element layouts.
 */
import { utf8Length } from '../bson/size.js';
import { objectAsDoc, typeOf, type Doc, type Value } from '../bson/values.js';

// Counted, not encoded: this runs for every updated document, and TextEncoder allocated a buffer
// per field name (about 40% of an updateMany's time in `npm run bench`).
function cstringSize(s: string): number {
  return utf8Length(s) + 1;
}

function stringSize(s: string): number {
  return 4 + utf8Length(s) + 1;
}

/** Size of a value's payload (without type byte and field name). */
export function valueSize(v: Value): number {
  switch (typeOf(v)) {
    case 'double':
    case 'long':
    case 'timestamp':
    case 'date':
      return 8;
    case 'int':
      return 4;
    case 'decimal':
      return 16;
    case 'bool':
      return 1;
    case 'null':
    case 'undefined':
    case 'minKey':
    case 'maxKey':
      return 0;
    case 'objectId':
      return 12;
    case 'string':
      return stringSize(v as string);
    case 'symbol':
      return stringSize(String((v as { value: string }).value));
    case 'regex': {
      const r = v as { pattern: string; options: string };
      return cstringSize(r.pattern) + cstringSize(r.options);
    }
    case 'binData': {
      const b = v as { position: number; sub_type: number };
      return 4 + 1 + b.position + (b.sub_type === 2 ? 4 : 0);
    }
    case 'javascript': {
      const c = v as { code: string; scope?: unknown };
      if (c.scope) return 4 + stringSize(String(c.code)) + docSize(c.scope as Doc);
      return stringSize(String(c.code));
    }
    case 'array': {
      const arr = v as Value[];
      let n = 5;
      for (let i = 0; i < arr.length; i++) n += 1 + cstringSize(String(i)) + valueSize(arr[i]!);
      return n;
    }
    case 'object':
      return docSize(objectAsDoc(v));
    default:
      return 0;
  }
}

export function docSize(d: Doc): number {
  let n = 5;
  for (const [k, v] of d) n += 1 + cstringSize(k) + valueSize(v);
  return n;
}
