/** Public API of the update module. */
export type { ApplyParams, ApplyResult, ArrayTouch, UpdateExecutor } from './executor.js';
export { parseUpdate, isReplacementDocument, type UpdateParseOptions } from './parse-update.js';
export type { ModifierExecutor } from './modifier-executor.js';
export type { ReplacementExecutor } from './replacement-executor.js';
export {
  validateForStorage,
  checkIdUnchanged,
  moveIdFirst,
  assertPathsNotArray,
  MAX_USER_DOC_SIZE,
  type StorageValidationOptions,
} from './storage-validation.js';
export { MODIFIER_TABLE, type ModifierName } from './modifier-table.js';
export type { LeafWrapper } from './parse-modifiers.js';
export type { UpdateNode, ApplyContext, NodeArgs } from './tree/context.js';
