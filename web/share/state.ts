/**
 * The shareable playground state: everything needed to rebuild a page in another browser, as
 * plain JSON data (no engine values), so it survives JSON, compression and the URL fragment.
 * BSON-typed data (documents, options, indexes) travels as relaxed Extended JSON: preferably as
 * text, which keeps `1.0` a double; a parsed JSON value is accepted too (integral doubles then
 * read back as int32, as with any JSON tool).
 */

export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** Relaxed Extended JSON, as text (preferred) or as a parsed JSON value. */
export type EjsonInput = string | JsonValue;

export const SHARE_STATE_VERSION = 1;

export interface ShareCollection {
  readonly name: string;
  /** An array of documents. */
  readonly documents: EjsonInput;
  /** `create` options: validator, validationLevel, validationAction, collation. */
  readonly options?: EjsonInput;
  /** Index specs `[{key, name?, unique?, …}]`. */
  readonly indexes?: EjsonInput;
}

export type ShareDeployment = 'standalone' | 'replicaset' | 'sharded';
export type ShareTheme = 'light' | 'dark' | 'system';

export interface ShareState {
  readonly v: 1;
  /** Database the collections live in and the command runs against (default `test`). */
  readonly database?: string;
  readonly collections: readonly ShareCollection[];
  /** The command editor's text (mongosh syntax). */
  readonly command: string;
  readonly deployment?: ShareDeployment;
  /** Deployment setup (member states, shard keys), as in a scenario's `setup`. */
  readonly setup?: JsonValue;
  readonly theme?: ShareTheme;
  /** The gallery scenario this state started from, if any. */
  readonly scenarioId?: string;
}

export type ShareErrorKind = 'missing' | 'too-large' | 'corrupt' | 'version' | 'invalid';

export class ShareError extends Error {
  constructor(
    readonly kind: ShareErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'ShareError';
  }
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function isJson(x: unknown, depth = 0): x is JsonValue {
  if (depth > 200) return false;
  if (x === null || typeof x === 'string' || typeof x === 'boolean') return true;
  if (typeof x === 'number') return Number.isFinite(x);
  if (Array.isArray(x)) return x.every((e) => isJson(e, depth + 1));
  if (isObject(x)) return Object.values(x).every((e) => isJson(e, depth + 1));
  return false;
}

function invalid(message: string): ShareError {
  return new ShareError('invalid', `This share link is damaged: ${message}.`);
}

/** Checks an untrusted decoded value and returns it typed; unknown fields are dropped. */
export function validateShareState(x: unknown): ShareState {
  if (!isObject(x)) throw invalid('the state is not an object');
  if (x.v !== SHARE_STATE_VERSION) {
    throw new ShareError(
      'version',
      typeof x.v === 'number' && x.v > SHARE_STATE_VERSION
        ? `This share link was made by a newer Upsert Lab (format ${x.v}); reload the page to update.`
        : `This share link has an unknown format version (${JSON.stringify(x.v) ?? 'none'}).`,
    );
  }
  if (typeof x.command !== 'string') throw invalid('the command is missing');
  if (!Array.isArray(x.collections)) throw invalid('the collections are missing');
  const collections: ShareCollection[] = x.collections.map((c: unknown, i) => {
    if (!isObject(c) || typeof c.name !== 'string' || c.name === '') throw invalid(`collection ${i} has no name`);
    if (c.documents === undefined || !isJson(c.documents)) throw invalid(`collection '${c.name}' has no documents`);
    const out: { name: string; documents: EjsonInput; options?: EjsonInput; indexes?: EjsonInput } = {
      name: c.name,
      documents: c.documents,
    };
    for (const key of ['options', 'indexes'] as const) {
      const v = c[key];
      if (v === undefined) continue;
      if (!isJson(v)) throw invalid(`collection '${c.name}' has invalid ${key}`);
      out[key] = v;
    }
    return out;
  });
  const out: {
    v: 1;
    database?: string;
    collections: ShareCollection[];
    command: string;
    deployment?: ShareDeployment;
    setup?: JsonValue;
    theme?: ShareTheme;
    scenarioId?: string;
  } = { v: 1, collections, command: x.command };
  if (x.database !== undefined) {
    if (typeof x.database !== 'string' || x.database === '') throw invalid('the database name is invalid');
    out.database = x.database;
  }
  if (x.deployment !== undefined) {
    if (x.deployment !== 'standalone' && x.deployment !== 'replicaset' && x.deployment !== 'sharded') {
      throw invalid('the deployment is unknown');
    }
    out.deployment = x.deployment;
  }
  if (x.setup !== undefined) {
    if (!isJson(x.setup)) throw invalid('the deployment setup is invalid');
    out.setup = x.setup;
  }
  if (x.theme !== undefined) {
    if (x.theme !== 'light' && x.theme !== 'dark' && x.theme !== 'system') throw invalid('the theme is unknown');
    out.theme = x.theme;
  }
  if (x.scenarioId !== undefined) {
    if (typeof x.scenarioId !== 'string') throw invalid('the scenario id is invalid');
    out.scenarioId = x.scenarioId;
  }
  return out;
}
