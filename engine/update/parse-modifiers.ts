/**
 * Parses a modifier document (`{$set: {...}, $inc: {...}}`) into the immutable update tree, in
 * update-document order, failing at parse time on everything that depends only on the statement.
 */
import type { Collator } from '../bson/compare.js';
import type { Doc } from '../bson/values.js';
import { isDoc, typeOf } from '../bson/values.js';
import { renderDoc, renderElement } from '../bson/render.js';
import { fail } from '../errors.js';
import type { ArrayFilter } from './array-filters.js';
import { ModifierUpdateExecutor } from './modifier-executor.js';
import { isModifierName, MODIFIER_TABLE, type ModifierName } from './modifier-table.js';
import { ConflictPlaceholderNode } from './modifiers/conflict-placeholder.js';
import { RenameNode, validateRenameArgs } from './modifiers/rename.js';
import { TreeBuilder } from './tree/build.js';
import type { UpdateNode } from './tree/context.js';

/**
 * A parse-time hook that may wrap each modifier's leaf (the Why trace observes leaves this way).
 * Called once per leaf while parsing: an update parsed without it has no per-node cost.
 */
export type LeafWrapper = (modifier: ModifierName, field: string, leaf: UpdateNode) => UpdateNode;

export function parseModifierUpdate(
  u: Doc,
  arrayFilters: ReadonlyMap<string, ArrayFilter>,
  collator: Collator | null,
  wrapLeaf?: LeafWrapper,
): ModifierUpdateExecutor {
  const wrap = wrapLeaf ?? ((_m: ModifierName, _f: string, leaf: UpdateNode) => leaf);
  const builder = new TreeBuilder(new Set(arrayFilters.keys()));
  const targetPaths: string[] = [];
  for (const [mod, spec] of u) {
    if (!isModifierName(mod)) {
      throw fail(
        9,
        `Unknown modifier: ${mod}. Expected a valid update modifier or pipeline-style update specified as an array`,
      );
    }
    if (!isDoc(spec)) {
      throw fail(
        9,
        `Modifiers operate on fields but we found type ${typeOf(spec)} instead. For example: {$mod: {<field>: ...}} not {${renderElement(mod, spec)}}`,
      );
    }
    for (const [field, value] of spec) {
      if (mod === '$rename') {
        builder.add(field, TreeBuilder.checkPath(field), new ConflictPlaceholderNode());
        const to = validateRenameArgs(field, value);
        const toParts = TreeBuilder.checkPath(to);
        builder.add(to, toParts, wrap(mod, to, new RenameNode(field, to)));
        targetPaths.push(field, to);
        continue;
      }
      const parts = TreeBuilder.checkPath(field);
      const leaf = wrap(mod, field, MODIFIER_TABLE[mod]({ field, value, collator }));
      builder.add(field, parts, leaf);
      targetPaths.push(field);
    }
  }
  const ids = [...arrayFilters.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const id of ids) {
    if (!builder.foundIdentifiers.has(id)) {
      throw fail(9, `The array filter for identifier '${id}' was not used in the update ${renderDoc(u)}`);
    }
  }
  return new ModifierUpdateExecutor(builder.freeze(), arrayFilters, targetPaths, builder.hasPositional);
}
