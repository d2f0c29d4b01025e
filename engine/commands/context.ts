/**
 * What a command handler receives and returns.
 *
 *   const ping: CommandHandler = (ctx) => new Map();            // reply {ok: 1}
 *   const count: CommandHandler = (ctx) => new Map([['n', new Int32(3)]]);  // {n: 3, ok: 1}
 *
 * Handlers throw `EngineError` for command errors (the engine turns it into
 * `{ok: 0, errmsg, code, codeName, ...extra}`) and return the reply body without `ok`; the engine
 * appends `ok: 1.0`. A handler that must place fields after `ok` returns a body that already
 * contains `ok`, and the engine leaves it alone.
 */
import type { Doc } from '../bson/values.js';
import type { Catalog } from '../catalog/catalog.js';
import type { Clock } from '../catalog/clock.js';
import type { StatementLedger } from './update/details.js';

export interface CommandContext {
  readonly catalog: Catalog;
  readonly clock: Clock;
  /** The database the command runs against (`$db`, or runCommand's first argument). */
  readonly db: string;
  /** The command document, without `$db`. Its first field names the command. */
  readonly command: Doc;
  /** The command name (the first field's name, as given). */
  readonly name: string;
  /** The time the command started (`$$NOW` for the whole command). */
  readonly startedAt: Date;
  /** Set when an observer collects statement details (the playground): told what was undone. */
  readonly details?: StatementLedger | undefined;
}

export type CommandHandler = (ctx: CommandContext) => Doc;

/** What a command needs from its engine (the `Engine` satisfies it; commands never import it). */
export interface CommandHost {
  readonly catalog: Catalog;
  readonly clock: Clock;
}
