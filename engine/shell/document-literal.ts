/**
 * Documents a person pastes or types into the playground's document editor or import box, in the
 * syntax they have: Extended JSON (canonical or relaxed, one document, an array, or one per line as
 * mongoexport writes), or mongosh's syntax (`ObjectId("…")`, `ISODate("…")`, `NumberLong(…)`,
 * unquoted keys, single quotes, trailing commas, mongosh's own printed output). Only literals and
 * the BSON helpers are evaluated: no name, property or method of anything else is reachable.
 * Errors carry the line and column in the given text.
 */
import { ObjectId } from 'bson';
import { ejsonErrorOffset, parseEJSON } from '../bson/ejson.js';
import { isDoc, Long, type Doc, type Value } from '../bson/values.js';
import type { Expr, Span } from './ast.js';
import { bsonHelper, makeRegex, type HelperContext } from './bson-helpers.js';
import { parseValueSequence } from './parser.js';
import { toBson, type RuntimeValue } from './runtime-values.js';
import { isShellRuntimeError, isShellSyntaxError, ShellRuntimeError } from './shell-errors.js';
import { SourceText } from './source.js';

export type DocumentsSyntax = 'ejson' | 'mongosh';

export type ParsedDocuments =
  | { readonly ok: true; readonly syntax: DocumentsSyntax; readonly documents: readonly Doc[] }
  | { readonly ok: false; readonly message: string; readonly line: number; readonly column: number };

export interface ParseDocumentsOptions {
  /** The clock for `new Date()` / `ISODate()` without arguments. */
  readonly now?: () => Date;
  readonly newObjectId?: () => ObjectId;
}

/** mongosh's pager line between batches of printed documents: not part of the data. */
const PAGER_LINE = /^[ \t]*Type "it" for more[ \t]*$/gm;

/**
 * Extended JSON is tried first, so `{"w": 21.0}` stays a double and `{"$numberLong": "5"}` a long
 * exactly as the engine reads them; anything else goes through the shell's parser.
 */
export function parseDocumentsText(text: string, options: ParseDocumentsOptions = {}): ParsedDocuments {
  const source = new SourceText(text);
  const ejson = tryEJSON(text, source);
  if (ejson.ok) return ejson;
  // Text written as Extended JSON (type wrappers such as "$oid") is meant as such: its error, not a
  // document with a "$numberLong" field.
  if (ejson.line > 0 && /"\$(?:oid|date|number\w+|binary|timestamp|regularExpression|uuid)"/.test(text)) return ejson;
  return parseShellDocuments(
    text.replace(PAGER_LINE, (m) => ' '.repeat(m.length)),
    options,
  );
}

function tryEJSON(text: string, source: SourceText): ParsedDocuments & { readonly line: number } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, syntax: 'ejson', documents: [], line: 0 };
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) {
    return { ok: false, message: 'not Extended JSON', line: 0, column: 0 };
  }
  try {
    const documents = trimmed.startsWith('[') ? arrayOfDocs(parseEJSON(text)) : linesOfDocs(text);
    if (documents === null) return { ok: false, message: 'not documents', line: 0, column: 0 };
    return { ok: true, syntax: 'ejson', documents, line: 0 };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const offset = ejsonErrorOffset(message);
    const at = source.position(offset ?? 0);
    return { ok: false, message: message.replace(/^Invalid Extended JSON at offset \d+: /, ''), ...at };
  }
}

function arrayOfDocs(v: Value): Doc[] | null {
  if (!Array.isArray(v) || !v.every(isDoc)) return null;
  return v as Doc[];
}

/** One document, or mongoexport's one document per line. */
function linesOfDocs(text: string): Doc[] | null {
  try {
    const one = parseEJSON(text);
    return isDoc(one) ? [one] : null;
  } catch (whole) {
    const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
    if (lines.length < 2) throw whole;
    const docs: Doc[] = [];
    for (const line of lines) {
      const d = parseEJSON(line);
      if (!isDoc(d)) return null;
      docs.push(d);
    }
    return docs;
  }
}

/** mongosh syntax only: a document, an array of documents, or several separated by commas or lines. */
export function parseShellDocuments(text: string, options: ParseDocumentsOptions = {}): ParsedDocuments {
  const source = new SourceText(text);
  const ctx: HelperContext = {
    now: options.now ?? (() => new Date()),
    newObjectId: options.newObjectId ?? (() => new ObjectId()),
    warn: () => undefined,
  };
  try {
    const documents: Doc[] = [];
    for (const expr of parseValueSequence(source)) {
      const v = toBson(evaluate(expr, ctx), () => 'document');
      const list = Array.isArray(v) ? v : [v];
      for (const d of list) {
        if (!isDoc(d)) throw new ShellRuntimeError('TypeError', 'Expected a document ({…}) here', expr);
        documents.push(d);
      }
    }
    return { ok: true, syntax: 'mongosh', documents };
  } catch (e) {
    if (isShellSyntaxError(e)) return { ok: false, message: e.message, line: e.line, column: e.column };
    const span = isShellRuntimeError(e) ? e.span : undefined;
    const at = source.position(span?.start ?? 0);
    const name = isShellRuntimeError(e) ? `${e.errorName}: ` : '';
    return { ok: false, message: `${name}${e instanceof Error ? e.message : String(e)}`, ...at };
  }
}

function refuse(what: string, span: Span): ShellRuntimeError {
  return new ShellRuntimeError('SyntaxError', `${what} cannot be used in a document: write a value`, span);
}

/** The value of a literal expression; helper errors are placed at the call. */
function evaluate(e: Expr, ctx: HelperContext): RuntimeValue {
  switch (e.kind) {
    case 'Number':
    case 'String':
    case 'Boolean':
      return e.value;
    case 'BigInt':
      if (e.value < -(2n ** 63n) || e.value >= 2n ** 63n) {
        throw new ShellRuntimeError('RangeError', `The BigInt ${e.value} does not fit in an int64`, e);
      }
      return Long.fromBigInt(e.value);
    case 'Null':
      return null;
    case 'Undefined':
      return undefined;
    case 'Regex':
      return located(e, () => makeRegex(e.pattern, e.flags));
    case 'Object': {
      const out: Doc = new Map();
      for (const p of e.properties) {
        if (p.kind === 'Spread') throw refuse('Spread (...)', p);
        if (out.has(p.key)) throw new ShellRuntimeError('SyntaxError', `The field "${p.key}" appears twice`, p);
        out.set(p.key, evaluate(p.value, ctx) as Value);
      }
      return out;
    }
    case 'Array':
      return e.elements.map((x) => {
        if (x.kind === 'Spread') throw refuse('Spread (...)', x);
        return evaluate(x, ctx) as Value;
      });
    case 'Unary': {
      const v = evaluate(e.argument, ctx);
      if (e.operator === '-' && v instanceof Long) return v.negate();
      if (typeof v !== 'number' || e.operator === '!') throw refuse(`The operator ${e.operator}`, e);
      return e.operator === '-' ? -v : v;
    }
    case 'Call':
      return call(e, ctx);
    case 'Identifier':
      throw refuse(bsonHelper(e.name, ctx) !== undefined ? `${e.name} without parentheses` : `The name ${e.name}`, e);
    case 'Member':
      throw refuse('A property access', e);
    case 'Assign':
      throw refuse('An assignment', e);
  }
}

/** mongosh prints binary data as `Binary.createFromBase64(b64, subtype)`; it reads back as BinData. */
const BINARY_FACTORIES: Readonly<Record<string, string>> = {
  createFromBase64: 'BinData',
  createFromHexString: 'HexData',
};

function call(e: Extract<Expr, { kind: 'Call' }>, ctx: HelperContext): RuntimeValue {
  const args = e.args.map((a) => {
    if (a.kind === 'Spread') throw refuse('Spread (...)', a);
    return evaluate(a, ctx);
  });
  const callee = e.callee;
  if (callee.kind === 'Identifier') {
    const helper = bsonHelper(callee.name, ctx);
    if (helper === undefined) throw refuse(`The function ${callee.name}`, callee);
    return located(e, () => helper.invoke(args, e.isNew));
  }
  if (
    callee.kind === 'Member' &&
    callee.object.kind === 'Identifier' &&
    callee.object.name === 'Binary' &&
    typeof callee.property === 'string' &&
    Object.prototype.hasOwnProperty.call(BINARY_FACTORIES, callee.property)
  ) {
    const helper = bsonHelper(BINARY_FACTORIES[callee.property] as string, ctx);
    const [data, subtype] = args;
    return located(e, () => helper?.invoke([subtype ?? 0, data], false));
  }
  throw refuse('This call', callee);
}

function located<T>(span: Span, f: () => T): T {
  try {
    return f();
  } catch (err) {
    if (isShellRuntimeError(err) && err.span === undefined) {
      throw new ShellRuntimeError(err.errorName, err.message, span);
    }
    if (err instanceof Error && !isShellRuntimeError(err)) throw new ShellRuntimeError('BSONError', err.message, span);
    throw err;
  }
}
