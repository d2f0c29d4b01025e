/**
 * What a pattern tells us about where a match can start, used to skip hopeless starting positions
 * as PCRE2's start-up optimizations do (anchoring, first character, a required character, a
 * leading `.*`). Each is a necessary condition of a match, so skipping never changes an answer.
 */
import type { Node } from './ast.js';
import { walk } from './references.js';
import { fold, type CharPred } from './unicode.js';

export interface StartInfo {
  /** `^` (without m) or `\A` begins every alternative: only offset 0 can match. */
  readonly anchoredAtZero: boolean;
  /** `\G` begins every alternative: only the starting offset can match. */
  readonly anchoredAtOffset: boolean;
  /** A leading `.*` (without s): a match starts at the offset or right after a newline. */
  readonly dotStarNonDotall: boolean;
  /** A leading `.*` with s: only the starting offset. */
  readonly dotStarDotall: boolean;
  /** Every match begins with a character accepted by this predicate. */
  readonly first: CharPred | undefined;
  /** Every match begins with this exact character. */
  readonly firstLiteral: string | undefined;
  /** A case-sensitive character every match contains. */
  readonly required: string | undefined;
  /** The whole pattern is this case-sensitive literal (optionally anchored at 0). */
  readonly literal: string | undefined;
}

/** What (*NO_START_OPT) leaves: every starting position is tried. */
export const NO_START_INFO: StartInfo = {
  anchoredAtZero: false,
  anchoredAtOffset: false,
  dotStarNonDotall: false,
  dotStarDotall: false,
  first: undefined,
  firstLiteral: undefined,
  required: undefined,
  literal: undefined,
};

export function analyzeStart(root: Node): StartInfo {
  let hasVerbsOrCalls = false;
  walk(root, (n) => {
    if (n.t === 'verb' || n.t === 'call' || n.t === 'keep' || n.t === 'cond') hasVerbsOrCalls = true;
  });
  const firstNode = leading(root);
  const dotStar =
    !hasVerbsOrCalls &&
    firstNode?.t === 'repeat' &&
    firstNode.body.t === 'set' &&
    firstNode.min === 0 &&
    firstNode.max === Infinity &&
    !firstNode.possessive
      ? firstNode.body.dot
      : undefined;
  const firstCp = hasVerbsOrCalls ? undefined : firstChar(root);
  const lit = hasVerbsOrCalls ? undefined : literalOf(root);
  return {
    anchoredAtZero: everyAlt(root, (n) => n.t === 'assert' && n.kind === 'start'),
    anchoredAtOffset: everyAlt(root, (n) => n.t === 'assert' && n.kind === 'G'),
    dotStarNonDotall: dotStar === 'nonl',
    dotStarDotall: dotStar === 'any',
    first: firstCp?.pred,
    firstLiteral: firstCp?.literal,
    required: hasVerbsOrCalls ? undefined : requiredChar(root),
    literal: lit,
  };
}

/** The first node of the top-level sequence (through non-capturing wrappers). */
function leading(n: Node): Node | undefined {
  if (n.t === 'seq') return n.items.length > 0 ? leading(n.items[0]!) : undefined;
  return n;
}

function everyAlt(n: Node, test: (n: Node) => boolean): boolean {
  if (n.t === 'alt') return n.alts.every((a) => everyAlt(a, test));
  if (n.t === 'seq') return n.items.length > 0 && everyAlt(n.items[0]!, test);
  if (n.t === 'group' || n.t === 'atomic') return everyAlt(n.body, test);
  return test(n);
}

function firstChar(n: Node): { pred: CharPred; literal: string | undefined } | undefined {
  switch (n.t) {
    case 'char': {
      const cp = n.cp;
      if (!n.caseless) return { pred: (c) => c === cp, literal: String.fromCodePoint(cp) };
      return { pred: (c) => c === cp || fold(c) === cp, literal: undefined };
    }
    case 'set':
      return { pred: n.pred, literal: undefined };
    case 'seq':
      for (const item of n.items) {
        if (item.t === 'assert') continue;
        return firstChar(item);
      }
      return undefined;
    case 'group':
    case 'atomic':
      return firstChar(n.body);
    case 'repeat':
      return n.min >= 1 ? firstChar(n.body) : undefined;
    case 'alt': {
      const parts = n.alts.map(firstChar);
      if (parts.some((p) => p === undefined)) return undefined;
      const preds = parts.map((p) => p!.pred);
      return { pred: (c) => preds.some((p) => p(c)), literal: undefined };
    }
    default:
      return undefined;
  }
}

/** The last mandatory case-sensitive literal character of the top-level sequence. */
function requiredChar(n: Node): string | undefined {
  switch (n.t) {
    case 'char':
      return n.caseless ? undefined : String.fromCodePoint(n.cp);
    case 'seq':
      for (let k = n.items.length - 1; k >= 0; k--) {
        const r = requiredChar(n.items[k]!);
        if (r !== undefined) return r;
      }
      return undefined;
    case 'group':
    case 'atomic':
      return requiredChar(n.body);
    case 'repeat':
      return n.min >= 1 ? requiredChar(n.body) : undefined;
    default:
      return undefined;
  }
}

/** The pattern as a plain case-sensitive string, when it is nothing else. */
function literalOf(n: Node): string | undefined {
  if (n.t === 'char') return n.caseless ? undefined : String.fromCodePoint(n.cp);
  if (n.t !== 'seq') return undefined;
  // A leading `^` (without m) or `\A` is allowed: `anchoredAtZero` then says so.
  const items = n.items[0]?.t === 'assert' && n.items[0].kind === 'start' ? n.items.slice(1) : n.items;
  if (items.length > 0 && items.every((x) => x.t === 'char' && !x.caseless))
    return items.map((x) => String.fromCodePoint((x as { cp: number }).cp)).join('');
  return undefined;
}
