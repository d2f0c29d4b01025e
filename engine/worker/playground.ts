/**
 * The playground's view of a run: the shell runs the script against a recording wrapper of the
 * engine, which sends the update family (update, findAndModify, bulkWrite, upsertRace) through
 * `runWriteWithDetails` so every write reports before/after, modified paths, array touches and
 * upsert origins. A dry run is the same run inside a journal (`beginJournal()` … `rollback()`), so later
 * statements of the script see earlier ones, and afterwards nothing (oplog included) remains.
 * The journal covers the catalog only, so a dry run stops before any command that changes what
 * it does not hold (deployment, users and login, sessions, transactions, the sharding router)
 * and reports `paused`; the page then asks for Run.
 */
import type { Doc } from '../bson/values.js';
import { runWriteWithDetails } from './write-details.js';
import type { StatementDetail } from '../commands/update/details.js';
import { DEPLOYMENT_COMMANDS } from '../deploy/deployment.js';
import type { Engine } from '../index.js';
import type { CommandEngine } from '../shell/api.js';
import type { PreviewPause, ScriptRun, ShellStatementReply } from './protocol.js';
import { collectionViews } from './catalog-views.js';
import { scriptRunOf, type RecordedCommand, type RecordedRun } from './recorded-run.js';
import { diagnoseError } from './diagnose.js';
import { isOk } from './reply-fields.js';
import { annotate, arrayFiltersOf, raceClient, statementView } from './statement-views.js';
import { explainUnchanged } from './unchanged/index.js';
import { markUncommitted, transactionStep, type TransactionStep } from './transaction-fate.js';
import type { ShellRunner } from './shell-runner.js';
import { typedEJSON } from './views.js';

export { collectionViews, deploymentList, documentViews, runSetup } from './catalog-views.js';

const DETAILED_COMMANDS = new Set(['update', 'findAndModify', 'findandmodify', 'bulkWrite', 'upsertRace']);

/** Deployment commands that only read, which a dry run may send. */
const READ_ONLY_DEPLOYMENT_COMMANDS = new Set([
  'getDeployment',
  'getDefaultRWConcern',
  'usersInfo',
  'connectionStatus',
  'replSetGetStatus',
]);

/** Session commands the engine does not implement today; refused in dry runs all the same. */
const SESSION_COMMANDS = new Set([
  'startSession',
  'refreshSessions',
  'killSessions',
  'killAllSessions',
  'killAllSessionsByPattern',
  'saslStart',
  'saslContinue',
]);

/** Catalog commands that also change the sharding router's state (not in the journal). */
const ROUTER_COMMANDS = new Set(['drop', 'dropDatabase', 'renameCollection']);

/** Thrown into the shell to stop a dry run before a command it could not undo. */
class PreviewPaused extends Error {}

/** Why a dry run must not send `command`, or undefined when the journal undoes it. */
export function pauseReason(engine: Engine, name: string, command: Doc): string | undefined {
  if (DEPLOYMENT_COMMANDS.has(name) && !READ_ONLY_DEPLOYMENT_COMMANDS.has(name)) {
    return `${name} changes the deployment, its users or its sessions, which a preview cannot undo`;
  }
  if (SESSION_COMMANDS.has(name)) return `${name} changes sessions or the login, which a preview cannot undo`;
  if (['lsid', 'txnNumber', 'autocommit', 'startTransaction'].some((k) => command.has(k))) {
    return `${name} runs in a session or transaction, which a preview cannot undo`;
  }
  if (ROUTER_COMMANDS.has(name) && engine.deployment.topology.topology === 'sharded') {
    return `${name} changes the sharded cluster's routing, which a preview cannot undo`;
  }
  return undefined;
}

/** Runs `script` and reports everything the page shows about it. */
export function runPlaygroundScript(
  engine: Engine,
  shell: ShellRunner,
  db: string,
  script: string,
  dryRun: boolean,
): ScriptRun {
  return scriptRunOf(recordPlaygroundScript(engine, shell, db, script, dryRun));
}

/** Runs `script` and records it (documents and oplog entries as engine values, see recorded-run.ts). */
export function recordPlaygroundScript(
  engine: Engine,
  shell: ShellRunner,
  db: string,
  script: string,
  dryRun: boolean,
): RecordedRun {
  const started = Date.now();
  // A dry run is undone through the engine's journal: the cost is the writes made, not the data held.
  const journal = dryRun ? engine.beginJournal() : undefined;
  const operationsBefore = dryRun ? [...engine.recentOperations()] : [];
  // A count, not the entries: reading them would build every entry's document (oplog-records.ts).
  const oplogBefore = engine.catalog.oplog.size;
  const commands: RecordedCommand[] = [];
  const steps: (TransactionStep | undefined)[] = [];
  let current: number | undefined;
  let paused: PreviewPause | undefined;
  const recorder: CommandEngine = {
    serverType: () => engine.serverType(),
    runCommand(dbName: string, command: Doc): Doc {
      const name = command.keys().next().value ?? '';
      const reason = dryRun ? pauseReason(engine, name, command) : undefined;
      if (reason !== undefined) {
        paused ??= { command: name, statement: current ?? 0, reason };
        throw new PreviewPaused(`preview paused: ${reason}`);
      }
      let reply: Doc;
      let details: readonly StatementDetail[] = [];
      if (DETAILED_COMMANDS.has(name)) {
        const run = runWriteWithDetails(engine, dbName, command);
        reply = run.reply;
        details = run.statements;
      } else {
        reply = engine.runCommand(dbName, command);
      }
      steps.push(transactionStep(name, command, reply));
      commands.push({
        name,
        db: dbName,
        command: typedEJSON(command),
        reply: typedEJSON(reply),
        ok: isOk(reply),
        statements: explainUnchanged(
          engine,
          dbName,
          name,
          command,
          reply,
          details,
          annotate(
            engine,
            dbName,
            name,
            command,
            reply,
            details.map((d, i) => {
              const view = statementView(d, arrayFiltersOf(command, name, d.index));
              return name === 'upsertRace' ? { ...view, simulatedClient: raceClient(command, i) } : view;
            }),
          ),
        ),
        ...(current === undefined ? {} : { statement: current }),
      });
      return reply;
    },
  };
  try {
    const statements = shell(recorder, db, script, (index) => {
      current = index;
    }).map(withDiagnosis);
    // A standalone writes no oplog (only replica set members do): nothing of it is shown.
    const standalone = engine.serverType() === 'standalone';
    // Kept as written and built when the page reads a range of them (a dry run's outlive its rollback).
    const oplog = standalone ? [] : engine.catalog.oplog.listSince(oplogBefore);
    const noOplog = standalone ? ({ noOplog: 'standalone' } as const) : {};
    const sent = commands;
    const elapsedMs = Date.now() - started;
    if (paused !== undefined) {
      // Only what ran before the paused statement: its own error is the pause, not the script's.
      const before = paused.statement;
      const line = statements.find((s) => s.index === before)?.range.startLine;
      return {
        dryRun,
        statements: statements.filter((s) => s.index < before),
        commands: sent.filter((c) => (c.statement ?? 0) < before),
        oplog,
        ...noOplog,
        elapsedMs,
        paused: line === undefined ? paused : { ...paused, line },
      };
    }
    const run: RecordedRun = {
      dryRun,
      statements,
      commands: markUncommitted(sent, steps),
      oplog,
      ...noOplog,
      elapsedMs,
    };
    return dryRun ? run : { ...run, collections: collectionViews(engine, db) };
  } finally {
    if (journal !== undefined) {
      journal.rollback();
      const operations = engine.catalog.recentOperations;
      operations.clear();
      for (const record of operationsBefore) operations.record(record);
    }
  }
}

/** Adds the engine's help for a statement's error (what it means, did you mean, where). */
function withDiagnosis(s: ShellStatementReply): ShellStatementReply {
  if (s.error === undefined) return s;
  const diagnosis = diagnoseError(s.error.code, s.error.message, s.source);
  return diagnosis === undefined ? s : { ...s, diagnosis };
}
