/**
 * The engine's public API.
 *
 *   import { Engine, parseEJSON, stringifyEJSON } from './engine/index.js';
 *   const engine = new Engine();
 *   engine.runCommand('test', parseEJSONDoc('{"insert": "c", "documents": [{"a": 1}]}'));
 *
 * `bson` is the very module the engine's values come from (build values with its classes).
 */
export * as bson from 'bson';
export { Engine, errorReply, type EngineOptions } from './engine.js';
export { ManualClock, SystemClock, type Clock } from './catalog/clock.js';
export type { CatalogSnapshot } from './catalog/catalog.js';
export type { CatalogJournal } from './catalog/journal.js';
export type { OperationRecord } from './catalog/recent-operations.js';
export {
  parseEJSON,
  parseEJSONDoc,
  stringifyEJSON,
  fromJS,
  docFromJS,
  toRelaxed,
  type ParseEJSONOptions,
  type StringifyEJSONOptions,
  type JSInput,
} from './bson/ejson.js';
export { compareValues, valuesEqual, binaryEqual, type Collator } from './bson/compare.js';
export { renderValue, renderDoc } from './bson/render.js';
export {
  BSON_UNDEFINED,
  doc,
  isArray,
  isDoc,
  isNumber,
  typeOf,
  type BsonTypeName,
  type Doc,
  type Value,
} from './bson/values.js';
export { EngineError, isEngineError, type ErrorInfo } from './errors.js';
