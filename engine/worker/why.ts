/**
 * The `why` request: the Why trace (engine/why/) of one update statement of a script, on the state
 * that statement saw. The script is replayed between `snapshot()` and `restore()` up to the
 * command asked for (the same numbering as `ScriptRun.commands`), which is then traced instead of
 * sent: a dry run that never commits, whatever the script does.
 */
import { isArray, isDoc, type Doc } from '../bson/values.js';
import type { Engine } from '../index.js';
import type { CommandEngine } from '../shell/api.js';
import { traceStatement } from '../why/trace-statement.js';
import type { WhyTrace } from '../why/types.js';
import { pauseReason } from './playground.js';
import type { ShellRunner } from './shell-runner.js';
import { scalarText } from './views.js';

class TraceTaken extends Error {}

export interface WhyTarget {
  /** Index in `ScriptRun.commands` of the update command. */
  readonly command: number;
  /** Index in that command's `updates`. */
  readonly statement: number;
  /** Shell text of the `_id` to explain in full. */
  readonly documentId?: string | undefined;
}

/** Traces one statement of an `update` command against the engine's current state. */
export function traceUpdateCommand(engine: Engine, db: string, command: Doc, target: WhyTarget): WhyTrace {
  const name = command.keys().next().value ?? '';
  const collection = command.get(name);
  const updates = command.get('updates');
  const statement = isArray(updates) ? updates[target.statement] : undefined;
  const namespace = `${db}.${typeof collection === 'string' ? collection : '?'}`;
  if (name !== 'update' || typeof collection !== 'string' || !isDoc(statement)) {
    return { namespace, documents: [], error: `Why explains the statements of an update command, not ${name}` };
  }
  return traceStatement({
    namespace,
    documents: engine.documents(db, collection),
    defaultCollator: engine.catalog.getCollection(db, collection)?.collator ?? null,
    statement,
    documentId: target.documentId,
    // The ids as the page's display trees write them (`diff-document`'s data-id).
    idText: scalarText,
  });
}

export function explainScriptCommand(
  engine: Engine,
  shell: ShellRunner,
  db: string,
  script: string,
  target: WhyTarget,
): WhyTrace {
  const snapshot = engine.snapshot();
  const operationsBefore = [...engine.recentOperations()];
  let trace: WhyTrace | undefined;
  let sent = 0;
  let stopped: string | undefined;
  const recorder: CommandEngine = {
    serverType: () => engine.serverType(),
    runCommand(dbName: string, command: Doc): Doc {
      const name = command.keys().next().value ?? '';
      if (sent === target.command) {
        trace = traceUpdateCommand(engine, dbName, command, target);
        throw new TraceTaken('traced');
      }
      const reason = pauseReason(engine, name, command);
      if (reason !== undefined) {
        stopped = reason;
        throw new TraceTaken(reason);
      }
      sent++;
      return engine.runCommand(dbName, command);
    },
  };
  try {
    shell(recorder, db, script, () => {});
  } finally {
    engine.restore(snapshot);
    const operations = engine.catalog.recentOperations;
    operations.clear();
    for (const record of operationsBefore) operations.record(record);
  }
  if (trace !== undefined) return trace;
  return { namespace: db, documents: [], error: stopped ?? `the script sent no command ${target.command}` };
}
