/**
 * Harness for the ports of MongoDB's 8.0 manual (pages of reference/command, reference/method,
 * reference/operator, core/document, reference/limits, …): a page's mongosh lines run through the
 * engine's shell exactly as written (each statement printed as mongosh prints it), or its command
 * documents run through `runCommand`, replies compared as canonical Extended JSON (field order and
 * BSON types both matter). Deterministic: a fixed clock and counted ObjectIds.
 * @internal
 */
import { ObjectId } from 'bson';
import { parseEJSONDoc, toRelaxed } from '../../bson/ejson.js';
import { ManualClock } from '../../catalog/clock.js';
import { Engine, type EngineOptions } from '../../engine.js';
import { formatShellResult, runShellScript } from '../../shell/index.js';

export const NOW = new Date('2026-01-02T03:04:05.678Z');

export interface Manual {
  readonly engine: Engine;
  /** Runs mongosh lines; returns what mongosh prints for each statement (errors included). */
  sh(script: string): string[];
  /** Runs one command (Extended JSON text, ints → int32) on `db` (default `test`); the reply as relaxed Extended JSON
   * (int32 `1`, int64 `{"$numberLong"}`, double `1.0`), without spaces. */
  cmd(command: string, db?: string): string;
  /** The collection's documents in natural order, relaxed Extended JSON. */
  docs(coll: string, db?: string): string;
}

export function manual(options: EngineOptions = {}): Manual {
  let n = 0;
  const newObjectId = (): ObjectId => new ObjectId((++n).toString(16).padStart(24, '0'));
  const engine = new Engine({ clock: new ManualClock(NOW), newObjectId, ...options });
  return {
    engine,
    sh: (script) =>
      runShellScript(engine, script, { now: () => NOW, newObjectId, continueOnError: true }).map((r) =>
        formatShellResult(r),
      ),
    cmd: (command, db = 'test') => toRelaxed(engine.runCommand(db, parseEJSONDoc(command))),
    docs: (coll, db = 'test') => toRelaxed(engine.documents(db, coll)),
  };
}

/** A document nested `levels` deep under field `a` (`{a: {a: … leaf}}`). */
export function nested(levels: number, leaf: string): string {
  return '{"a": '.repeat(levels) + leaf + '}'.repeat(levels);
}
