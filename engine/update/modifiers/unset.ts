/**
 * `$unset` (`UnsetNode`): removes a field (`d: {f: false}`), or sets an array element to null
 * (`u<idx>: null`). A missing or non-viable path is a no-op.
 */
import type { Value } from '../../bson/values.js';
import { dotted } from '../path.js';
import type { ApplyContext, NodeArgs } from '../tree/context.js';
import { ModifierNode, recordModified, type ModifyResult } from '../tree/modifier-node.js';

export class UnsetNode extends ModifierNode {
  constructor() {
    super();
    Object.freeze(this);
  }
  protected allowCreation(): boolean {
    return false;
  }
  protected override allowNonViablePath(): boolean {
    return true;
  }
  protected updateExisting(): ModifyResult {
    throw new Error('UnsetNode handles existing elements itself');
  }

  protected override applyToExisting(ctx: ApplyContext, args: NodeArgs): boolean {
    const { slot, pathTaken, log } = args;
    const names = pathTaken.map((p) => p.name);
    const container = slot!.container;
    if (Array.isArray(container)) {
      (container as Value[])[slot!.key as number] = null;
      this.checkImmutableExisting(ctx, names, null);
      log?.logUpdatedField(pathTaken, null);
    } else {
      container.delete(slot!.key as string);
      this.checkImmutableExisting(ctx, names, null);
      log?.logDeletedField(pathTaken);
    }
    recordModified(ctx, dotted(names));
    return false;
  }
}
