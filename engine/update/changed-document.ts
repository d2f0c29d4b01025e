/** A modifier update's changed document, whose oplog `o` is built from its diff when first read. */
import type { Doc } from '../bson/values.js';
import type { DeferredDoc } from '../catalog/oplog-records.js';
import type { ApplyResult, ArrayTouch } from './executor.js';
import { shapeAnchor } from '../shape-anchor.js';

export class ChangedDocument implements ApplyResult {
  readonly noop = false;
  constructor(
    readonly doc: Doc,
    readonly modifiedPaths: readonly string[],
    readonly oplogBuilder: DeferredDoc,
    readonly arrayTouches: readonly ArrayTouch[],
    readonly size: number | undefined,
  ) {
    anchor.keep(this);
  }
  get oplog(): Doc {
    return this.oplogBuilder.build();
  }
}

/** Made once per updated document: its anchor is taken once (shape-anchor.ts). */
const anchor = shapeAnchor(ChangedDocument);
