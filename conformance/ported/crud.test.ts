import { findOneAndDelete, findOneAndDeleteCollation } from './crud/findOneAndDelete.js';
import {
  findOneAndDeleteComment,
  findOneAndDeleteHint,
  findOneAndDeleteHintUnacknowledged,
  findOneAndDeleteLet,
  findOneAndDeleteRawData,
} from './crud/findOneAndDelete-options.js';
import { createIdTypes } from './crud/create-id-types.js';
import { clientBulkWritePartialResults } from './crud/client-bulkWrite-partialResults.js';
import { clientBulkWriteOrdered } from './crud/client-bulkWrite-ordered.js';
import { clientBulkWriteErrors } from './crud/client-bulkWrite-errors.js';
import { bulkWriteCollation } from './crud/bulkWrite-collation.js';
import { bulkWriteUpdateValidation } from './crud/bulkWrite-update-validation.js';
import { bulkWriteUpdateManyLet } from './crud/bulkWrite-updateMany-let.js';
import { bulkWriteUpdateOneDotsAndDollars } from './crud/bulkWrite-updateOne-dots_and_dollars.js';
import { clientBulkWriteUpdateOptions } from './crud/client-bulkWrite-update-options.js';
import { createNullIds } from './crud/create-null-ids.js';
import { findOneAndReplaceLet } from './crud/findOneAndReplace-let.js';
import { findOneAndReplaceUpsert } from './crud/findOneAndReplace-upsert.js';
import { findOneAndUpdateHint } from './crud/findOneAndUpdate-hint.js';
import { replaceOneComment } from './crud/replaceOne-comment.js';
import { replaceOneDotsAndDollars } from './crud/replaceOne-dots_and_dollars.js';
import { replaceOneHintUnacknowledged } from './crud/replaceOne-hint-unacknowledged.js';
import { updateMany } from './crud/updateMany.js';
import { updateManyArrayFilters } from './crud/updateMany-arrayFilters.js';
import { updateManyCollation } from './crud/updateMany-collation.js';
import { updateManyPipeline } from './crud/updateMany-pipeline.js';
import { updateOneSort } from './crud/updateOne-sort.js';
import { runPorted } from './run-ported.js';

runPorted([
  bulkWriteCollation,
  bulkWriteUpdateValidation,
  bulkWriteUpdateManyLet,
  bulkWriteUpdateOneDotsAndDollars,
  clientBulkWriteErrors,
  clientBulkWriteOrdered,
  clientBulkWritePartialResults,
  clientBulkWriteUpdateOptions,
  createIdTypes,
  createNullIds,
  findOneAndDelete,
  findOneAndDeleteCollation,
  findOneAndDeleteComment,
  findOneAndDeleteHint,
  findOneAndDeleteHintUnacknowledged,
  findOneAndDeleteLet,
  findOneAndDeleteRawData,
  findOneAndReplaceLet,
  findOneAndReplaceUpsert,
  findOneAndUpdateHint,
  replaceOneComment,
  replaceOneDotsAndDollars,
  replaceOneHintUnacknowledged,
  updateMany,
  updateManyArrayFilters,
  updateManyCollation,
  updateManyPipeline,
  updateOneSort,
]);
