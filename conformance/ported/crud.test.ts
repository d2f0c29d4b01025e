import { bulkWriteCollation } from './crud/bulkWrite-collation.js';
import { bulkWriteUpdateValidation } from './crud/bulkWrite-update-validation.js';
import { bulkWriteUpdateManyLet } from './crud/bulkWrite-updateMany-let.js';
import { bulkWriteUpdateOneDotsAndDollars } from './crud/bulkWrite-updateOne-dots_and_dollars.js';
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
  updateMany,
  updateManyArrayFilters,
  updateManyCollation,
  updateManyPipeline,
  updateOneSort,
]);
