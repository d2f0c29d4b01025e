/**
 * Every update modifier and the leaf it builds (`modifier_table.cpp`). The table is exhaustive:
 * adding a name to `ModifierName` breaks compilation until it has a factory.
 */
import type { Collator } from '../bson/compare.js';
import type { Value } from '../bson/values.js';
import { AddToSetNode } from './modifiers/add-to-set.js';
import { ArithmeticNode } from './modifiers/arithmetic.js';
import { BitNode } from './modifiers/bit.js';
import { CompareNode } from './modifiers/compare.js';
import { CurrentDateNode } from './modifiers/current-date.js';
import { PopNode } from './modifiers/pop.js';
import { PullAllNode } from './modifiers/pull-all.js';
import { PullNode } from './modifiers/pull.js';
import { PushNode } from './modifiers/push.js';
import { RenameNode, validateRenameArgs } from './modifiers/rename.js';
import { SetNode } from './modifiers/set.js';
import { UnsetNode } from './modifiers/unset.js';
import type { ModifierName } from './modifier-names.js';
import type { UpdateNode } from './tree/context.js';

export type { ModifierName } from './modifier-names.js';

export interface LeafParseContext {
  /** The path as written (`'a.b'`). */
  readonly field: string;
  readonly value: Value;
  readonly collator: Collator | null;
}

/** Builds (and validates the argument of) the leaf for one `field: value` entry. */
export type LeafFactory = (c: LeafParseContext) => UpdateNode;

export const MODIFIER_TABLE: Readonly<Record<ModifierName, LeafFactory>> = Object.freeze({
  $addToSet: (c) => new AddToSetNode(c.value, c.collator),
  $bit: (c) => new BitNode(c.value),
  $currentDate: (c) => new CurrentDateNode(c.value),
  $inc: (c) => new ArithmeticNode('add', c.field, c.value),
  $max: (c) => new CompareNode('max', c.value, c.collator),
  $min: (c) => new CompareNode('min', c.value, c.collator),
  $mul: (c) => new ArithmeticNode('multiply', c.field, c.value),
  $pop: (c) => new PopNode(c.field, c.value),
  $pull: (c) => new PullNode(c.value, c.collator),
  $pullAll: (c) => new PullAllNode(c.value, c.collator),
  $push: (c) => new PushNode(c.value, c.collator),
  // Placed at the destination path; the parser also puts a placeholder at the source path.
  $rename: (c) => new RenameNode(c.field, validateRenameArgs(c.field, c.value)),
  $set: (c) => new SetNode(c.value, false),
  $setOnInsert: (c) => new SetNode(c.value, true),
  $unset: () => new UnsetNode(),
});

export function isModifierName(name: string): name is ModifierName {
  return Object.prototype.hasOwnProperty.call(MODIFIER_TABLE, name);
}
