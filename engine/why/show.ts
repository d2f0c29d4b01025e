/** Values as the Why trace prints them: the server's rendering (`{ a: 1 }`, `5.0`), `missing` for absent. */
import { renderValue } from '../bson/render.js';
import type { Value } from '../bson/values.js';

export function show(v: Value | undefined): string {
  return v === undefined ? 'missing' : renderValue(v);
}
