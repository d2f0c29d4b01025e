/**
 * `Value::getApproximateSize` (src/mongo/db/exec/document_value/value.cpp): the in-memory size the
 * server estimates for a value, used by limits such as $regexFindAll's 64 MB output buffer
 * (51151). The server's figure depends on its allocator layout; this follows its structure with
 * the 64-bit sizes (a Value is 16 bytes, strings of up to 13 bytes are stored inline), so it
 * agrees far from a limit and may differ by a little near it.
 */
import { utf8Length } from '../bson/size.js';
import { isDoc, type Value } from '../bson/values.js';

const VALUE = 16;
const RC_STRING = 16;
const RC_VECTOR = 32;
const SHORT_STRING = 13;
const DOCUMENT = 8;
const DOCUMENT_STORAGE = 104;
/** A field in DocumentStorage: its Value, the next-offset, name size and hash, then the name. */
const FIELD_HEADER = 28;

function stringSize(s: string): number {
  const bytes = utf8Length(s);
  return VALUE + (bytes <= SHORT_STRING ? 0 : RC_STRING + bytes);
}

export function approximateSize(v: Value | undefined): number {
  if (typeof v === 'string') return stringSize(v);
  if (Array.isArray(v)) return v.reduce<number>((n, x) => n + approximateSize(x), VALUE + RC_VECTOR);
  if (isDoc(v)) {
    let size = VALUE + DOCUMENT + DOCUMENT_STORAGE;
    for (const [name, x] of v) size += Math.ceil((FIELD_HEADER + utf8Length(name) + 1) / 8) * 8 + approximateSize(x) - VALUE;
    return size;
  }
  return VALUE;
}
