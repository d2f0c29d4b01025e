/**
 * Field names BSON cannot carry. A BSON field name is a C string, so a NUL byte inside one cannot
 * be sent (js-bson's serializer refuses it before a command leaves the driver) or stored.
 */
import { isDoc, type Value } from './values.js';

/**
 * The first document field name (at any depth, arrays included) that contains a NUL byte, or
 * undefined. Iterative, so any nesting depth is safe.
 */
export function findNulFieldName(v: Value): string | undefined {
  const stack: Value[] = [v];
  while (stack.length > 0) {
    const x = stack.pop()!;
    if (isDoc(x)) {
      for (const [k, c] of x) {
        if (k.includes('\0')) return k;
        if (typeof c === 'object' && c !== null) stack.push(c);
      }
    } else if (Array.isArray(x)) {
      for (const c of x) if (typeof c === 'object' && c !== null) stack.push(c);
    }
  }
  return undefined;
}
