/**
 * "Export as mongosh script": the page's state as a script a person can paste into mongosh
 * connected to a real (test!) deployment: switch database, drop and recreate each collection with
 * its options and indexes, insert the documents with exact BSON types, then run the command.
 */
import type { Doc } from '../../engine/bson/values.js';
import type { CollectionSetup } from '../scenarios/setup.js';
import { parseShareCollections } from '../share/parse-state.js';
import { ShareError, type ShareState } from '../share/state.js';
import { deploymentNotes, shardKeysOf } from './deployment.js';
import { docLiteral, hasIntegerLikeKey, stringLiteral, toMongoshLiteral } from './mongosh-literal.js';
import { realUpsertRaces } from './upsert-race.js';

import { ExportError } from './export-error.js';

export { ExportError };

export interface ExportOptions {
  /** Drop each collection before recreating it (default true). */
  readonly drop?: boolean;
  /** Append the command editor's text (default true). */
  readonly includeCommand?: boolean;
  /** Documents per insertMany call (default 1000). */
  readonly batchSize?: number;
}

/**
 * `db.getCollection("…")`: the name only ever appears inside an escaped string literal, never as
 * a property name, so no name (newline, U+2028, quotes, a comment end) can become code.
 */
export function collectionAccessor(name: string): string {
  return `db.getCollection(${stringLiteral(name)})`;
}

function indexLines(accessor: string, specs: readonly Doc[]): string[] {
  return specs.map((spec) => {
    const key = spec.get('key') as Doc;
    const rest: Doc = new Map([...spec].filter(([k]) => k !== 'key' && k !== 'v' && k !== 'ns'));
    return rest.size === 0
      ? `${accessor}.createIndex(${docLiteral(key)});`
      : `${accessor}.createIndex(${docLiteral(key)}, ${docLiteral(rest)});`;
  });
}

function parsed(state: ShareState): CollectionSetup[] {
  try {
    return parseShareCollections(state);
  } catch (e) {
    if (e instanceof ShareError) throw new ExportError(e.message);
    throw e;
  }
}

/**
 * The whole state as a mongosh script (text ending in a newline). Names and values from the state
 * (a share link is untrusted) appear only inside escaped string literals and object literals;
 * comments are fixed text. Every generated statement ends with `;`, so the appended command
 * cannot join onto the one before it.
 */
export function exportMongoshScript(state: ShareState, options: ExportOptions = {}): string {
  const drop = options.drop ?? true;
  const batchSize = options.batchSize ?? 1000;
  const database = state.database ?? 'test';
  const lines: string[] = [
    '// Exported from Upsert Lab. Run it in mongosh connected to a TEST deployment:',
    drop && state.collections.length > 0
      ? '// it drops and recreates the collections below in the database it selects.'
      : '// it creates its collections in the database it selects.',
  ];
  lines.push(...deploymentNotes(state));
  const warnings = new Set<string>();
  // `db = db.getSiblingDB(…)` rather than `use …`: `use` takes the rest of its line as the name.
  const body: string[] = [`db = db.getSiblingDB(${stringLiteral(database)});`];
  const shardKeys = shardKeysOf(state);
  for (const c of parsed(state)) {
    const accessor = collectionAccessor(c.name);
    body.push('');
    if (drop) body.push(`${accessor}.drop();`);
    const opts = c.createOptions;
    body.push(
      opts === undefined || opts.size === 0
        ? `db.createCollection(${stringLiteral(c.name)});`
        : `db.createCollection(${stringLiteral(c.name)}, ${docLiteral(opts)});`,
    );
    body.push(...indexLines(accessor, c.indexSpecs));
    const shardKey = shardKeys.get(c.name);
    // Sharded while still empty, so the server builds the shard key index itself.
    if (shardKey !== undefined) {
      body.push(`sh.shardCollection(${stringLiteral(`${database}.${c.name}`)}, ${docLiteral(shardKey)});`);
    }
    if (c.documents.some(hasIntegerLikeKey)) {
      warnings.add(
        '// Note: some documents have field names such as "0" or "10"; mongosh (JavaScript objects) lists them first.',
      );
    }
    for (let i = 0; i < c.documents.length; i += batchSize) {
      const batch = c.documents.slice(i, i + batchSize);
      // Validation is bypassed as in the playground: the sample data may predate the validator.
      body.push(
        `${accessor}.insertMany([\n${batch.map((d) => `  ${toMongoshLiteral(d)}`).join(',\n')}\n], {bypassDocumentValidation: true});`,
      );
    }
  }
  if ((options.includeCommand ?? true) && state.command.trim() !== '') {
    body.push('', '// The command', realUpsertRaces(state.command.trimEnd(), database));
  }
  return [...lines, ...warnings, '', ...body].join('\n') + '\n';
}
