/**
 * CSV and TSV with a header row (parsed by papaparse) into document texts. Every column gets a type
 * inferred from its cells, which the import dialog shows and lets the user change; empty cells are
 * left out of the document, and a dotted header (`size.h`) makes a nested field, as mongoimport does.
 */
import Papa from 'papaparse';

export const COLUMN_TYPES = ['string', 'int', 'long', 'double', 'bool', 'date', 'objectId', 'skip'] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

export const COLUMN_TYPE_LABELS: Readonly<Record<ColumnType, string>> = {
  string: 'string',
  int: 'int (32-bit)',
  long: 'long (64-bit)',
  double: 'double',
  bool: 'boolean',
  date: 'date',
  objectId: 'ObjectId',
  skip: 'leave out',
};

export interface Table {
  readonly header: readonly string[];
  readonly rows: readonly (readonly string[])[];
  readonly delimiter: string;
}

export type TableResult =
  { readonly ok: true; readonly table: Table } | { readonly ok: false; readonly message: string };

/** `delimiter` '' lets papaparse guess (comma, tab, semicolon, pipe). */
export function parseTable(text: string, delimiter: '' | ',' | '\t' = ''): TableResult {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter, skipEmptyLines: 'greedy' });
  const fatal = parsed.errors.find((e) => e.type === 'Quotes' || e.type === 'Delimiter');
  if (fatal !== undefined) {
    return { ok: false, message: `Row ${(fatal.row ?? 0) + 1}: ${fatal.message}` };
  }
  const [header, ...rows] = parsed.data;
  if (header === undefined || header.every((h) => h.trim() === '')) return { ok: false, message: 'No header row' };
  const names = header.map((h) => h.trim());
  const seen = new Set<string>();
  for (const [i, n] of names.entries()) {
    if (n === '') return { ok: false, message: `Column ${i + 1} has no name in the header row` };
    if (seen.has(n)) return { ok: false, message: `The header names "${n}" twice` };
    seen.add(n);
  }
  return { ok: true, table: { header: names, rows, delimiter: parsed.meta.delimiter } };
}

const INT = /^[-+]?\d+$/;
const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;
const BOOL = /^(?:true|false)$/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const OBJECT_ID = /^[0-9a-fA-F]{24}$/;
const INT32_MIN = -(2n ** 31n);
const INT32_MAX = 2n ** 31n - 1n;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

function fitsInt(v: string, lo: bigint, hi: bigint): boolean {
  if (!INT.test(v)) return false;
  const n = BigInt(v);
  return n >= lo && n <= hi;
}

/** The narrowest type every non-empty cell of the column fits. */
export function inferType(cells: readonly string[]): ColumnType {
  const values = cells.map((c) => c.trim()).filter((c) => c !== '');
  if (values.length === 0) return 'string';
  const all = (test: (v: string) => boolean): boolean => values.every(test);
  if (all((v) => fitsInt(v, INT32_MIN, INT32_MAX))) return 'int';
  if (all((v) => fitsInt(v, INT64_MIN, INT64_MAX))) return 'long';
  if (all((v) => NUMBER.test(v))) return 'double';
  if (all((v) => BOOL.test(v))) return 'bool';
  if (all((v) => OBJECT_ID.test(v))) return 'objectId';
  if (all((v) => ISO_DATE.test(v) && !Number.isNaN(Date.parse(v)))) return 'date';
  return 'string';
}

export function inferTypes(table: Table): ColumnType[] {
  return table.header.map((_, i) => inferType(table.rows.map((r) => r[i] ?? '')));
}

/** One cell as Extended JSON text of the chosen type, or an error naming what is wrong. */
function cellEJSON(raw: string, type: ColumnType): string | { error: string } {
  const v = raw.trim();
  switch (type) {
    case 'string':
    case 'skip':
      return JSON.stringify(raw);
    case 'int':
      return fitsInt(v, INT32_MIN, INT32_MAX) ? String(BigInt(v)) : { error: 'is not a 32-bit integer' };
    case 'long':
      return fitsInt(v, INT64_MIN, INT64_MAX)
        ? JSON.stringify({ $numberLong: String(BigInt(v)) })
        : { error: 'is not a 64-bit integer' };
    case 'double': {
      if (!NUMBER.test(v)) return { error: 'is not a number' };
      return JSON.stringify({ $numberDouble: String(Number(v)) });
    }
    case 'bool':
      return BOOL.test(v) ? v.toLowerCase() : { error: 'is not true or false' };
    case 'date': {
      const t = Date.parse(v);
      return Number.isNaN(t) ? { error: 'is not a date' } : JSON.stringify({ $date: new Date(t).toISOString() });
    }
    case 'objectId':
      return OBJECT_ID.test(v)
        ? JSON.stringify({ $oid: v.toLowerCase() })
        : { error: 'is not a 24-digit hex ObjectId' };
  }
}

interface Node {
  readonly fields: Map<string, Node | string>;
}

function render(node: Node): string {
  return `{${[...node.fields].map(([k, v]) => `${JSON.stringify(k)}: ${typeof v === 'string' ? v : render(v)}`).join(', ')}}`;
}

export type RowsResult =
  { readonly ok: true; readonly docs: readonly string[] } | { readonly ok: false; readonly message: string };

/** Every row as one document's Extended JSON text, typed as `types` says. */
export function tableDocuments(table: Table, types: readonly ColumnType[]): RowsResult {
  const docs: string[] = [];
  for (const [r, row] of table.rows.entries()) {
    const root: Node = { fields: new Map() };
    for (const [c, name] of table.header.entries()) {
      const type = types[c] ?? 'string';
      const raw = row[c] ?? '';
      if (type === 'skip' || raw.trim() === '') continue;
      const value = cellEJSON(raw, type);
      if (typeof value !== 'string') {
        return { ok: false, message: `Row ${r + 2}, column "${name}": ${JSON.stringify(raw)} ${value.error}` };
      }
      const parts = name.split('.');
      let node = root;
      for (const part of parts.slice(0, -1)) {
        const next = node.fields.get(part);
        if (typeof next === 'string') {
          return { ok: false, message: `Column "${name}": "${part}" is already a value, not a document` };
        }
        const child = next ?? { fields: new Map() };
        node.fields.set(part, child);
        node = child;
      }
      node.fields.set(parts[parts.length - 1] as string, value);
    }
    docs.push(render(root));
  }
  return { ok: true, docs };
}

/** Whether pasted text looks like a table rather than documents. */
export function looksLikeTable(text: string): boolean {
  const first = text.trimStart().split('\n', 1)[0] ?? '';
  return first !== '' && !/^[[{]/.test(first) && /[,\t;|]/.test(first);
}
