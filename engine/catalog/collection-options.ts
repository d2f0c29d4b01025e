/** A collection's options, its UUID, and what a write tells storage about a replacement. */
import { Binary } from 'bson';
import type { Doc } from '../bson/values.js';
import type { CollationInfo } from './collation-info.js';

export type ValidationLevel = 'strict' | 'moderate' | 'off';
export type ValidationAction = 'error' | 'warn';

export interface CollectionOptions {
  readonly validator?: Doc | undefined;
  readonly validationLevel?: ValidationLevel | undefined;
  readonly validationAction?: ValidationAction | undefined;
  readonly collation?: CollationInfo | null | undefined;
  /** The oplog: documents are stored as given (no `_id`, no indexes) and users cannot write. */
  readonly oplog?: boolean | undefined;
  /** The `options` document listCollections shows (what create/collMod were given). */
  readonly listedOptions?: Doc | undefined;
}

/** A 16-byte UUID (Binary subtype 4) for a collection's `ui`, from the injected id source. */
export function newUuid(random: () => number = Math.random): Binary {
  const bytes = new Uint8Array(16);
  for (let i = 0; i < 16; i++) bytes[i] = Math.floor(random() * 256) & 0xff;
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  return new Binary(bytes, 4);
}
