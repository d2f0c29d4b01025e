/**
 * Where the cursor is in a mongosh command, for completions: after `db.`, after `db.<name>.`, or
 * inside a filter / update document of a write or read method (and at which depth). A bracket
 * scan of the text before the cursor (strings and comments skipped): no parse, so it works on
 * the unfinished text being typed.
 */

export type CompletionPlace =
  | { readonly kind: 'database' }
  | { readonly kind: 'collection'; readonly name: string }
  /** depth 1: a key of the document itself. */
  | { readonly kind: 'filter'; readonly depth: number }
  | { readonly kind: 'update'; readonly depth: number }
  | { readonly kind: 'other' };

/** Which argument of each method is a filter ('f') or an update ('u'). */
const ARGUMENTS: Readonly<Record<string, readonly ('f' | 'u' | '-')[]>> = {
  updateOne: ['f', 'u'],
  updateMany: ['f', 'u'],
  update: ['f', 'u'],
  findOneAndUpdate: ['f', 'u'],
  replaceOne: ['f', '-'],
  findOneAndReplace: ['f', '-'],
  findOneAndDelete: ['f'],
  deleteOne: ['f'],
  deleteMany: ['f'],
  find: ['f'],
  findOne: ['f'],
  countDocuments: ['f'],
  count: ['f'],
  remove: ['f'],
};

/** Fields of an argument document that hold a filter or an update (findAndModify, bulkWrite …). */
const FILTER_KEYS = new Set(['filter', 'query', 'q']);
const UPDATE_KEYS = new Set(['update', 'u']);

interface Frame {
  readonly open: '(' | '[' | '{';
  /** For '(': the name called. */
  readonly callee: string;
  /** For '(' and '[': the index of the current element. */
  arg: number;
  /** For '{': the key whose value is being written (set at ':'). */
  key: string;
}

export function completionPlace(before: string): CompletionPlace {
  if (/\bdb\.[\w$]*$/.test(before)) return { kind: 'database' };
  const coll =
    /\bdb\.([A-Za-z_][\w$]*)\.[\w$]*$/.exec(before) ??
    /\bdb\.getCollection\(\s*["']([^"']+)["']\s*\)\.[\w$]*$/.exec(before);
  if (coll !== null) return { kind: 'collection', name: coll[1] as string };
  const stack = scan(before);
  if (stack === null) return { kind: 'other' };
  // Walk outwards from the innermost frame to the call whose argument holds the cursor.
  let depth = 0;
  let role: 'f' | 'u' | null = null;
  for (let i = stack.length - 1; i >= 0; i--) {
    const f = stack[i] as Frame;
    if (f.open === '{') {
      depth++;
      const parent = stack[i - 1];
      if (parent?.open === '{' || parent?.open === '[') {
        // A document that is the value of a key such as `filter:` or one of `arrayFilters: [ … ]`.
        const holder = parent.open === '{' ? parent : stack[i - 2];
        const key = holder?.open === '{' ? holder.key : '';
        if (parent.open === '{' && FILTER_KEYS.has(key)) return { kind: 'filter', depth };
        if (parent.open === '{' && UPDATE_KEYS.has(key)) return { kind: 'update', depth };
        if (parent.open === '[' && key === 'arrayFilters') return { kind: 'filter', depth };
      }
      continue;
    }
    if (f.open === '(') {
      role = ARGUMENTS[f.callee]?.[f.arg] === 'f' ? 'f' : ARGUMENTS[f.callee]?.[f.arg] === 'u' ? 'u' : null;
      if (role === null || depth === 0) return { kind: 'other' };
      return role === 'f' ? { kind: 'filter', depth } : { kind: 'update', depth };
    }
    // '[': a pipeline update or an array value: leave the document count as it is.
    if (f.open === '[' && i > 0 && stack[i - 1]?.open === '(') {
      const call = stack[i - 1] as Frame;
      if (ARGUMENTS[call.callee]?.[call.arg] === 'u') return { kind: 'other' };
    }
  }
  return { kind: 'other' };
}

/** The open brackets before the cursor, or null inside a string or comment. */
function scan(text: string): Frame[] | null {
  const stack: Frame[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '"' || c === "'" || c === '`') {
      const end = closingQuote(text, i);
      if (end < 0) return null;
      i = end + 1;
      continue;
    }
    if (c === '/' && text[i + 1] === '/') {
      const nl = text.indexOf('\n', i);
      if (nl < 0) return null;
      i = nl + 1;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      if (close < 0) return null;
      i = close + 2;
      continue;
    }
    if (c === '(' || c === '[' || c === '{') {
      const callee = c === '(' ? (/([A-Za-z_$][\w$]*)\s*$/.exec(text.slice(Math.max(0, i - 80), i))?.[1] ?? '') : '';
      stack.push({ open: c, callee, arg: 0, key: '' });
    } else if (c === ')' || c === ']' || c === '}') {
      stack.pop();
    } else if (c === ',') {
      const top = stack[stack.length - 1];
      if (top !== undefined) {
        top.arg++;
        top.key = '';
      }
    } else if (c === ':') {
      const top = stack[stack.length - 1];
      if (top?.open === '{') {
        const m = /["']?([\w$.[\]]+)["']?\s*$/.exec(text.slice(Math.max(0, i - 120), i));
        top.key = m?.[1] ?? '';
      }
    }
    i++;
  }
  return stack;
}

function closingQuote(text: string, start: number): number {
  const q = text[start];
  for (let j = start + 1; j < text.length; j++) {
    if (text[j] === '\\') j++;
    else if (text[j] === q) return j;
  }
  return -1;
}
