/**
 * The diff pane's cards, built from a script run: per statement a header, then one card per
 * document it wrote (or matched unchanged), then the upserted document. Pure data, so a test can
 * check every gallery scenario's cards against the replies and the oplog the same run reported.
 */
import type {
  ChangeView,
  ScriptRun,
  SentCommand,
  ShellStatementReply,
  StatementView,
} from '../../engine/worker/protocol.js';

export type Card =
  | {
      readonly kind: 'change';
      readonly statement: StatementView;
      readonly change: ChangeView;
      readonly colours: ReadonlyMap<string, number>;
    }
  | { readonly kind: 'upsert'; readonly statement: StatementView; readonly colours: ReadonlyMap<string, number> }
  | {
      readonly kind: 'header';
      readonly statement: StatementView;
      readonly command: SentCommand;
      readonly title: string;
      /** The script statement that sent the command (line and source), when the worker knew it. */
      readonly source: ShellStatementReply | undefined;
      readonly colours: ReadonlyMap<string, number>;
    };

export function buildCards(run: ScriptRun): Card[] {
  const out: Card[] = [];
  for (const command of run.commands) {
    for (const statement of command.statements) {
      const colours = new Map<string, number>();
      statement.arrayFilters.forEach((f, i) => colours.set(f.identifier, i));
      let next = statement.arrayFilters.length;
      for (const c of statement.documents)
        for (const t of c.arrayTouches) if (!colours.has(t.operator)) colours.set(t.operator, next++);
      const source = run.statements.find((s) => s.index === command.statement);
      const client = statement.simulatedClient;
      const title =
        client !== undefined
          ? `simulated client ${client.client}: ${client.operation}`
          : `${command.name}${command.statements.length > 1 ? ` #${statement.index}` : ''}`;
      out.push({ kind: 'header', statement, command, title, source, colours });
      for (const change of statement.documents) out.push({ kind: 'change', statement, change, colours });
      if (statement.upsert !== undefined) out.push({ kind: 'upsert', statement, colours });
    }
  }
  return out;
}
