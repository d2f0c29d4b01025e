/**
 * Applies a parsed modifier document (`UpdateTreeExecutor`): one pass over a copy of the document
 * produces the new document (copy-on-write: sharing what it does not change), the `$v:2` diff, modified paths and array touches.
 */
import { copyDoc } from '../bson/shaped-doc.js';
import type { Doc } from '../bson/values.js';
import { checkUpdatedDocumentSize, updatedDocumentSize } from './document-size.js';
import { V2LogBuilder } from '../oplog/v2-log-builder.js';
import type { ApplyParams, ApplyResult, ArrayTouch, UpdateExecutor } from './executor.js';
import type { ArrayFilter } from './array-filters.js';
import { moveIdFirst } from './storage-validation.js';
import type { ApplyContext } from './tree/context.js';
import type { ObjectNode } from './tree/object-node.js';
import { replaceLeaves } from './tree/replace-leaves.js';
import type { UpdateNode } from './tree/context.js';
import { ChangedDocument } from './changed-document.js';
import { TopLevelPlan } from './top-level-apply.js';

export interface ModifierExecutor extends UpdateExecutor {
  readonly kind: 'modifier';
  /** The dotted paths the update writes, as written (both sides of a `$rename`). */
  readonly targetPaths: readonly string[];
  /** Whether some path uses the positional `$`. */
  readonly hasPositional: boolean;
}

/** The size checks of an update's result (document-size.ts). */
export const sizeCheckedResult = checkUpdatedDocumentSize;

export class ModifierUpdateExecutor implements ModifierExecutor {
  readonly kind = 'modifier' as const;
  readonly needsMatchDetails: boolean;
  /** The short path for top-level leaves on existing fields (top-level-apply.ts), when the tree qualifies. */
  private readonly topLevel: TopLevelPlan | undefined;

  constructor(
    readonly tree: ObjectNode,
    readonly arrayFilters: ReadonlyMap<string, ArrayFilter>,
    readonly targetPaths: readonly string[],
    readonly hasPositional: boolean,
    /** The short path of this tree when already known (`withLeaves`). */
    topLevel?: TopLevelPlan | undefined,
  ) {
    this.needsMatchDetails = hasPositional;
    this.topLevel = topLevel ?? TopLevelPlan.of(tree);
    Object.freeze(this);
  }

  /** The same update with some leaves replaced (a parsed shape with other constants bound: parse-cache.ts). */
  withLeaves(replace: ReadonlyMap<UpdateNode, UpdateNode>): ModifierUpdateExecutor {
    const tree = replaceLeaves(this.tree, replace) as ObjectNode;
    // The short path depends on the leaves' names and kinds, which a bound leaf keeps.
    const topLevel = this.topLevel?.withLeaves(replace);
    return new ModifierUpdateExecutor(tree, this.arrayFilters, this.targetPaths, this.hasPositional, topLevel);
  }

  apply(doc: Doc, params: ApplyParams): ApplyResult {
    return this.topLevel?.apply(doc, params, this.arrayFilters) ?? this.applyTree(doc, params);
  }

  /** The general path: the update tree over a copy-on-write copy of `doc`. */
  applyTree(doc: Doc, params: ApplyParams): ApplyResult {
    // Copy-on-write: a shallow copy of the top level; the tree copies deeper containers only along
    // the paths it writes (ownChild), untouched sub-documents and arrays stay shared with `doc`.
    // The copy is a `ShapedDoc` where it can be (bson/shaped-doc.ts): a Map to every reader, an array copy to make.
    const root: Doc = copyDoc(doc);
    const modifiedPaths: string[] = [];
    const arrayTouches: ArrayTouch[] = [];
    const ctx: ApplyContext = {
      params,
      original: doc,
      root,
      owned: undefined,
      arrayFilters: this.arrayFilters,
      immutablePaths: splitPaths(params.immutablePaths),
      modifiedPaths,
      arrayTouches,
      effects: { damaged: false, lastChangeDamageFree: false },
    };
    const log = new V2LogBuilder();
    const noop = this.tree.apply(ctx, { element: root, slot: null, pathTaken: [], pathToCreate: [], log });
    // `UpdateStage`: an in-place update without damage is not written (no validator: in place).
    const undamaged = !ctx.effects.damaged && params.inPlaceUpdates !== false;
    if (noop || undamaged) return { doc: noop ? root : doc, noop: true, modifiedPaths: [], oplog: null, arrayTouches };
    const out = moveIdFirst(root);
    // An upsert insert is validated and size-checked (17420) as a whole by the caller.
    if (params.isUpsertInsert) return new ChangedDocument(out, modifiedPaths, log, arrayTouches, undefined);
    const size = updatedDocumentSize(doc, params.originalSize, out);
    checkUpdatedDocumentSize(out, size);
    return new ChangedDocument(out, modifiedPaths, log, arrayTouches, size);
  }
}

const ID_ONLY: readonly (readonly string[])[] = Object.freeze([Object.freeze(['_id'])]);

/** The immutable paths as components (`['_id']`, what every update but sharded ones passes, without a split per document). */
function splitPaths(paths: readonly string[]): readonly (readonly string[])[] {
  return paths.length === 1 && paths[0] === '_id' ? ID_ONLY : paths.map((p) => p.split('.'));
}
