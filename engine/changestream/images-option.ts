/**
 * The `changeStreamPreAndPostImages: {enabled: <bool>}` collection option (create / collMod):
 * whether the server records pre-images for change streams (`fullDocumentBeforeChange`,
 * `fullDocument: 'whenAvailable' | 'required'`).
 */
import { isDoc, typeOf, type Doc, type Value } from '../bson/values.js';
import { fail } from '../errors.js';

/** The flag (undefined when the option is absent); IDL errors as the server's. */
export function parsePreAndPostImagesOption(command: string, v: Value | undefined): boolean | undefined {
  if (v === undefined) return undefined;
  const field = `${command}.changeStreamPreAndPostImages`;
  if (!isDoc(v)) {
    throw fail(14, `BSON field '${field}' is the wrong type '${typeOf(v)}', expected type 'object'`);
  }
  for (const k of v.keys()) {
    if (k !== 'enabled') throw fail(40415, `BSON field '${field}.${k}' is an unknown field.`);
  }
  const enabled = v.get('enabled');
  if (enabled === undefined) throw fail(40414, `BSON field '${field}.enabled' is missing but a required field`);
  if (typeof enabled !== 'boolean') {
    throw fail(14, `BSON field '${field}.enabled' is the wrong type '${typeOf(enabled)}', expected type 'bool'`);
  }
  return enabled;
}

/** The option as listCollections shows it. */
export function preAndPostImagesOption(enabled: boolean): Doc {
  return new Map<string, Value>([['enabled', enabled]]);
}
