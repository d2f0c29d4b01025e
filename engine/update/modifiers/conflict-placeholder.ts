/** Holds the source path of a `$rename` in the tree so other operators on it conflict (40). */
import type { UpdateNode } from '../tree/context.js';

export class ConflictPlaceholderNode implements UpdateNode {
  readonly type = 'leaf' as const;
  constructor() {
    Object.freeze(this);
  }
  apply(): boolean {
    return true;
  }
}
