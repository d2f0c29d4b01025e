/**
 * `$regexMatch`, `$regexFind`, `$regexFindAll` (`ExpressionRegex` and its `RegexExecutionState`):
 * a `regex`/`options` pair that is constant after optimization is validated and compiled once by
 * `ExpressionRegex::optimize`, so in `aggregate` (and optimized `$expr`) its errors (51105-51111)
 * fail the command before any document is read; an update pipeline is never optimized, so there
 * they wait for a document. Otherwise per evaluation. Matching is PCRE2's (`engine/regex/`);
 * a match error such as "match limit exceeded" fails with 51156, as `execute()` does.
 */
import { Int32, isDoc, type Value } from '../bson/values.js';
import { fail, isEngineError } from '../errors.js';
import { compilePattern } from '../query/regex.js';
import { PcreMatchError, type MatchOffsets, type Pcre } from '../regex/index.js';
import type { ExprNode, OperatorParser, ParseContext, Scope } from './types.js';
import { approximateSize } from './approximate-size.js';
import { nullish, typeName } from './util.js';
import { constantOf } from './nary-optimize.js';

type Mode = 'match' | 'find' | 'findAll';

const VALID_FLAGS = 'imsux';
/** `BufferMaxSize`: $regexFindAll's matches may take at most 64 MB (Value::getApproximateSize). */
const BUFFER_MAX_SIZE = 64 * 1024 * 1024;

/** `extractRegexAndOptions` + `compile`: undefined when the pattern is nullish. */
function prepare(op: string, pattern: Value | undefined, opts: Value | undefined): Pcre | undefined {
  const isRegex =
    pattern !== null && typeof pattern === 'object' && (pattern as { _bsontype?: string })._bsontype === 'BSONRegExp';
  if (!(nullish(pattern) || typeof pattern === 'string' || isRegex))
    throw fail(51105, `${op} needs 'regex' to be of type string or regex`);
  if (!(nullish(opts) || typeof opts === 'string')) throw fail(51106, `${op} needs 'options' to be of type string`);
  let source: string | undefined;
  let flags: string | undefined;
  if (isRegex) {
    const r = pattern as { pattern: string; options: string };
    source = r.pattern;
    if (!nullish(opts) && r.options !== '')
      throw fail(51107, `${op}: found regex option(s) specified in both 'regex' and 'option' fields`);
    if (r.options !== '') flags = r.options;
  } else if (typeof pattern === 'string') source = pattern;
  if (typeof opts === 'string') flags = opts;
  if (source?.includes('\0')) throw fail(51109, `${op}: regular expression cannot contain an embedded null byte`);
  if (flags?.includes('\0'))
    throw fail(51110, `${op}: regular expression options cannot contain an embedded null byte`);
  if (source === undefined) return undefined;
  for (const f of flags ?? '')
    if (!VALID_FLAGS.includes(f)) throw fail(51108, `${op} invalid flag in regex options: ${f}`);
  const re = compilePattern(source, flags ?? '');
  if (typeof re === 'string') throw fail(51111, `Invalid Regex in ${op}: ${re}`);
  return re;
}

function execute(op: string, re: Pcre, input: string, startPos: number): MatchOffsets | null {
  try {
    return re.exec(input, startPos);
  } catch (e) {
    if (e instanceof PcreMatchError)
      throw fail(51156, `Error occurred while executing the regular expression in ${op}. Result code: ${e.message}`);
    throw e;
  }
}

function codePoints(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (!(c >= 0xdc00 && c <= 0xdfff && i > from && s.charCodeAt(i - 1) >= 0xd800 && s.charCodeAt(i - 1) <= 0xdbff))
      n++;
  }
  return n;
}

/** `nextMatch`: {match, idx (in code points), captures (null for unset groups)}. */
function matchDocument(input: string, m: MatchOffsets, idx: number): Value {
  const captures: Value[] = [];
  for (let k = 1; 2 * k < m.length; k++) captures.push(m[2 * k]! < 0 ? null : input.slice(m[2 * k], m[2 * k + 1]));
  return new Map<string, Value>([
    ['match', input.slice(m[0], m[1])],
    ['idx', new Int32(idx)],
    ['captures', captures],
  ]);
}

function evaluateRegex(op: string, mode: Mode, re: Pcre | undefined, input: Value | undefined): Value {
  if (!(nullish(input) || typeof input === 'string')) throw fail(51104, `${op} needs 'input' to be of type string`);
  if (nullish(input) || re === undefined) return mode === 'match' ? false : mode === 'find' ? null : [];
  if (mode === 'match') return execute(op, re, input, 0) !== null;
  if (mode === 'find') {
    const m = execute(op, re, input, 0);
    return m === null ? null : matchDocument(input, m, codePoints(input, 0, m[0]!));
  }
  const out: Value[] = [];
  let totalSize = 0;
  let startPos = 0;
  let startCp = 0;
  do {
    const m = execute(op, re, input, startPos);
    if (m === null) break;
    startCp += codePoints(input, startPos, m[0]!);
    startPos = m[0]!;
    const found = matchDocument(input, m, startCp);
    totalSize += approximateSize(found);
    if (totalSize > BUFFER_MAX_SIZE) throw fail(51151, `${op}: the size of buffer to store output exceeded the 64MB limit`);
    out.push(found);
    const matchLength = m[1]! - m[0]!;
    if (matchLength <= 0) {
      // An empty match: move on by one character so the next search cannot return it again.
      if (startPos >= input.length) continue;
      startPos += input.codePointAt(startPos)! > 0xffff ? 2 : 1;
      startCp++;
      continue;
    }
    startCp += codePoints(input, startPos, m[1]!);
    startPos = m[1]!;
  } while (startPos < input.length);
  return out;
}

export function regexOperator(mode: Mode): OperatorParser {
  return (arg: Value, ctx: ParseContext, op: string) => {
    if (!isDoc(arg)) throw fail(51103, `${op} expects an object of named arguments but found: ${typeName(arg)}`);
    let input: ExprNode | undefined;
    let regex: ExprNode | undefined;
    let options: ExprNode | undefined;
    for (const [k, v] of arg) {
      if (k === 'input') input = ctx.parse(v);
      else if (k === 'regex') regex = ctx.parse(v);
      else if (k === 'options') options = ctx.parse(v);
      else throw fail(31024, `${op} found an unknown argument: ${k}`);
    }
    if (!input) throw fail(31022, `${op} requires 'input' parameter`);
    if (!regex) throw fail(31023, `${op} requires 'regex' parameter`);
    const inputNode = input;
    const regexNode = regex;
    const optionsNode = options;
    const constantRegex = constantOf(regexNode);
    const constantOptions = optionsNode ? constantOf(optionsNode) : { value: null };
    if (constantRegex && constantOptions) {
      try {
        const re = prepare(op, constantRegex.value, constantOptions.value);
        return { evaluate: (scope: Scope): Value => evaluateRegex(op, mode, re, inputNode.evaluate(scope)) };
      } catch (e) {
        if (!isEngineError(e)) throw e;
        // `optimize()` compiles it: the pipeline's error; unoptimized, each evaluation fails again.
        if (ctx.optimize) ctx.optimizeErrors.push(e);
      }
    }
    return {
      evaluate(scope: Scope): Value {
        const text = inputNode.evaluate(scope);
        const re = prepare(op, regexNode.evaluate(scope), optionsNode ? optionsNode.evaluate(scope) : null);
        return evaluateRegex(op, mode, re, text);
      },
    };
  };
}
