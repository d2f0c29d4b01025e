import { monitoringUpdateOne } from './monitoring/updateOne.js';
import { runPorted } from './run-ported.js';
import { transactionsFindOneAndReplace } from './transactions/findOneAndReplace.js';
import { transactionsUpdate } from './transactions/update.js';

runPorted([monitoringUpdateOne, transactionsFindOneAndReplace, transactionsUpdate]);
