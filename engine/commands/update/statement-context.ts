/** What the statements of one update-running command share, built once per command. */
import type { Timestamp } from 'bson';
import type { Doc } from '../../bson/values.js';
import type { Catalog } from '../../catalog/catalog.js';
import type { RuntimeEnv } from '../../runtime.js';
import type { Deadline } from './deadline.js';
import type { UpdateDeps } from './deps.js';
import { buildCommandEnv } from './env.js';

/** What every statement of one command shares. */
export interface StatementContext {
  readonly catalog: Catalog;
  readonly db: string;
  readonly collectionName: string;
  readonly deps: UpdateDeps;
  /** `let` values (evaluated once per command), `$$NOW`, `$$CLUSTER_TIME`. */
  readonly env: RuntimeEnv;
  readonly letNames: ReadonlySet<string>;
  readonly bypassDocumentValidation: boolean;
  readonly deadline: Deadline;
  /** Context prepended to runtime errors (`Plan executor error during update`). */
  readonly execContext?: string | undefined;
  /**
   * Whether statement details list every document change (`documents`); default true. The
   * update command turns it off when no observer reads the details (replies only need counts).
   */
  readonly collectDocuments?: boolean | undefined;
}

/** What the commands running update statements pass to build their StatementContext. */
export interface StatementTarget {
  readonly db: string;
  readonly collectionName: string;
  readonly let: Doc | undefined;
  readonly bypassDocumentValidation: boolean;
  readonly deps: UpdateDeps;
  readonly deadline: Deadline;
  readonly execContext?: string | undefined;
  readonly collectDocuments?: boolean | undefined;
}

const tickers = new WeakMap<Catalog, () => Timestamp>();

/** The catalog's cluster-clock tick, one function per catalog (not one per command). */
function clusterTicker(catalog: Catalog): () => Timestamp {
  let tick = tickers.get(catalog);
  if (tick === undefined) {
    tick = () => catalog.clock.nextTimestamp();
    tickers.set(catalog, tick);
  }
  return tick;
}

/** The statement context of one command: its `let` evaluated once, with the target collection's default collator. */
export function buildStatementContext(catalog: Catalog, startedAt: Date, target: StatementTarget): StatementContext {
  const collection = catalog.getCollection(target.db, target.collectionName);
  // `$currentDate: {$type: "timestamp"}` ticks the cluster clock (the one the oplog reads) per document.
  const { env, letNames } = buildCommandEnv(
    startedAt,
    target.let,
    collection?.collator ?? null,
    clusterTicker(catalog),
  );
  return {
    catalog,
    db: target.db,
    collectionName: target.collectionName,
    deps: target.deps,
    env,
    letNames,
    bypassDocumentValidation: target.bypassDocumentValidation,
    deadline: target.deadline,
    execContext: target.execContext,
    collectDocuments: target.collectDocuments,
  };
}
