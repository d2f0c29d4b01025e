/**
 * The diff pane against the other panes, for every gallery scenario (preview and Run): a statement
 * the reply reports as failed shows that error on its card, and every document card that says
 * "modified" or "inserted" has its write in the oplog pane of the same run (so a write the server
 * refused or undid cannot show as done). Real engine, real shell, the cards the worker sends the
 * page (engine/worker/run-pages.ts), read through the range protocol as the page reads them.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseEJSON } from '../../engine/bson/ejson.js';
import { isArray, isDoc, type Doc, type Value } from '../../engine/bson/values.js';
import { Engine } from '../../engine/engine.js';
import { recordPlaygroundScript } from '../../engine/worker/playground.js';
import type { CardView, CommandEntry, OplogEntryView, StatementHead } from '../../engine/worker/protocol.js';
import { RunPages } from '../../engine/worker/run-pages.js';
import { loadEngineShell } from '../../engine/worker/shell-runner.js';
import { scalarText, typedEJSON } from '../../engine/worker/views.js';
import type { TreeNode } from '../../engine/worker/protocol.js';
import { loadScenarioGallery } from '../scenarios/load.js';
import { loadScenarioIntoEngine } from '../scenarios/setup.js';

const galleryPath = fileURLToPath(new URL('../../public/examples/scenarios.json', import.meta.url));
const gallery = loadScenarioGallery(readFileSync(galleryPath, 'utf8'));

function doc(text: string): Doc {
  const v = parseEJSON(text);
  if (!isDoc(v)) throw new Error(`not a document: ${text}`);
  return v;
}

/** Statement index → error code, as the command's reply reports it (update, bulkWrite, whole-command). */
function replyErrors(command: CommandEntry, statements: readonly number[]): Map<number, number> {
  const reply = doc(command.reply);
  const out = new Map<number, number>();
  const code = (d: Doc): number => Number(String(d.get('code')));
  if (!command.ok) {
    for (const s of statements) out.set(s, code(reply));
    return out;
  }
  const writeErrors = reply.get('writeErrors');
  if (isArray(writeErrors)) for (const e of writeErrors.filter(isDoc)) out.set(Number(String(e.get('index'))), code(e));
  const cursor = reply.get('cursor');
  const items = isDoc(cursor) ? cursor.get('firstBatch') : undefined;
  if (command.name === 'bulkWrite' && isArray(items)) {
    for (const item of items.filter(isDoc))
      if (Number(String(item.get('ok'))) === 0) out.set(Number(String(item.get('idx'))), code(item));
  }
  return out;
}

/** Every write the oplog pane shows, transactions' applyOps unpacked: "op ns _id o". */
function oplogWrites(oplog: readonly OplogEntryView[]): Set<string> {
  const out = new Set<string>();
  const add = (e: Doc): void => {
    const op = e.get('op');
    const o = e.get('o');
    const o2 = e.get('o2');
    if (op === 'c' && isDoc(o) && isArray(o.get('applyOps'))) {
      for (const inner of (o.get('applyOps') as Value[]).filter(isDoc)) add(inner);
      return;
    }
    const id = isDoc(o2) ? o2.get('_id') : isDoc(o) ? o.get('_id') : undefined;
    if (id === undefined || !isDoc(o)) return;
    out.add(`${String(op)} ${scalarText(id)} ${op === 'u' ? typedEJSON(o, 0) : ''}`);
  };
  for (const entry of oplog) add(doc(entry.text));
  return out;
}

/** The shell text of a displayed document's `_id`. */
function idOf(node: TreeNode): string {
  const id = node.t === 'doc' ? node.fields.find(([k]) => k === '_id')?.[1] : undefined;
  return id?.t === 'val' ? id.text : '?';
}

describe('diff cards agree with the replies and the oplog pane', async () => {
  const shell = await loadEngineShell();
  for (const scenario of gallery.scenarios) {
    for (const dryRun of [true, false]) {
      it(`${scenario.id} (${dryRun ? 'preview' : 'run'})`, () => {
        const engine = new Engine();
        loadScenarioIntoEngine(engine, scenario, { reset: true });
        const pages = new RunPages(
          1,
          recordPlaygroundScript(engine, shell, scenario.database, scenario.script, dryRun),
        );
        const writes = oplogWrites(pages.range('oplog', 0, Infinity));
        const commands = pages.range('commands', 0, Infinity);
        const cards: CardView[] = pages.range('cards', 0, Infinity);
        const hasOplog = scenario.deployment !== 'standalone';
        let header: StatementHead | undefined;
        for (const card of cards) {
          if (card.kind === 'header') {
            header = card.statement;
            const sameCommand = cards.flatMap((c) =>
              c.kind === 'header' && c.command === card.command ? [c.statement.index] : [],
            );
            const code = replyErrors(commands[card.command]!, sameCommand).get(card.statement.index);
            if (code !== undefined) expect(card.statement.error?.code, `${card.title}: error on its card`).toBe(code);
            continue;
          }
          if (card.kind === 'change' && !card.change.noop) {
            expect(header?.transaction, 'a write kept by no transaction shows no document').toBeUndefined();
            if (!hasOplog) continue;
            const o = card.change.oplog === undefined ? '' : typedEJSON(doc(card.change.oplog), 0);
            const id = idOf(card.change.before);
            expect(writes.has(`u ${id} ${o}`), `modified card _id ${id} has its oplog entry`).toBe(true);
          }
          if (card.kind === 'upsert' && hasOplog) {
            const id = card.statement.upsert === undefined ? '?' : idOf(card.statement.upsert.doc);
            expect(writes.has(`i ${id} `), `upserted _id ${id} in the oplog`).toBe(true);
          }
        }
      });
    }
  }
});
