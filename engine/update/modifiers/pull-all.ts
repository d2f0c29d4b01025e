/** `$pullAll` (`PullAllNode`): removes every element equal (BSON order, collation) to a listed value. */
import { compareValues, type Collator } from '../../bson/compare.js';
import type { Value } from '../../bson/values.js';
import { isArray, typeOf } from '../../bson/values.js';
import { fail } from '../../errors.js';
import { ArrayCullingNode } from './array-culling.js';

export class PullAllNode extends ArrayCullingNode {
  constructor(value: Value, collator: Collator | null) {
    if (!isArray(value)) throw fail(2, `$pullAll requires an array argument but was given a ${typeOf(value)}`);
    const list = value;
    super((el) => list.some((v) => compareValues(el, v, collator) === 0));
    Object.freeze(this);
  }
}
