/**
 * The worker's side of work-requests.ts: rebuild the database from the page's collection texts,
 * and read Import's text, so that neither runs on the page's main thread.
 */
import { isEngineError } from '../errors.js';
import type { Doc, Value } from '../bson/values.js';
import type { Engine } from '../index.js';
import type { ProtocolError } from './protocol.js';
import { replyError } from './reply-fields.js';
import {
  packTexts,
  type CollectionText,
  type ImportFormat,
  type ImportResult,
  type WorkReaders,
} from './work-requests.js';

function failedToParse(e: unknown): ProtocolError {
  if (isEngineError(e)) return { code: e.code, codeName: e.codeName ?? 'FailedToParse', errmsg: e.errmsg };
  return { code: 9, codeName: 'FailedToParse', errmsg: e instanceof Error ? e.message : String(e) };
}

/**
 * Drops `db` and rebuilds it from `collections`; every text is read before anything is dropped, so
 * a text that does not parse changes nothing. The first refused command is the answer's error.
 */
export function setupCollections(
  engine: Engine,
  readers: WorkReaders,
  db: string,
  collections: readonly CollectionText[],
): ProtocolError | undefined {
  let commands: Doc[];
  try {
    commands = readers.setupCommands(collections);
  } catch (e) {
    return failedToParse(e);
  }
  engine.runCommand(db, new Map<string, Value>([['dropDatabase', 1]]));
  for (const command of commands) {
    const error = replyError(engine.runCommand(db, command));
    if (error !== undefined) return { ...error, errmsg: `${command.keys().next().value ?? ''}: ${error.errmsg}` };
  }
  return undefined;
}

/** Import's text as documents' texts (a large import as one text, `packTexts`). */
export async function readImport(
  readers: WorkReaders,
  text: string,
  format: ImportFormat,
  types: Readonly<Record<string, string>>,
): Promise<ImportResult> {
  const r = await readers.readImport(text, format, types);
  if (!r.ok) return r;
  return { ok: true, count: r.docs.length, texts: packTexts(r.docs) };
}
