/**
 * Turns a scenario's collections into the commands that build them (create with options,
 * createIndexes, insert), and runs them against an engine. The playground's worker can send the
 * same commands; the gallery test runs them on a fresh Engine.
 */
import type { Doc, Value } from '../../engine/bson/values.js';
import { Int32 } from '../../engine/bson/values.js';
import type { Scenario, ScenarioCollection, ScenarioCollectionOptions } from './types.js';

/** Where the deployment commands run (configureDeployment and shardCollection are admin commands). */
export const ADMIN_DATABASE = 'admin';

/** Anything with the Engine's `runCommand` (the Engine itself, or a worker-side wrapper). */
export interface CommandRunner {
  runCommand(dbName: string, command: Doc): Doc;
}

export class ScenarioSetupError extends Error {
  constructor(
    readonly command: Doc,
    readonly reply: Doc,
  ) {
    const errmsg = reply.get('errmsg');
    super(
      `setup command '${[...command.keys()][0] ?? ''}' failed: ${typeof errmsg === 'string' ? errmsg : 'unknown error'}`,
    );
    this.name = 'ScenarioSetupError';
  }
}

/** A collection to build: what both a scenario and a shared state reduce to. */
export interface CollectionSetup {
  readonly name: string;
  readonly documents: readonly Doc[];
  /** Fields for `create` besides its name (validator, validationLevel, validationAction, collation). */
  readonly createOptions?: Doc | undefined;
  /** Full index specs, each with `key` and `name`. */
  readonly indexSpecs: readonly Doc[];
}

/** Documents per setup `insert` (the server refuses a batch of more than 100,000 writes, code 16). */
export const SETUP_INSERT_BATCH = 1000;

/** create (with options), createIndexes, inserts of at most SETUP_INSERT_BATCH documents. */
export function setupCommands(c: CollectionSetup): Doc[] {
  const create: Doc = new Map<string, Value>([['create', c.name]]);
  for (const [k, v] of c.createOptions ?? []) create.set(k, v);
  const out: Doc[] = [create];
  if (c.indexSpecs.length > 0) {
    out.push(
      new Map<string, Value>([
        ['createIndexes', c.name],
        ['indexes', [...c.indexSpecs]],
      ]),
    );
  }
  // Inserted after the indexes so a unique index also checks the sample data; validation is
  // bypassed because examples may deliberately hold documents a later validator rejects.
  for (let i = 0; i < c.documents.length; i += SETUP_INSERT_BATCH) {
    out.push(
      new Map<string, Value>([
        ['insert', c.name],
        ['documents', c.documents.slice(i, i + SETUP_INSERT_BATCH)],
        ['ordered', true],
        ['bypassDocumentValidation', true],
      ]),
    );
  }
  return out;
}

/** The `create` options of a scenario collection, as a document. */
export function createOptionsDoc(o: ScenarioCollectionOptions | undefined): Doc {
  const d: Doc = new Map<string, Value>();
  if (o?.validator !== undefined) d.set('validator', o.validator);
  if (o?.validationLevel !== undefined) d.set('validationLevel', o.validationLevel);
  if (o?.validationAction !== undefined) d.set('validationAction', o.validationAction);
  if (o?.collation !== undefined) d.set('collation', o.collation);
  return d;
}

/** The commands that create one collection as the scenario describes it. */
export function collectionSetupCommands(c: ScenarioCollection): Doc[] {
  return setupCommands({
    name: c.name,
    documents: c.documents,
    createOptions: createOptionsDoc(c.options),
    indexSpecs: c.indexes.map((i) => i.spec),
  });
}

/** Runs setup commands, stopping at the first failure (ScenarioSetupError). */
export function runSetupCommands(engine: CommandRunner, database: string, commands: readonly Doc[]): void {
  for (const cmd of commands) {
    const reply = engine.runCommand(database, cmd);
    if (failed(reply)) throw new ScenarioSetupError(cmd, reply);
  }
}

/** Every setup command of a scenario, in order. With `reset`, the database is dropped first. */
export function scenarioSetupCommands(s: Scenario, options: { readonly reset?: boolean } = {}): Doc[] {
  const out: Doc[] = [];
  if (options.reset === true) out.push(new Map<string, Value>([['dropDatabase', new Int32(1)]]));
  for (const c of s.collections) out.push(...collectionSetupCommands(c));
  return out;
}

function failed(reply: Doc): boolean {
  const ok = reply.get('ok');
  const okNumber = typeof ok === 'number' ? ok : ok instanceof Int32 ? ok.value : 0;
  const writeErrors = reply.get('writeErrors');
  return okNumber !== 1 || (Array.isArray(writeErrors) && writeErrors.length > 0);
}

/**
 * The admin commands that give a scenario its deployment (engine/deploy): `before` the collections
 * are built (the topology and shard count, every member up so the setup writes succeed), and
 * `after` (shard keys, then the member states the scenario asks for). A standalone scenario needs
 * none, unless `reset` asks for a fresh standalone deployment.
 */
export function scenarioDeploymentCommands(
  s: Scenario,
  options: { readonly reset?: boolean } = {},
): { readonly before: Doc[]; readonly after: Doc[] } {
  if (s.deployment === 'standalone' && options.reset !== true) return { before: [], after: [] };
  const configure: Doc = new Map<string, Value>([
    ['configureDeployment', new Int32(1)],
    ['topology', s.deployment],
  ]);
  if (s.deployment === 'sharded' && s.setup?.shards !== undefined) configure.set('shards', new Int32(s.setup.shards));
  const members = s.setup?.members;
  if (members !== undefined) configure.set('members', new Int32(members.length));
  const after: Doc[] = [];
  for (const [name, key] of Object.entries(s.setup?.shardKeys ?? {})) {
    after.push(
      new Map<string, Value>([
        ['shardCollection', `${s.database}.${name}`],
        ['key', key],
      ]),
    );
  }
  if (members !== undefined && members.some((m) => m.state !== 'up')) {
    after.push(
      new Map<string, Value>([
        ['configureDeployment', new Int32(1)],
        ['members', members.map((m) => new Map<string, Value>([['state', m.state]]))],
      ]),
    );
  }
  return { before: [configure], after };
}

/** Builds the scenario's deployment and collections. Throws ScenarioSetupError on the first failing command. */
export function loadScenarioIntoEngine(
  engine: CommandRunner,
  s: Scenario,
  options: { readonly reset?: boolean } = {},
): void {
  const deployment = scenarioDeploymentCommands(s, options);
  runSetupCommands(engine, ADMIN_DATABASE, deployment.before);
  runSetupCommands(engine, s.database, scenarioSetupCommands(s, options));
  runSetupCommands(engine, ADMIN_DATABASE, deployment.after);
}
