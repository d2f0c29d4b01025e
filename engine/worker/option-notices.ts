/**
 * Options of the update helpers that have no effect as written. mongosh passes a helper's options
 * object to the Node driver unchecked (`{...baseOptions, ...options}`), and the driver's
 * makeUpdateStatement reads only the names it knows and sends `upsert` only when it is a boolean
 * (`typeof options.upsert === 'boolean'`). So `{arrayFilter: …}` or `{upsert: "true"}` raise no
 * error: the statement runs without them, which is what the shell does here too. The page says so,
 * with a "did you mean" from the real option list, pointing at the token. Only options written as
 * an object literal in the call are checked (a variable's value is not known before it runs).
 */
import type { CallExpr, Expr, ObjectProperty, Program, SpreadElement, Statement } from '../shell/ast.js';
import { closest } from './diagnose.js';
import type { OptionNotice } from './protocol.js';

/** What the driver (and engine/shell/command-builders.ts) reads from every write helper's options. */
const WRITE_OPTIONS = ['writeConcern', 'session', 'comment', 'let', 'bypassDocumentValidation', 'maxTimeMS', 'explain'];
const UPDATE_OPTIONS = ['upsert', 'arrayFilters', 'hint', 'collation', 'sort', 'ordered', ...WRITE_OPTIONS];
const FIND_AND_MODIFY_OPTIONS = [
  'upsert',
  'sort',
  'projection',
  'hint',
  'collation',
  'returnDocument',
  'returnNewDocument',
  'returnOriginal',
  'includeResultMetadata',
  ...WRITE_OPTIONS,
];

/** The helpers whose third argument is an options object, and the option names each reads. */
const HELPER_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  updateOne: UPDATE_OPTIONS,
  updateMany: UPDATE_OPTIONS,
  replaceOne: UPDATE_OPTIONS.filter((o) => o !== 'arrayFilters'),
  update: [...UPDATE_OPTIONS, 'multi'],
  findOneAndUpdate: [...FIND_AND_MODIFY_OPTIONS, 'arrayFilters'],
  findOneAndReplace: FIND_AND_MODIFY_OPTIONS,
};

/** Options the driver sends only when they are booleans (`typeof … === 'boolean'`). */
const BOOLEAN_OPTIONS = new Set(['upsert', 'bypassDocumentValidation', 'ordered', 'returnNewDocument']);

function literalDescription(value: Expr): string | undefined {
  switch (value.kind) {
    case 'String':
      return `${JSON.stringify(value.value)} (a string)`;
    case 'Number':
      return `${String(value.value)} (a number)`;
    case 'Null':
      return 'null';
    case 'Object':
      return 'an object';
    case 'Array':
      return 'an array';
    default:
      return undefined;
  }
}

function propertyNotice(method: string, known: readonly string[], p: ObjectProperty, source: string): OptionNotice[] {
  // The key's own token: quoted or bare, at the start of the property.
  const quoted = source[p.start] === '"' || source[p.start] === "'";
  const keyEnd = p.start + p.key.length + (quoted ? 2 : 0);
  if (!known.includes(p.key)) {
    const best = closest(p.key, known);
    if (best === undefined) return [];
    return [
      {
        option: p.key,
        message: `${p.key} is not an option of ${method}: mongosh hands the options to the driver, which ignores names it does not know: it was not sent and raises no error of its own.`,
        suggestion: `Did you mean ${best}?`,
        start: p.start,
        end: keyEnd,
      },
    ];
  }
  if (BOOLEAN_OPTIONS.has(p.key)) {
    const described = literalDescription(p.value);
    if (described === undefined) return [];
    return [
      {
        option: p.key,
        message: `${p.key} must be a boolean: the driver sends ${p.key} only when it is true or false, so ${described} was not sent (no error of its own) and this statement ran without ${p.key}.`,
        suggestion: `Write ${p.key}: true or ${p.key}: false, without quotes.`,
        start: p.value.start,
        end: p.value.end,
      },
    ];
  }
  return [];
}

function callNotices(call: CallExpr, source: string): OptionNotice[] {
  const callee = call.callee;
  if (callee.kind !== 'Member' || typeof callee.property !== 'string') return [];
  const known = HELPER_OPTIONS[callee.property];
  const options = call.args[2];
  if (known === undefined || options === undefined || options.kind !== 'Object') return [];
  return options.properties.flatMap((p) =>
    p.kind === 'Property' ? propertyNotice(callee.property as string, known, p, source) : [],
  );
}

function exprNotices(e: Expr | SpreadElement | undefined, source: string): OptionNotice[] {
  if (e === undefined) return [];
  switch (e.kind) {
    case 'Call':
      return [
        ...callNotices(e, source),
        ...exprNotices(e.callee, source),
        ...e.args.flatMap((a) => exprNotices(a, source)),
      ];
    case 'Member':
      return [
        ...exprNotices(e.object, source),
        ...(typeof e.property === 'string' ? [] : exprNotices(e.property, source)),
      ];
    case 'Object':
      return e.properties.flatMap((p) => exprNotices(p.kind === 'Property' ? p.value : p, source));
    case 'Array':
      return e.elements.flatMap((x) => exprNotices(x, source));
    case 'Spread':
      return exprNotices(e.argument, source);
    case 'Unary':
      return exprNotices(e.argument, source);
    case 'Assign':
      return exprNotices(e.value, source);
    default:
      return [];
  }
}

function statementNotices(s: Statement, source: string): OptionNotice[] {
  if (s.kind === 'ExpressionStatement') return exprNotices(s.expression, source);
  if (s.kind === 'Declaration') return s.declarators.flatMap((d) => exprNotices(d.init, source));
  return [];
}

/** The notices of one statement's source (offsets within `source`); none when it does not parse. */
export function optionNotices(parse: (text: string) => Program, source: string): OptionNotice[] {
  try {
    return parse(source).statements.flatMap((s) => statementNotices(s, source));
  } catch {
    return [];
  }
}
