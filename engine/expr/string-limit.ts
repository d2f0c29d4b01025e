/**
 * The largest string an expression may build. The server holds a computed string in an
 * `RCString`, whose `create` refuses `sizeof(RCString)` (16) + length + NUL reaching
 * `BSONObjMaxUserSize`: code 16493 "Tried to create string longer than 16MB". So a string of
 * 16 MiB - 18 UTF-8 bytes is the longest; past it `$concat`, `$replaceAll`, `$reduce` … fail
 * instead of growing without bound.
 */
import { MAX_BSON_SIZE, utf8Length } from '../bson/size.js';
import { fail } from '../errors.js';

/** Bytes of an `RCString` besides the characters and the NUL. */
const RCSTRING_HEADER = 16;
/** The longest string value, in UTF-8 bytes. */
export const MAX_STRING_VALUE_BYTES = MAX_BSON_SIZE - RCSTRING_HEADER - 2;

/** Fails with 16493 when a string of `bytes` UTF-8 bytes could not be created. */
export function checkStringBytes(bytes: number): void {
  if (bytes > MAX_STRING_VALUE_BYTES) {
    throw fail(16493, `Tried to create string longer than ${MAX_BSON_SIZE / 1024 / 1024}MB`);
  }
}

/** Returns `s`, or fails with 16493 when it is longer than a string value may be. */
export function checkedString(s: string): string {
  // A UTF-16 unit is at most 3 UTF-8 bytes: short strings need no count.
  if (s.length * 3 > MAX_STRING_VALUE_BYTES) checkStringBytes(utf8Length(s));
  return s;
}
