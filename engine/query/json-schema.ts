/**
 * `$jsonSchema` (placeholder until the schema compiler lands).
 */
import type { Doc } from '../bson/values.js';
import { fail } from '../errors.js';

export interface JsonSchemaNode {
  readonly kind: 'jsonSchema';
  readonly schema: Doc;
  /** True when the whole document satisfies the schema. */
  readonly validate: (doc: Doc) => boolean;
}

export function compileJsonSchema(schema: Doc): JsonSchemaNode {
  void schema;
  throw fail(2, '$jsonSchema is not supported yet in the Upsert Lab playground');
}
