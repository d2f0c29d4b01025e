/**
 * One entry point for the playground to run any command of the update family and get, besides
 * the reply, the per-statement details (before/after, modified paths, array touches, oplog `o`,
 * upsert field origins), optionally as a dry run (live preview: nothing is committed).
 *
 *   const { reply, statements } = runWriteWithDetails(engine, 'test', cmd, { dryRun: true });
 *
 * Supported: update, findAndModify/findandmodify, bulkWrite (its update ops), upsertRace.
 * Any other command runs through `engine.runCommand` (no details, never dry).
 */
import type { Doc, Value } from '../bson/values.js';
import { isDoc } from '../bson/values.js';
import type { Engine } from '../engine.js';
import { fail } from '../errors.js';
import type { CommandHandler } from '../commands/context.js';
import { runBulkWrite } from '../commands/bulk-write.js';
import { runFindAndModify } from '../commands/find-and-modify.js';
import { runUpsertRace, type UpsertRaceResult } from '../commands/interleave.js';
import { DetailsCollector, type StatementDetail } from '../commands/update/details.js';
import { buildErrorReply, toEngineError } from '../commands/update/reply.js';
import { commandContext, recordOperation, runUpdate, withDryRun } from '../commands/update/command.js';

export interface WriteRunDetails {
  readonly reply: Doc;
  readonly statements: readonly StatementDetail[];
  readonly dryRun: boolean;
  /** For upsertRace: both sides' outcomes and the retry conditions. */
  readonly race?: UpsertRaceResult | undefined;
}

export function runWriteWithDetails(
  engine: Engine,
  db: string,
  command: Doc,
  options: { readonly dryRun?: boolean } = {},
): WriteRunDetails {
  const dryRun = options.dryRun ?? false;
  const collector = new DetailsCollector();
  const ctx = { ...commandContext(engine, db, command), details: collector };
  const run = { observer: collector, dryRun };
  let race: UpsertRaceResult | undefined;
  let reply: Doc;
  // The simulated deployment (transactions, write concern, auth, sharding) wraps these runs as it
  // wraps engine.runCommand; a plain standalone command runs directly.
  const deployed = engine.deployment.needsDeployment(ctx.name, ctx.command);
  const through = (handler: CommandHandler): Doc => (deployed ? engine.deployment.run(ctx, handler) : handler(ctx));
  try {
    if (!dryRun) recordOperation(ctx);
    switch (ctx.name) {
      case 'update':
        reply = through((c) => runUpdate(c, run));
        break;
      case 'findAndModify':
      case 'findandmodify':
        reply = through((c) => runFindAndModify(c, run));
        break;
      case 'bulkWrite':
        reply = through((c) => runBulkWrite(c, run));
        break;
      case 'upsertRace': {
        const coll = ctx.command.get('upsertRace');
        const first = ctx.command.get('first');
        const second = ctx.command.get('second');
        if (typeof coll !== 'string' || !isDoc(first) || !isDoc(second)) {
          throw fail(9, 'upsertRace needs a collection name and two statements, first and second');
        }
        const letDoc = ctx.command.get('let');
        race = withDryRun(ctx.catalog, dryRun, () =>
          runUpsertRace(ctx, { collection: coll, first, second, let: isDoc(letDoc) ? letDoc : undefined }),
        );
        for (const d of [race.details.first, race.details.second]) if (d) collector.onStatement(d);
        reply = new Map<string, Value>([
          ['first', race.first],
          ['second', race.second],
          ['firstOutcome', race.firstOutcome],
          ['secondOutcome', race.secondOutcome],
          ['ok', 1],
        ]);
        break;
      }
      default:
        return { reply: engine.runCommand(db, command), statements: [], dryRun: false };
    }
  } catch (e) {
    reply = buildErrorReply(toEngineError(e));
  }
  return { reply, statements: collector.statements, dryRun, race };
}
