/**
 * Shared helper of the ports in this folder: one deterministic engine per test, commands written
 * as Extended JSON text, replies compared as canonical Extended JSON (field order and numeric
 * types count), the `explain` trailer (`serverInfo`, `serverParameters`) left out.
 * @internal
 */
import { parseEJSONDoc } from '../../bson/ejson.js';
import type { Doc } from '../../bson/values.js';
import type { Engine } from '../../engine.js';
import { canon, ejson, testEngine } from '../testing.js';

export { canon };

export const DB = 'exec';

/** A fresh engine with `docs` (Extended JSON array text) inserted into `c`. */
export function seeded(docs: string): Engine {
  const e = testEngine();
  const reply = e.runCommand(DB, parseEJSONDoc(`{"insert": "c", "documents": ${docs}}`));
  if (reply.has('writeErrors')) throw new Error(`seed failed: ${ejson(reply)}`);
  return e;
}

/** The reply to `command` as canonical Extended JSON. */
export function reply(e: Engine, command: string): string {
  return ejson(e.runCommand(DB, parseEJSONDoc(command)));
}

/** The reply document itself. */
export function replyDoc(e: Engine, command: string): Doc {
  return e.runCommand(DB, parseEJSONDoc(command));
}

/** The documents of `c` in natural order, as canonical Extended JSON. */
export function contents(e: Engine): string {
  return ejson(e.documents(DB, 'c'));
}
