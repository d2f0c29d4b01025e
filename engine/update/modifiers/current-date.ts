/**
 * `$currentDate` (`CurrentDateNode`): `true`/`false` or `{$type: 'date'}` set a Date (`$$NOW`),
 * `{$type: 'timestamp'}` a fresh cluster time per application (`tickClusterTime`). Always counts as
 * a modification.
 */
import type { Value } from '../../bson/values.js';
import { isDoc, typeOf } from '../../bson/values.js';
import { fail } from '../../errors.js';
import type { ApplyContext } from '../tree/context.js';
import { ModifierNode, type ModifyResult } from '../tree/modifier-node.js';

export class CurrentDateNode extends ModifierNode {
  readonly typeIsDate: boolean;
  constructor(value: Value) {
    super();
    if (typeof value === 'boolean') this.typeIsDate = true;
    else if (isDoc(value)) {
      let found: boolean | null = null;
      for (const [k, v] of value) {
        if (k !== '$type') throw fail(2, `Unrecognized $currentDate option: ${k}`);
        if (v === 'date') found = true;
        else if (v === 'timestamp') found = false;
      }
      if (found === null) {
        throw fail(
          2,
          "The '$type' string field is required to be 'date' or 'timestamp': {$currentDate: {field : {$type: 'date'}}}",
        );
      }
      this.typeIsDate = found;
    } else {
      throw fail(
        2,
        `${typeOf(value)} is not valid type for $currentDate. Please use a boolean ('true') or a $type expression ({$type: 'timestamp/date'}).`,
      );
    }
    Object.freeze(this);
  }
  private now(ctx: ApplyContext): Value {
    const env = ctx.params.env;
    if (this.typeIsDate) return new Date(env.now.getTime());
    return env.tickClusterTime ? env.tickClusterTime() : env.clusterTime;
  }
  protected allowCreation(): boolean {
    return true;
  }
  protected updateExisting(ctx: ApplyContext): ModifyResult {
    return { type: 'normal', value: this.now(ctx) };
  }
  protected override valueForNew(ctx: ApplyContext): Value {
    return this.now(ctx);
  }
}
