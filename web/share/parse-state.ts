/**
 * A shared state's collections as engine values, and the commands that rebuild them in an engine
 * (what the page does when it opens a share link, and what the mongosh export writes out).
 */
import { parseEJSON } from '../../engine/bson/ejson.js';
import type { Doc, Value } from '../../engine/bson/values.js';
import { Int32, isDoc } from '../../engine/bson/values.js';
import { defaultIndexName } from '../../engine/catalog/index-definition.js';
import { runSetupCommands, setupCommands, type CollectionSetup, type CommandRunner } from '../scenarios/setup.js';
import { ShareError, type EjsonInput, type ShareState } from './state.js';

function parseInput(input: EjsonInput, what: string): Value {
  const text = typeof input === 'string' ? input : JSON.stringify(input);
  try {
    return parseEJSON(text);
  } catch (e) {
    throw new ShareError(
      'invalid',
      `${what} is not valid Extended JSON: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
}

function docList(input: EjsonInput, what: string): Doc[] {
  const v = parseInput(input, what);
  if (!Array.isArray(v) || !v.every(isDoc)) throw new ShareError('invalid', `${what} must be an array of documents`);
  return v as Doc[];
}

/** Parses every collection of the state. Throws ShareError('invalid') naming the collection. */
export function parseShareCollections(state: ShareState): CollectionSetup[] {
  return state.collections.map((c) => {
    const what = `collection '${c.name}'`;
    const documents = docList(c.documents, `${what} documents`);
    let createOptions: Doc | undefined;
    if (c.options !== undefined) {
      const o = parseInput(c.options, `${what} options`);
      if (!isDoc(o)) throw new ShareError('invalid', `${what} options must be a document`);
      createOptions = o;
    }
    const indexSpecs = (c.indexes === undefined ? [] : docList(c.indexes, `${what} indexes`)).map((spec, i) => {
      const key = spec.get('key');
      if (!isDoc(key) || key.size === 0) throw new ShareError('invalid', `${what} index ${i} has no key document`);
      if (spec.has('name')) return spec;
      const named: Doc = new Map(spec);
      named.set('name', defaultIndexName(key));
      return named;
    });
    return { name: c.name, documents, createOptions, indexSpecs };
  });
}

/** The commands that rebuild the state's collections (optionally after dropping the database). */
export function shareStateSetupCommands(state: ShareState, options: { readonly reset?: boolean } = {}): Doc[] {
  const out: Doc[] = [];
  if (options.reset === true) out.push(new Map<string, Value>([['dropDatabase', new Int32(1)]]));
  for (const c of parseShareCollections(state)) out.push(...setupCommands(c));
  return out;
}

/** Rebuilds the state's collections in `engine` (database `state.database ?? 'test'`). */
export function loadShareStateIntoEngine(
  engine: CommandRunner,
  state: ShareState,
  options: { readonly reset?: boolean } = {},
): void {
  runSetupCommands(engine, state.database ?? 'test', shareStateSetupCommands(state, options));
}
