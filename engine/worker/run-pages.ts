/**
 * A recorded run served by range: the page first gets a `RunHead` (counts, totals, the first page
 * of each list) and asks for more as the user scrolls. Only the items asked for are made into
 * display data (trees, texts), so a preview of 10,000 documents costs the page one small message.
 *
 * The diff pane's cards are numbered here once (per statement a header, its documents, its
 * upsert), as plain indexes into the recorded run.
 */
import type {
  CardView,
  CommandEntry,
  RunHead,
  RunList,
  RunListItems,
  ShellStatementReply,
  StatementEntry,
  StatementHead,
} from './protocol.js';
import { RUN_PAGE } from './run-types.js';
import {
  changeFacts,
  changeView,
  oplogView,
  statementHeadOf,
  type RecordedRun,
  type RecordedStatement,
} from './recorded-run.js';

/** What a card of a statement is: its header, a change (index ≥ 0) or its upsert. */
const HEADER = -1;
const UPSERT = -2;

interface StatementSlot {
  readonly command: number;
  readonly statement: RecordedStatement;
}

export class RunPages {
  private readonly slots: StatementSlot[] = [];
  /** Per card: its statement slot, and which of its cards (HEADER, a change index, UPSERT). */
  private readonly cardSlot: Int32Array;
  private readonly cardPart: Int32Array;
  private readonly colours = new Map<number, readonly (readonly [string, number])[]>();
  private readonly byIndex = new Map<number, ShellStatementReply>();
  /** Script statement index → its diff documents and first card. */
  private readonly diffOf = new Map<number, { documents: number; firstCard: number }>();
  private readonly withOplog: boolean;

  constructor(
    readonly runId: number,
    private readonly run: RecordedRun,
  ) {
    this.withOplog = run.noOplog === undefined;
    for (const s of run.statements) this.byIndex.set(s.index, s);
    let cards = 0;
    run.commands.forEach((c, command) => {
      for (const statement of c.statements) {
        this.slots.push({ command, statement });
        cards += 1 + statement.changes.length + (statement.upsert === undefined ? 0 : 1);
      }
    });
    this.cardSlot = new Int32Array(cards);
    this.cardPart = new Int32Array(cards);
    let at = 0;
    this.slots.forEach((slot, i) => {
      const c = run.commands[slot.command]!;
      if (c.statement !== undefined) {
        const documents = slot.statement.changes.length + (slot.statement.upsert === undefined ? 0 : 1);
        const seen = this.diffOf.get(c.statement);
        this.diffOf.set(c.statement, {
          documents: (seen?.documents ?? 0) + documents,
          firstCard: seen?.firstCard ?? at,
        });
      }
      this.cardSlot[at] = i;
      this.cardPart[at++] = HEADER;
      for (let k = 0; k < slot.statement.changes.length; k++) {
        this.cardSlot[at] = i;
        this.cardPart[at++] = k;
      }
      if (slot.statement.upsert !== undefined) {
        this.cardSlot[at] = i;
        this.cardPart[at++] = UPSERT;
      }
    });
  }

  count(list: RunList): number {
    switch (list) {
      case 'statements':
        return this.run.statements.length;
      case 'commands':
        return this.run.commands.length;
      case 'oplog':
        return this.run.oplog.length;
      case 'cards':
        return this.cardSlot.length;
    }
  }

  head(): RunHead {
    const { run } = this;
    const filterColours = new Map<string, number>();
    for (const c of run.commands)
      for (const st of c.statements)
        st.arrayFilters.forEach((f, i) => filterColours.has(f.identifier) || filterColours.set(f.identifier, i));
    return {
      runId: this.runId,
      dryRun: run.dryRun,
      elapsedMs: run.elapsedMs,
      ...(run.paused === undefined ? {} : { paused: run.paused }),
      ...(run.noOplog === undefined ? {} : { noOplog: run.noOplog }),
      ...(run.collections === undefined ? {} : { collections: run.collections }),
      counts: {
        statements: this.count('statements'),
        commands: this.count('commands'),
        oplog: this.count('oplog'),
        cards: this.count('cards'),
      },
      documentCount: this.cardSlot.length - this.slots.length,
      marked: run.statements
        .filter((s) => s.error !== undefined || (s.notices?.length ?? 0) > 0)
        .map((s) => this.statementEntry(s)),
      filterColours: [...filterColours],
      first: {
        statements: this.range('statements', 0, RUN_PAGE.statements),
        commands: this.range('commands', 0, RUN_PAGE.commands),
        oplog: this.range('oplog', 0, RUN_PAGE.oplog),
        cards: this.range('cards', 0, RUN_PAGE.cards),
      },
    };
  }

  /** Items `from` to `to` (exclusive) of `list`, clamped to the list. */
  range<L extends RunList>(list: L, from: number, to: number): RunListItems[L][] {
    const start = Math.max(0, Math.floor(from));
    const end = Math.min(this.count(list), Math.floor(to));
    const out: RunListItems[L][] = [];
    for (let i = start; i < end; i++) out.push(this.item(list, i));
    return out;
  }

  private item<L extends RunList>(list: L, i: number): RunListItems[L] {
    const items: { [K in RunList]: () => RunListItems[K] } = {
      statements: () => this.statementEntry(this.run.statements[i]!),
      commands: () => this.commandEntry(i),
      oplog: () => oplogView(this.run.oplog.at(i)!),
      cards: () => this.card(i),
    };
    return items[list]();
  }

  private statementEntry(s: ShellStatementReply): StatementEntry {
    const diff = this.diffOf.get(s.index);
    return diff === undefined ? s : { ...s, diffDocuments: diff.documents, firstCard: diff.firstCard };
  }

  private commandEntry(i: number): CommandEntry {
    const { statements, ...rest } = this.run.commands[i]!;
    const line = rest.statement === undefined ? undefined : this.byIndex.get(rest.statement)?.range.startLine;
    return {
      ...rest,
      simulation: statements.some((st) => st.simulatedClient !== undefined),
      ...(line === undefined ? {} : { line }),
    };
  }

  /** The colour order of a statement's array operators: its arrayFilters, then the others as met. */
  private coloursOf(slotIndex: number): readonly (readonly [string, number])[] {
    const known = this.colours.get(slotIndex);
    if (known !== undefined) return known;
    const { statement } = this.slots[slotIndex]!;
    const colours = new Map<string, number>();
    statement.arrayFilters.forEach((f, i) => colours.set(f.identifier, i));
    let next = statement.arrayFilters.length;
    for (const c of statement.changes)
      for (const t of changeFacts(c).arrayTouches) if (!colours.has(t.operator)) colours.set(t.operator, next++);
    const list = [...colours];
    this.colours.set(slotIndex, list);
    return list;
  }

  private card(i: number): CardView {
    const slotIndex = this.cardSlot[i]!;
    const part = this.cardPart[i]!;
    const { command, statement } = this.slots[slotIndex]!;
    const sent = this.run.commands[command]!;
    const colours = this.coloursOf(slotIndex);
    const base = { command, commandName: sent.name, colours };
    if (part >= 0) {
      return {
        ...base,
        kind: 'change',
        statementIndex: statement.index,
        change: changeView(statement.changes[part]!, this.withOplog),
      };
    }
    const head: StatementHead = { ...statementHeadOf(statement), documentCount: statement.changes.length };
    if (part === UPSERT) return { ...base, kind: 'upsert', statement: head };
    const client = statement.simulatedClient;
    const title =
      client !== undefined
        ? `simulated client ${client.client}: ${client.operation}`
        : `${sent.name}${sent.statements.length > 1 ? ` #${statement.index}` : ''}`;
    const source = sent.statement === undefined ? undefined : this.byIndex.get(sent.statement);
    return {
      ...base,
      kind: 'header',
      statement: head,
      title,
      ...(source === undefined
        ? {}
        : { source: { index: source.index, startLine: source.range.startLine, text: source.source } }),
    };
  }
}

/**
 * The runs the worker keeps for `runRange`: the newest, and the one the page says it shows. A run
 * is dropped as soon as neither holds, so a session keeps at most two runs' documents alive.
 */
export class RunKeeper {
  private readonly runs = new Map<number, RunPages>();
  /** Ids start at a random point, so a restarted worker never answers for a run of the one before. */
  private nextId = Math.floor(Math.random() * 2 ** 40) + 1;

  /**
   * Drops every run but `keep`. Called before a new run is recorded as well, so its documents and
   * those of the run it replaces are never held together with a third run's.
   */
  retain(keep: number | undefined): void {
    for (const id of [...this.runs.keys()]) if (id !== keep) this.runs.delete(id);
  }

  add(run: RecordedRun, keep: number | undefined): RunHead {
    this.retain(keep);
    const pages = new RunPages(this.nextId++, run);
    this.runs.set(pages.runId, pages);
    return pages.head();
  }

  get(runId: number): RunPages | undefined {
    return this.runs.get(runId);
  }
}
