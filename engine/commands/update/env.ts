/**
 * The run-time environment of a write command: `$$NOW` and `$$CLUSTER_TIME` fixed for the whole
 * command, and the `let` variables, each an expression evaluated once, in order, before any
 * document is read (`Variables::seedVariablesWithLetParameters`).
 */
import { Timestamp } from 'bson';
import type { Collator } from '../../bson/compare.js';
import type { Doc, Value } from '../../bson/values.js';
import { parseExpression, validateVariableName } from '../../expr/index.js';
import type { RuntimeEnv } from '../../runtime.js';

export interface CommandEnv {
  readonly env: RuntimeEnv;
  readonly letNames: ReadonlySet<string>;
}

/** `$$CLUSTER_TIME` for a command started at `now` (not consuming an oplog tick). */
export function clusterTimeAt(now: Date): Timestamp {
  return new Timestamp({ t: Math.floor(now.getTime() / 1000), i: 1 });
}

/** The let names of a command without `let` (never written: a statement with `c` copies it). */
const NO_NAMES: ReadonlySet<string> = new Set<string>();

/** The variables of a command without `let` (read-only everywhere: a statement's `c` copies them). */
const NO_VARIABLES: ReadonlyMap<string, Value> = new Map<string, Value>();

/**
 * The environment of a command without `let`: `$$CLUSTER_TIME` is made when first read (most
 * commands never read it; making it is a Timestamp and a Long per command). Its value depends on
 * `now` alone, so reading it late gives the value reading it early would have.
 */
class PlainCommandEnv implements RuntimeEnv {
  private cluster: Timestamp | undefined = undefined;
  readonly variables = NO_VARIABLES;
  constructor(
    readonly now: Date,
    readonly tickClusterTime: (() => Timestamp) | undefined,
  ) {}
  get clusterTime(): Timestamp {
    return (this.cluster ??= clusterTimeAt(this.now));
  }
}

/** The commands' environment with other `variables` (a statement's `c`); a copy, `clusterTime` read. */
export function withVariables(env: RuntimeEnv, variables: ReadonlyMap<string, Value>): RuntimeEnv {
  return { variables, now: env.now, clusterTime: env.clusterTime, tickClusterTime: env.tickClusterTime };
}

export function buildCommandEnv(
  now: Date,
  letDoc: Doc | undefined,
  collator: Collator | null,
  tickClusterTime?: () => Timestamp,
): CommandEnv {
  if (letDoc === undefined) return { env: new PlainCommandEnv(now, tickClusterTime), letNames: NO_NAMES };
  const variables = new Map<string, Value>();
  const clusterTime = clusterTimeAt(now);
  const names = new Set<string>();
  const empty: Doc = new Map();
  for (const [name, spec] of letDoc) {
    validateVariableName(name);
    const expr = parseExpression(spec, { collator, variables: new Set(names) });
    const value = expr.evaluate(empty, { variables: new Map(variables), now, clusterTime });
    names.add(name);
    if (value !== undefined) variables.set(name, value);
  }
  return { env: { variables, now, clusterTime, tickClusterTime }, letNames: names };
}
