import {
  retryableFindOneAndDeleteErrorLabels,
  retryableFindOneAndDeleteServerErrors,
} from './retryable-writes/findOneAndDelete-errors.js';
import { monitoringUpdateOne } from './monitoring/updateOne.js';
import { retryableFindOneAndDelete } from './retryable-writes/findOneAndDelete.js';
import { runPorted } from './run-ported.js';
import { transactionsFindOneAndDelete } from './transactions/findOneAndDelete.js';
import { transactionsFindOneAndReplace } from './transactions/findOneAndReplace.js';
import { transactionsUpdate } from './transactions/update.js';

runPorted([
  monitoringUpdateOne,
  retryableFindOneAndDelete,
  retryableFindOneAndDeleteErrorLabels,
  retryableFindOneAndDeleteServerErrors,
  transactionsFindOneAndDelete,
  transactionsFindOneAndReplace,
  transactionsUpdate,
]);
