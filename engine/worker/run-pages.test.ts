/**
 * The range protocol: what the page reads by range is exactly the full report of the same run
 * (`scriptRunOf`), in the same order, for any ranges; a recorded run reads the same after later
 * writes; the worker keeps the runs it should and refuses the others; an out-of-date preview is
 * cancelled.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Engine } from '../index.js';
import { EngineHandler } from './handler.js';
import { recordPlaygroundScript, runSetup } from './playground.js';
import type { CardView, RunList, ScriptRun, WorkerResponse } from './protocol.js';
import { scriptRunOf } from './recorded-run.js';
import { RunKeeper, RunPages } from './run-pages.js';
import { loadEngineShell } from './shell-runner.js';

const DOCS = Array.from({ length: 130 }, (_, i) => `{"_id": ${i}, "n": ${i % 7}, "tags": [${i % 3}, ${i % 5}, 9]}`);

function engineWithDocs(topology: 'replicaset' | 'standalone' = 'replicaset'): Engine {
  const engine = new Engine({ topology });
  expect(runSetup(engine, 'test', true, [`{"insert": "c", "documents": [${DOCS.join(',')}]}`])).toBeUndefined();
  return engine;
}

const SCRIPT = [
  'db.c.updateMany({n: {$lt: 4}}, {$set: {"tags.$[t]": 0}}, {arrayFilters: [{t: {$gte: 5}}]})',
  'print("between")',
  'db.c.updateOne({_id: 500}, {$set: {x: 1}}, {upsert: true})',
  'db.c.bulkWrite([{updateMany: {filter: {n: 6}, update: {$inc: {n: 1}}}}, {updateOne: {filter: {_id: 1}, update: {$unset: {tags: 1}}}}])',
  'db.c.insertOne({_id: 1000})',
].join('\n');

/** The cards the page showed before the range protocol, built from the full report. */
function cardsOf(run: ScriptRun): unknown[] {
  const out: unknown[] = [];
  run.commands.forEach((command, c) => {
    for (const statement of command.statements) {
      const { documents, ...head } = statement;
      out.push({ kind: 'header', command: c, statement: { ...head, documentCount: documents.length } });
      for (const change of documents) out.push({ kind: 'change', command: c, statementIndex: statement.index, change });
      if (statement.upsert !== undefined)
        out.push({ kind: 'upsert', command: c, statement: { ...head, documentCount: documents.length } });
    }
  });
  return out;
}

function comparable(card: CardView): unknown {
  if (card.kind === 'change')
    return { kind: card.kind, command: card.command, statementIndex: card.statementIndex, change: card.change };
  return { kind: card.kind, command: card.command, statement: card.statement };
}

const LISTS: RunList[] = ['statements', 'commands', 'oplog', 'cards'];

describe('run pages', () => {
  it('serve every list of a run exactly as its full report, for any ranges', async () => {
    const shell = await loadEngineShell();
    for (const topology of ['replicaset', 'standalone'] as const) {
      for (const dryRun of [true, false]) {
        const recorded = recordPlaygroundScript(engineWithDocs(topology), shell, 'test', SCRIPT, dryRun);
        const full = scriptRunOf(recorded);
        const pages = new RunPages(7, recorded);
        const whole = {
          statements: pages.range('statements', 0, Infinity),
          commands: pages.range('commands', 0, Infinity),
          oplog: pages.range('oplog', 0, Infinity),
          cards: pages.range('cards', 0, Infinity),
        };
        expect(whole.statements.map(({ diffDocuments: _d, firstCard: _f, ...s }) => s)).toEqual(full.statements);
        expect(whole.commands.map(({ simulation: _s, line: _l, ...c }) => c)).toEqual(
          full.commands.map(({ statements: _s, ...c }) => c),
        );
        expect(whole.oplog).toEqual(full.oplog);
        expect(whole.cards.map(comparable)).toEqual(cardsOf(full));
        expect(whole.cards.length).toBeGreaterThan(60);
        if (topology === 'replicaset') expect(whole.oplog.length).toBeGreaterThan(50);
        // The statement entries point at their documents: count and first card (its header).
        const first = whole.statements[0]!;
        expect(first.diffDocuments).toBe(full.commands[0]!.statements[0]!.documents.length);
        expect(whole.cards[first.firstCard!]?.kind).toBe('header');
        const head = pages.head();
        expect(head.counts).toEqual({
          statements: full.statements.length,
          commands: full.commands.length,
          oplog: full.oplog.length,
          cards: whole.cards.length,
        });
        expect(head.documentCount).toBe(whole.cards.filter((c) => c.kind !== 'header').length);
        for (const list of LISTS) expect(head.first[list]).toEqual(whole[list].slice(0, head.first[list].length));
        fc.assert(
          fc.property(
            fc.constantFrom(...LISTS),
            fc.integer({ min: -5, max: 200 }),
            fc.integer({ min: 0, max: 60 }),
            (list, from, length) => {
              expect(pages.range(list, from, from + length)).toEqual(
                whole[list].slice(Math.max(0, from), Math.max(0, from + length)),
              );
            },
          ),
          { numRuns: 60 },
        );
      }
    }
  });

  it('read the same after later writes to the same documents (recorded values are immutable)', async () => {
    const shell = await loadEngineShell();
    const engine = engineWithDocs();
    const recorded = recordPlaygroundScript(engine, shell, 'test', SCRIPT, false);
    const eager = scriptRunOf(recorded);
    const pages = new RunPages(1, recorded);
    recordPlaygroundScript(engine, shell, 'test', 'db.c.updateMany({}, {$set: {n: -1, tags: []}})', false);
    recordPlaygroundScript(engine, shell, 'test', 'db.c.updateMany({}, {$set: {n: 2}})', true);
    expect(pages.range('cards', 0, Infinity).map(comparable)).toEqual(cardsOf(eager));
    expect(pages.range('oplog', 0, Infinity)).toEqual(eager.oplog);
  });

  it('keep the newest run and the one the page shows, nothing else', async () => {
    const shell = await loadEngineShell();
    const engine = engineWithDocs();
    const keeper = new RunKeeper();
    const a = keeper.add(recordPlaygroundScript(engine, shell, 'test', SCRIPT, true), undefined);
    const b = keeper.add(recordPlaygroundScript(engine, shell, 'test', SCRIPT, true), a.runId);
    expect(keeper.get(a.runId)).toBeDefined();
    expect(keeper.get(b.runId)).toBeDefined();
    const c = keeper.add(recordPlaygroundScript(engine, shell, 'test', SCRIPT, true), b.runId);
    expect(keeper.get(a.runId)).toBeUndefined();
    expect(keeper.get(b.runId)).toBeDefined();
    expect(new Set([a.runId, b.runId, c.runId]).size).toBe(3);
  });
});

describe('runRange and runScript requests', () => {
  async function handlerWithDocs(): Promise<EngineHandler> {
    const handler = new EngineHandler({ createEngine: () => new Engine({ topology: 'replicaset' }) });
    const setup = await handler.handle({
      id: 1,
      type: 'setup',
      db: 'test',
      reset: true,
      commands: [`{"insert": "c", "documents": [${DOCS.join(',')}]}`],
    });
    expect(setup.ok).toBe(true);
    return handler;
  }

  it('serve ranges of a kept run and refuse a run the worker does not hold (11601)', async () => {
    const handler = await handlerWithDocs();
    const run = await handler.handle({ id: 2, type: 'runScript', db: 'test', script: SCRIPT, dryRun: true });
    if (!run.ok) throw new Error(run.error.errmsg);
    const head = run.result as { runId: number; counts: { cards: number } };
    const range = (await handler.handle({
      id: 3,
      type: 'runRange',
      runId: head.runId,
      list: 'cards',
      from: 40,
      to: 80,
    })) as WorkerResponse<'runRange'>;
    expect(range.ok && range.result.length).toBe(Math.min(40, head.counts.cards - 40));
    const gone = await handler.handle({
      id: 4,
      type: 'runRange',
      runId: head.runId + 1,
      list: 'cards',
      from: 0,
      to: 5,
    });
    expect(gone).toMatchObject({ ok: false, error: { code: 11601, codeName: 'Interrupted' } });
    const bad = await handler.handle({ id: 5, type: 'runRange', runId: head.runId, list: 'documents', from: 0, to: 5 });
    expect(bad).toMatchObject({ ok: false, error: { code: 2 } });
  });

  it('drop the runs a new run does not keep, also when its script does not parse', async () => {
    const handler = await handlerWithDocs();
    const head = async (id: number, keep?: number, script = SCRIPT): Promise<number> => {
      const r = await handler.handle({ id, type: 'runScript', db: 'test', script, dryRun: true, keep });
      if (!r.ok) throw new Error(r.error.errmsg);
      return (r.result as { runId: number }).runId;
    };
    const held = async (id: number, runId: number): Promise<boolean> =>
      (await handler.handle({ id, type: 'runRange', runId, list: 'cards', from: 0, to: 1 })).ok;
    const a = await head(20);
    const b = await head(21, a);
    expect(await held(22, a)).toBe(true);
    // The page shows b: the next preview keeps b only.
    const failed = await handler.handle({
      id: 23,
      type: 'runScript',
      db: 'test',
      script: 'db.c.find(',
      dryRun: true,
      keep: b,
    });
    expect(failed.ok).toBe(true);
    expect(await held(24, a)).toBe(false);
    expect(await held(25, b)).toBe(true);
  });

  it('cancel a preview that a newer preview overtook before it started, never a Run', async () => {
    const handler = await handlerWithDocs();
    const script = 'db.c.updateMany({}, {$inc: {n: 1}})';
    const [older, run, newer] = await Promise.all([
      handler.handle({ id: 10, type: 'runScript', db: 'test', script, dryRun: true }),
      handler.handle({ id: 11, type: 'runScript', db: 'test', script, dryRun: false }),
      handler.handle({ id: 12, type: 'runScript', db: 'test', script, dryRun: true }),
    ]);
    expect(older).toMatchObject({ ok: false, error: { code: 11601 } });
    expect(run.ok).toBe(true);
    expect(newer.ok).toBe(true);
  });
});
