/**
 * The page's readers of collection and Import texts, run inside the engine worker
 * (engine/worker/work-requests.ts): the share-state reader builds the setup commands, web/import
 * reads documents and CSV/TSV tables. Nothing of it runs on the page's main thread.
 */
import type { ImportTexts, WorkReaders } from '../../engine/worker/work-requests.js';
import type { ColumnType } from '../import/csv.js';
import { shareStateSetupCommands } from '../share/parse-state.js';

export const workReaders: WorkReaders = {
  setupCommands: (collections) =>
    shareStateSetupCommands({
      v: 1,
      command: '',
      collections: collections.map((c) => ({
        name: c.name,
        documents: `[${c.documents}]`,
        ...(c.options === undefined ? {} : { options: c.options }),
        ...(c.indexes === undefined ? {} : { indexes: c.indexes }),
      })),
    }),
  // The import readers (the shell's literal parser, papaparse) load on the first Import.
  async readImport(text, format, types): Promise<ImportTexts> {
    if (format === 'documents') return (await import('../import/documents.js')).documentTexts(text);
    const { COLUMN_TYPES, inferTypes, parseTable, tableDocuments } = await import('../import/csv.js');
    const isColumnType = (t: string | undefined): t is ColumnType => COLUMN_TYPES.includes(t as ColumnType);
    const table = parseTable(text, format === 'tsv' ? '\t' : ',');
    if (!table.ok) return table;
    // A column the user did not choose a type for gets the type inferred from all its cells.
    const inferred = inferTypes(table.table);
    const chosen = table.table.header.map((h, i) => {
      const t = types[h];
      return isColumnType(t) ? t : (inferred[i] ?? 'string');
    });
    return tableDocuments(table.table, chosen);
  },
};
