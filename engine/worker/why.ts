/**
 * The `why` request: the Why trace (engine/why/) of one update statement of a script, on the state
 * that statement saw. The script is replayed between `snapshot()` and `restore()` up to the
 * command asked for (the same numbering as `ScriptRun.commands`), which is then traced instead of
 * sent: a dry run that never commits, whatever the script does.
 */
import { isArray, isDoc, type Doc, type Value } from '../bson/values.js';
import type { Collection } from '../catalog/collection.js';
import { effectiveCollation } from '../commands/common.js';
import { planAccess } from '../commands/update/plan.js';
import { parseHint } from '../commands/update/request.js';
import { isEngineError } from '../errors.js';
import type { Engine } from '../index.js';
import { compileQuery } from '../query/index.js';
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

/**
 * The documents in the order the statement's plan reads them (an index's order, or natural
 * order), then the ones its index bounds leave out; falls back to natural order when planning fails.
 */
function planOrder(collection: Collection | undefined, ns: string, statement: Doc, all: Doc[]): Doc[] {
  const q = statement.get('q');
  if (collection === undefined || !isDoc(q)) return all;
  try {
    const collation = effectiveCollation(collection, statement.get('collation'));
    const matcher = compileQuery(q, { collator: collation?.collator ?? null });
    const hint = statement.get('hint');
    const plan = planAccess(collection, ns, q, matcher.root, {
      hint: hint === undefined ? { kind: 'none' } : parseHint(hint),
      collation,
      hasSort: statement.has('sort'),
    });
    const read = new Set<Doc>(plan.candidates);
    return [...plan.candidates, ...all.filter((d) => !read.has(d))];
  } catch {
    return all;
  }
}

/** Runs the statements of `command` before `index` (they change what it sees); a reason when an ordered batch stopped. */
function runEarlierStatements(
  engine: Engine,
  db: string,
  command: Doc,
  updates: Value[],
  index: number,
): string | undefined {
  if (index === 0) return undefined;
  const earlier = new Map(command);
  earlier.set('updates', updates.slice(0, index));
  const reply = engine.runCommand(db, earlier);
  const errors = reply.get('writeErrors');
  if (command.get('ordered') === false || !isArray(errors) || errors.length === 0) return undefined;
  const first = errors[0];
  const at = isDoc(first) ? first.get('index') : undefined;
  const message = isDoc(first) ? `${String(first.get('code'))}: ${String(first.get('errmsg'))}` : 'an error';
  return `never run: statement ${String(at)} of this ordered batch failed (${message}), so the server stopped before this one`;
}

/** Traces one statement of an `update` command against the engine's current state. */
export function traceUpdateCommand(engine: Engine, db: string, command: Doc, target: WhyTarget): WhyTrace {
  const name = command.keys().next().value ?? '';
  const collection = command.get(name);
  const updates = command.get('updates');
  const statement = isArray(updates) ? updates[target.statement] : undefined;
  const namespace = `${db}.${typeof collection === 'string' ? collection : '?'}`;
  if (name !== 'update' || typeof collection !== 'string' || !isDoc(statement) || !isArray(updates)) {
    return { namespace, documents: [], error: `Why explains the statements of an update command, not ${name}` };
  }
  let notRun: string | undefined;
  try {
    notRun = runEarlierStatements(engine, db, command, updates, target.statement);
  } catch (e) {
    notRun = `never run: the batch failed before this statement (${isEngineError(e) ? `${e.code}: ${e.message}` : String(e)})`;
  }
  if (notRun !== undefined) return { namespace, documents: [], notRun };
  const coll = engine.catalog.getCollection(db, collection);
  const validator = coll?.validator;
  return traceStatement({
    namespace,
    documents: planOrder(coll, namespace, statement, engine.documents(db, collection)),
    defaultCollator: coll?.collator ?? null,
    statement,
    documentId: target.documentId,
    // The ids as the page's display trees write them (`diff-document`'s data-id).
    idText: scalarText,
    validation:
      coll === undefined || validator === undefined || validator.size === 0
        ? undefined
        : {
            validator,
            level: coll.validationLevel,
            action: coll.validationAction,
            bypass: command.get('bypassDocumentValidation') === true,
          },
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
