/**
 * Field paths (`$a.b`), variables (`$$ROOT`, `$$CURRENT`, `$$REMOVE`, `$$NOW`, `$$CLUSTER_TIME`,
 * user variables), `$let` and `$literal`, after the server's `ExpressionFieldPath`, `Variables`
 * and `ExpressionLet`.
 */
import { FieldReader } from '../bson/shaped-doc.js';
import { MAX_BSON_DEPTH } from '../bson/size.js';
import { fail } from '../errors.js';
import { isDoc, type Doc, type Value } from '../bson/values.js';
import { bind, type ExprNode, type OperatorParser, type ParseContext, type Scope } from './types.js';

/** Variables the server defines; users may read them but only `CURRENT` may be rebound. */
export const SYSTEM_VARIABLES: ReadonlySet<string> = new Set([
  'ROOT',
  'CURRENT',
  'REMOVE',
  'NOW',
  'CLUSTER_TIME',
  'USER_ROLES',
  'SEARCH_META',
]);

function isLower(c: number): boolean {
  return c >= 0x61 && c <= 0x7a;
}
function isUpper(c: number): boolean {
  return c >= 0x41 && c <= 0x5a;
}
function isNameChar(c: number): boolean {
  return isLower(c) || isUpper(c) || (c >= 0x30 && c <= 0x39) || c === 0x5f || c >= 0x80;
}

/**
 * `variableValidation::validateName`: the first character must satisfy `firstOk`, the rest must
 * be letters, digits, `_` or non-ASCII. MongoDB 7.0+ reports these as FailedToParse (9).
 */
function validateName(name: string, firstOk: (c: number) => boolean): void {
  if (name.length === 0) throw fail(9, 'empty variable names are not allowed');
  if (!firstOk(name.charCodeAt(0)))
    throw fail(9, `'${name}' starts with an invalid character for a user variable name`);
  for (let i = 1; i < name.length; i++) {
    if (!isNameChar(name.charCodeAt(i)))
      throw fail(9, `'${name}' contains an invalid character for a variable name: '${name[i]!}'`);
  }
}

/** `validateNameForUserWrite`: names bound by `let`, `c`, `$let`, `as` (lowercase first). */
export function validateVariableName(name: string): void {
  if (name === 'CURRENT') return;
  validateName(name, (c) => isLower(c) || c >= 0x80);
}

/** `validateNameForUserRead`: `$$name` references (system names may start uppercase). */
export function validateVariableNameForRead(name: string): void {
  validateName(name, (c) => isLower(c) || isUpper(c) || c >= 0x80);
}

const DOLLAR_FIELDS_ALLOWED: ReadonlySet<string> = new Set(['$id', '$ref', '$db', '$sortKey']);

/** `FieldPath::uassertValidFieldName`. */
export function validateFieldName(name: string): void {
  if (name.length === 0) throw fail(15998, 'FieldPath field names may not be empty strings.');
  if (name.startsWith('$') && !DOLLAR_FIELDS_ALLOWED.has(name))
    throw fail(16410, "FieldPath field names may not start with '$'. Consider using $getField or $setField.");
  if (name.includes('\0')) throw fail(16411, "FieldPath field names may not contain '\0'.");
  if (name.includes('.'))
    throw fail(16412, "FieldPath field names may not contain '.'. Consider using $getField or $setField.");
}

/** `FieldPath(path)`: splits and validates a dotted path. */
export function splitFieldPath(path: string): string[] {
  if (path.length === 0) throw fail(40352, 'FieldPath cannot be constructed with empty string');
  if (path.endsWith('.')) throw fail(40353, "FieldPath must not end with a '.'.");
  const parts = path.split('.');
  // `FieldPath`: no more components than `BSONDepth::getMaxAllowableDepth()` (checked before names).
  if (parts.length > MAX_BSON_DEPTH) throw fail(15, 'FieldPath is too long');
  for (const p of parts) validateFieldName(p);
  return parts;
}

function undefinedVariable(name: string): Error {
  return fail(17276, `Use of undefined variable: ${name}`);
}

/**
 * The value of a variable in a scope (missing for `$$REMOVE`). `declared` means the parser saw
 * the name among the user variables: such a variable whose value is missing reads as missing;
 * otherwise an unbound name is 17276.
 */
export function readVariable(name: string, scope: Scope, declared = false): Value | undefined {
  const locals = scope.locals;
  if (locals !== null && locals.has(name)) return locals.get(name);
  switch (name) {
    case 'ROOT':
      return scope.root;
    case 'CURRENT':
      return scope.current;
    case 'REMOVE':
      return undefined;
    case 'NOW':
      return scope.env.now;
    case 'CLUSTER_TIME':
      return scope.env.clusterTime;
    case 'USER_ROLES':
      // No authentication in the playground: the user has no roles.
      return [];
    case 'SEARCH_META':
      return undefined;
    default:
      break;
  }
  const vars = scope.env.variables;
  if (vars.has(name)) return vars.get(name);
  if (declared) return undefined;
  throw undefinedVariable(name);
}

/** `ExpressionFieldPath::evaluatePath`: arrays along the path map over their object elements. */
export function evaluatePath(value: Value | undefined, path: readonly string[], from: number): Value | undefined {
  let v = value;
  for (let i = from; i < path.length; i++) {
    if (v instanceof Map) {
      v = v.get(path[i]!);
    } else if (Array.isArray(v)) {
      return evaluatePathArray(v, path, i);
    } else {
      return undefined;
    }
  }
  return v;
}

function evaluatePathArray(arr: readonly Value[], path: readonly string[], from: number): Value[] {
  const out: Value[] = [];
  for (const el of arr) {
    if (!isDoc(el)) continue;
    const nested = evaluatePath(el, path, from);
    if (nested !== undefined) out.push(nested);
  }
  return out;
}

/** `$a.b` (reads `$$CURRENT`) or `$$var.a.b`. */
export class FieldPathNode implements ExprNode {
  readonly kind = 'fieldPath' as const;
  /** The first component's reader (an inline cache over stored documents' shapes), kept off the node's fields. */
  readonly #first: FieldReader | undefined;
  constructor(
    readonly variable: string,
    readonly path: readonly string[],
    /** The parser found the name among the declared user variables (`let`/`c`). */
    readonly declared = false,
  ) {
    this.#first = variable === 'CURRENT' && path.length > 0 ? new FieldReader(path[0]!) : undefined;
  }
  /** The value of a command constant (`let`/`c`), known at parse time: what `optimize()` turns it into. */
  known: { readonly value: Value | undefined } | undefined;

  evaluate(scope: Scope): Value | undefined {
    // `bind` keeps `scope.current` in step with a rebound CURRENT.
    if (this.variable === 'CURRENT') {
      const current = scope.current;
      // The first step of `evaluatePath` over a document, read through the cache.
      if (this.#first !== undefined && current instanceof Map)
        return evaluatePath(this.#first.read(current), this.path, 1);
      return evaluatePath(current, this.path, 0);
    }
    return evaluatePath(readVariable(this.variable, scope, this.declared), this.path, 0);
  }
}

/** Parses a string operand that starts with `$`. */
export function parseFieldPath(raw: string, ctx: ParseContext): ExprNode {
  if (raw.length < 2) throw fail(16872, "'$' by itself is not a valid FieldPath");
  if (raw[1] === '$') {
    const body = raw.slice(2);
    const dot = body.indexOf('.');
    const name = dot < 0 ? body : body.slice(0, dot);
    validateVariableNameForRead(name);
    if (
      !SYSTEM_VARIABLES.has(name) &&
      !ctx.locals.has(name) &&
      ctx.userVariables !== undefined &&
      !ctx.userVariables.has(name)
    ) {
      throw undefinedVariable(name);
    }
    // The server builds one FieldPath from "var.a.b", so the variable name is validated as a field too.
    const parts = splitFieldPath(body);
    const node = new FieldPathNode(name, parts.slice(1), ctx.userVariables?.has(name) === true);
    if (!ctx.locals.has(name) && ctx.constants.has(name)) node.known = { value: evaluatePath(ctx.constants.get(name), node.path, 0) };
    return node;
  }
  return new FieldPathNode('CURRENT', splitFieldPath(raw.slice(1)));
}

/** `$literal`: the argument as-is, never parsed. */
export class ConstantNode implements ExprNode {
  readonly kind = 'constant' as const;
  constructor(readonly value: Value | undefined) {}
  evaluate(): Value | undefined {
    return this.value;
  }
}

export const parseLiteral: OperatorParser = (arg) => new ConstantNode(arg);

class LetNode implements ExprNode {
  readonly kind = 'let' as const;
  constructor(
    readonly vars: ReadonlyArray<readonly [string, ExprNode]>,
    readonly body: ExprNode,
  ) {}
  evaluate(scope: Scope): Value | undefined {
    const entries = this.vars.map(([k, e]) => [k, e.evaluate(scope)] as const);
    return this.body.evaluate(bind(scope, entries));
  }
}

/** `{$let: {vars: {...}, in: expr}}`: the vars are evaluated in the outer scope. */
export const parseLet: OperatorParser = (arg, ctx) => {
  if (!isDoc(arg)) throw fail(16874, '$let only supports an object as its argument');
  let varsSpec: Value | undefined;
  let inSpec: Value | undefined;
  for (const [k, v] of arg) {
    if (k === 'vars') varsSpec = v;
    else if (k === 'in') inSpec = v;
    else throw fail(16875, `Unrecognized parameter to $let: ${k}`);
  }
  if (varsSpec === undefined) throw fail(16876, "Missing 'vars' parameter to $let");
  if (inSpec === undefined) throw fail(16877, "Missing 'in' parameter to $let");
  if (!isDoc(varsSpec)) throw fail(10065, 'invalid parameter: expected an object (vars)');
  const vars: Array<readonly [string, ExprNode]> = [];
  for (const [name, spec] of varsSpec as Doc) {
    validateVariableName(name);
    vars.push([name, ctx.parse(spec)]);
  }
  const body = ctx.withLocals(vars.map(([k]) => k)).parse(inSpec);
  return new LetNode(vars, body);
};
