/**
 * The requests that move a user's collections between the page and the worker without the page
 * reading documents on its main thread: the page keeps a collection as EJSON text (a large one as
 * one text), the worker parses it, builds the setup commands and inserts it, and reads what a user
 * imports (documents or a CSV/TSV table).
 *
 * The worker's handler gets the two readers from its host (`HandlerOptions.work`): they are the
 * page's share-state and import readers (web/share, web/import), which the engine does not know.
 */
import type { Doc } from '../bson/values.js';
import type { RequestId } from './protocol.js';

/** A collection as the page keeps it. */
export interface CollectionText {
  readonly name: string;
  /** The documents' EJSON texts in order, joined by `,\n` (the content of an array, no brackets). */
  readonly documents: string;
  /** `create` options as EJSON text of a document. */
  readonly options?: string;
  /** Index specs as EJSON text of an array. */
  readonly indexes?: string;
}

/**
 * Rebuild the database from the page's collections: drop it, then create each collection, its
 * indexes and its documents (in order, bypassing validation as a restore does). Everything is
 * parsed before anything changes; a text that does not parse is code 9 FailedToParse naming the
 * collection, a refused insert (duplicate key …) the engine's error.
 */
export interface SetupCollectionsRequest {
  readonly id: RequestId;
  readonly type: 'setupCollections';
  readonly db: string;
  readonly collections: readonly CollectionText[];
}

export type ImportFormat = 'documents' | 'csv' | 'tsv';

/**
 * Text typed, pasted or read from a file for Import: documents (mongosh syntax, Extended JSON, one
 * per line) or a CSV/TSV table with a header row and the column types the user chose (by column).
 */
export interface ParseImportRequest {
  readonly id: RequestId;
  readonly type: 'parseImport';
  readonly text: string;
  readonly format: ImportFormat;
  readonly types?: Readonly<Record<string, string>>;
}

/** What Import read: the documents as texts (`CollectionView.texts` layout), or where it stopped. */
export type ImportResult =
  | { readonly ok: true; readonly count: number; readonly texts: readonly string[] }
  | { readonly ok: false; readonly message: string; readonly line?: number; readonly column?: number };

/** Every document of a collection as its own EJSON text, in order (edits by position). */
export interface DocumentTextsRequest {
  readonly id: RequestId;
  readonly type: 'documentTexts';
  readonly db: string;
  readonly collection: string;
}

/** The host's readers for the requests above. */
export interface WorkReaders {
  /** The setup commands of the collections (create, createIndexes, insert batches); throws on bad text. */
  setupCommands(collections: readonly CollectionText[]): Doc[];
  /** Reads Import's text into documents' EJSON texts, one per document. */
  readImport(text: string, format: ImportFormat, types: Readonly<Record<string, string>>): Promise<ImportTexts>;
}

export type ImportTexts =
  | { readonly ok: true; readonly docs: readonly string[] }
  | { readonly ok: false; readonly message: string; readonly line?: number; readonly column?: number };

/**
 * Collections over this many documents travel and are kept as one text: one string crosses
 * `postMessage`, sits in the page's history and is saved, instead of one per document.
 */
export const PACK_THRESHOLD = 1000;

/** Document texts in the page's layout: one per document, or one text of them all when many. */
export function packTexts(docs: readonly string[]): readonly string[] {
  return docs.length > PACK_THRESHOLD ? [docs.join(',\n')] : docs;
}
