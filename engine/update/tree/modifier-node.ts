/**
 * The shared leaf protocol (`ModifierNode`): a leaf either updates an existing element, creates the
 * missing path with `valueForNew`, or (for `$pop`, `$pull`, ...) leaves a missing path alone.
 * Immutable-path checks, storage validation, logging and modified paths are done here once.
 */
import type { Doc, Value } from '../../bson/values.js';
import { isArray, isDoc } from '../../bson/values.js';
import { renderElement } from '../../bson/render.js';
import { fail } from '../../errors.js';
import { compareValues } from '../../bson/compare.js';
import type { V2LogBuilder } from '../../oplog/v2-log-builder.js';
import { dotted, getAtPath, parseArrayIndex, type PathComponent, type RuntimePath } from '../path.js';
import { validateUpdatedElement } from '../storage-validation.js';
import { setSlot, type ApplyContext, type NodeArgs, type UpdateNode } from './context.js';

/** What `updateExisting` did (`ModifierNode::ModifyResult`). */
export type ModifyResult =
  | { readonly type: 'noop' }
  | { readonly type: 'normal'; readonly value: Value; readonly damageFree?: true }
  /** Only appended to a non-empty array: logged as one `u<idx>` per new element. */
  | { readonly type: 'append'; readonly value: Value[]; readonly appended: number };

export const NOOP: ModifyResult = Object.freeze({ type: 'noop' });

/** Longest common prefix length of two component lists. */
function commonPrefix(a: readonly string[], b: readonly string[]): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

export function idElementText(ctx: ApplyContext): string {
  const id = ctx.root.get('_id');
  return id === undefined ? 'no id' : renderElement('_id', id);
}

export abstract class ModifierNode implements UpdateNode {
  readonly type = 'leaf' as const;
  /** `$setOnInsert` only applies when an upsert inserts. */
  protected insertOnly(): boolean {
    return false;
  }
  /** Whether a missing path is created (`$set`, `$inc`, `$push` ...) or left alone. */
  protected abstract allowCreation(): boolean;
  /** For leaves that do not create: whether a path through a scalar is silently ignored. */
  protected allowNonViablePath(): boolean {
    return false;
  }
  /** Whether the new value can be an object (then immutable sub-paths are compared). */
  protected canSetObjectValue(): boolean {
    return false;
  }
  protected abstract updateExisting(ctx: ApplyContext, value: Value, path: RuntimePath): ModifyResult;
  protected valueForNew(_ctx: ApplyContext, _path: readonly string[]): Value {
    throw new Error('valueForNew called on a leaf that does not create');
  }

  /**
   * Whether this leaf applies through the protocol below unchanged (no override of `apply`,
   * `applyToExisting`, `logUpdate` or `checkImmutableExisting`): only then may the top-level
   * executor (../top-level-apply.ts) repeat that protocol without the tree.
   */
  followsSharedProtocol(): boolean {
    const base = ModifierNode.prototype;
    return (
      this.apply === base.apply &&
      this.applyToExisting === base.applyToExisting &&
      this.applyToMissing === base.applyToMissing &&
      this.logUpdate === base.logUpdate &&
      this.checkImmutableExisting === base.checkImmutableExisting
    );
  }

  /** `$setOnInsert`: applies only when an upsert inserts. */
  isInsertOnly(): boolean {
    return this.insertOnly();
  }

  /** Whether a missing field is created (`applyToMissing` writes `valueForNew`), for the top-level executor. */
  createsMissing(): boolean {
    return this.allowCreation();
  }

  /** The value `applyToMissing` creates at `names` (`valueForNew`), for the top-level executor. */
  newValue(ctx: ApplyContext, names: readonly string[]): Value {
    return this.valueForNew(ctx, names);
  }

  /** The leaf's change to an existing value (`updateExisting`), for the top-level executor. */
  modifyExisting(ctx: ApplyContext, value: Value, path: RuntimePath): ModifyResult {
    return this.updateExisting(ctx, value, path);
  }

  apply(ctx: ApplyContext, args: NodeArgs): boolean {
    if (this.insertOnly() && !ctx.params.isUpsertInsert) return true;
    ctx.effects.lastChangeDamageFree = false;
    const noop = args.pathToCreate.length > 0 ? this.applyToMissing(ctx, args) : this.applyToExisting(ctx, args);
    if (!noop && !ctx.effects.lastChangeDamageFree) ctx.effects.damaged = true;
    return noop;
  }

  protected applyToExisting(ctx: ApplyContext, args: NodeArgs): boolean {
    const { pathTaken, slot, log } = args;
    const names = pathTaken.map((p) => p.name);
    const result = this.updateExisting(ctx, args.element, pathTaken);
    if (result.type === 'noop') return true;
    if (result.type === 'normal' && result.damageFree === true) ctx.effects.lastChangeDamageFree = true;
    setSlot(slot!, result.value);
    this.checkImmutableExisting(ctx, names, result.value);
    // Upsert inserts validate the whole document afterwards instead (validateForStorage = false).
    if (!ctx.params.isUpsertInsert) {
      validateUpdatedElement(names[names.length - 1]!, result.value, pathTaken.length, slot!.container);
    }
    if (log !== null) this.logUpdate(log, pathTaken, result);
    recordModified(ctx, dotted(names));
    return false;
  }

  protected logUpdate(log: V2LogBuilder, path: RuntimePath, result: ModifyResult): void {
    if (result.type === 'normal') log.logUpdatedField(path, result.value);
    else if (result.type === 'append') {
      const arr = result.value;
      for (let k = arr.length - result.appended; k < arr.length; k++) {
        log.logUpdatedField([...path, { name: String(k), isIndex: true }], arr[k]!);
      }
    }
  }

  /** `checkImmutablePathsNotModified` / `...FromOriginal`. */
  protected checkImmutableExisting(ctx: ApplyContext, names: readonly string[], newValue: Value): void {
    for (const ip of ctx.immutablePaths) {
      const common = commonPrefix(names, ip);
      const strictPrefixOfImmutable = this.canSetObjectValue() && common === names.length && names.length < ip.length;
      if (!strictPrefixOfImmutable) {
        if (common >= Math.min(names.length, ip.length)) {
          throw fail(
            66,
            `Performing an update on the path '${dotted(names)}' would modify the immutable field '${dotted(ip)}'`,
          );
        }
        continue;
      }
      // The update replaced an ancestor of the immutable path: allowed if the value there is equal.
      const oldValue = getAtPath(ctx.original, ip);
      if (oldValue === undefined) continue;
      let cur: Value | undefined = newValue;
      for (let i = names.length; i < ip.length && cur !== undefined; i++) {
        if (isArray(cur)) {
          throw fail(
            54,
            `After applying the update to the document, the immutable field '${dotted(ip)}' was found to be an array or array descendant.`,
          );
        }
        cur = isDoc(cur) ? cur.get(ip[i]!) : undefined;
      }
      if (cur === undefined) {
        throw fail(
          66,
          `After applying the update, the immutable field '${dotted(ip)}' was found to have been removed.`,
        );
      }
      if (compareValues(cur, oldValue, null) !== 0) {
        throw fail(
          66,
          `After applying the update, the immutable field '${dotted(ip)}' was found to have been altered to ${renderElement(ip[ip.length - 1]!, cur)}`,
        );
      }
    }
  }

  protected applyToMissing(ctx: ApplyContext, args: NodeArgs): boolean {
    const { element, pathTaken, pathToCreate, log } = args;
    const takenNames = pathTaken.map((p) => p.name);
    if (!this.allowCreation()) {
      if (!this.allowNonViablePath()) checkViability(element, pathToCreate, takenNames);
      return true;
    }
    const fullNames = [...takenNames, ...pathToCreate];
    const value = this.valueForNew(ctx, fullNames);
    const creatingInArray = isArray(element);
    const top = createPathAt(element, pathToCreate, value, takenNames);
    if (!ctx.params.isUpsertInsert) {
      validateUpdatedElement(pathToCreate[0]!, top, pathTaken.length + 1, element as Doc | Value[]);
    }
    for (const ip of ctx.immutablePaths) {
      if (commonPrefix(takenNames, ip) === ip.length) {
        throw fail(
          66,
          `Updating the path '${dotted(takenNames)}' to ${renderElement(takenNames[takenNames.length - 1] ?? '', element)} would modify the immutable field '${dotted(ip)}'`,
        );
      }
    }
    if (log !== null) {
      const full: PathComponent[] = [
        ...pathTaken,
        { name: pathToCreate[0]!, isIndex: creatingInArray },
        ...pathToCreate.slice(1).map((name) => ({ name, isIndex: false })),
      ];
      log.logCreatedField(full, pathTaken.length, top);
    }
    recordModified(ctx, dotted(creatingInArray ? takenNames : fullNames));
    return false;
  }
}

/** Keeps the shortest form of overlapping paths (`FieldRefSet::keepShortest`). */
export function recordModified(ctx: ApplyContext, path: string): void {
  const list = ctx.modifiedPaths;
  for (const p of list) if (p === path || path.startsWith(`${p}.`)) return;
  for (let i = list.length - 1; i >= 0; i--) if (list[i]!.startsWith(`${path}.`)) list.splice(i, 1);
  list.push(path);
}

/** `UpdateLeafNode::checkViability`: a missing path that could never be created is an error. */
export function checkViability(element: Value, pathToCreate: readonly string[], pathTaken: readonly string[]): void {
  if (isDoc(element)) return;
  if (isArray(element) && parseArrayIndex(pathToCreate[0]!) !== null) return;
  const name = pathTaken[pathTaken.length - 1] ?? '';
  throw fail(
    28,
    `Cannot use the part (${pathToCreate[0]!}) of (${dotted([...pathTaken])}.${dotted([...pathToCreate])}) to traverse the element ({${renderElement(name, element)}})`,
  );
}

const MAX_PADDING = 1_500_000;

/**
 * `pathsupport::createPathAt`: creates the missing components under `element` (objects for every
 * intermediate level, null padding when the first one is an index past the end of an array) and
 * puts `value` at the end. Returns the value now at the first created component.
 */
export function createPathAt(
  element: Value,
  parts: readonly string[],
  value: Value,
  pathTaken: readonly string[],
): Value {
  const first = parts[0]!;
  const cannotCreate = (): never => {
    const name = pathTaken[pathTaken.length - 1] ?? '';
    throw fail(28, `Cannot create field '${first}' in element {${renderElement(name, element)}}`);
  };
  const nest = (from: number): Value => {
    let v = value;
    for (let i = parts.length - 1; i >= from; i--) v = new Map([[parts[i]!, v]]);
    return v;
  };
  if (isArray(element)) {
    const idx = parseArrayIndex(first);
    if (idx === null) return cannotCreate();
    if (idx - element.length > MAX_PADDING) throw fail(34, `can't backfill more than ${MAX_PADDING} elements`);
    while (element.length < idx) element.push(null);
    const top = nest(1);
    element.push(top);
    return top;
  }
  if (!isDoc(element)) return cannotCreate();
  const top = nest(1);
  element.set(first, top);
  return top;
}
