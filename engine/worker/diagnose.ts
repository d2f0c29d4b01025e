/**
 * Help for the error at hand: from the error's code and message (and the statement's source), a
 * plain-language explanation of this error, the token it is about (for the editor marker) and a
 * "did you mean" computed from the engine's own lists (update operators, query operators, update
 * pipeline stages, update statement fields). The page renders what this returns; it holds no
 * MongoDB knowledge of its own.
 */
import { UPDATE_STATEMENT_OPTIONS } from '../commands/update/request.js';
import { OTHER_STAGES, UPDATE_STAGES } from '../pipeline/stages.js';
import { ACCEPTED_TOP_LEVEL_OPERATORS, FIELD_QUERY_OPERATORS } from '../query/operator-names.js';
import { MODIFIER_TABLE } from '../update/modifier-table.js';
import type { ErrorDiagnosis } from './protocol.js';

/** Optimal string alignment distance (adjacent swaps count once: `$icn` → `$inc` is 1). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/** The closest name of `known` to `name` (case-insensitive), when it is close enough to be a typo. */
export function closest(name: string, known: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  const allowed = Math.max(1, Math.floor(name.replace(/^\$/, '').length / 3));
  return best !== undefined && bestDistance > 0 && bestDistance <= allowed ? best : undefined;
}

const UPDATE_OPERATORS = Object.keys(MODIFIER_TABLE);
const PIPELINE_STAGES = [...Object.keys(UPDATE_STAGES), ...OTHER_STAGES];
/** Fields of an update statement a person writes (the internal ones left out). */
const STATEMENT_FIELDS = [
  'q',
  'u',
  'c',
  ...[...UPDATE_STATEMENT_OPTIONS].filter((f) => !['upsertSupplied', 'sampleId'].includes(f)),
];

function didYouMean(token: string, known: Iterable<string>): Pick<ErrorDiagnosis, 'suggestion'> {
  const best = closest(token, known);
  return best === undefined ? {} : { suggestion: `Did you mean ${best}?` };
}

interface Rule {
  readonly code: number;
  readonly pattern: RegExp;
  readonly diagnose: (m: RegExpExecArray, source: string) => ErrorDiagnosis;
}

/** Most specific first: the first rule whose code and message match decides. */
const RULES: readonly Rule[] = [
  {
    code: 9,
    pattern: /^Unknown modifier: (\S+?)\. /,
    diagnose: (m) => ({
      token: m[1]!,
      help: `${m[1]!} is not an update operator. An update document lists operators such as $set or $inc, each with the fields it changes.`,
      ...didYouMean(m[1]!, UPDATE_OPERATORS),
    }),
  },
  {
    code: 2,
    pattern: /^unknown top level operator: (\S+?)\. /,
    diagnose: (m) => ({
      token: m[1]!,
      help: `${m[1]!} is not a query operator that can stand at the top of a filter (those are $and, $or, $nor, $expr …); a field name must not start with $.`,
      ...didYouMean(m[1]!, ACCEPTED_TOP_LEVEL_OPERATORS),
    }),
  },
  {
    code: 2,
    pattern: /^unknown operator: (\S+)$/,
    diagnose: (m) => ({
      token: m[1]!,
      help: `${m[1]!} is not a query operator that can be applied to a field (such as $gt, $in or $exists).`,
      ...didYouMean(m[1]!, FIELD_QUERY_OPERATORS),
    }),
  },
  {
    code: 40324,
    pattern: /^Unrecognized pipeline stage name: '(\S+)'$/,
    diagnose: (m) => ({
      token: m[1]!,
      help: `${m[1]!} is not an aggregation stage. An update pipeline may use $addFields/$set, $project/$unset and $replaceRoot/$replaceWith.`,
      ...didYouMean(m[1]!, PIPELINE_STAGES),
    }),
  },
  {
    code: 40415,
    pattern: /^BSON field 'update\.updates\.([^'.]+)' is an unknown field\.$/,
    diagnose: (m) => ({
      token: m[1]!,
      help: `An update statement has no field ${m[1]!}: it takes q, u and the options ${[...STATEMENT_FIELDS].slice(3).join(', ')}.`,
      ...didYouMean(m[1]!, STATEMENT_FIELDS),
    }),
  },
  {
    code: 14,
    pattern: /^BSON field '[\w.]*?\.?(\w+)' is the wrong type '(\w+)', expected type '(\w+)'$/,
    diagnose: (m) => ({
      token: m[1]!,
      help: `The option ${m[1]!} must be of type ${m[3]!}, not ${m[2]!}.`,
      ...(m[3] === 'bool' ? { suggestion: `Write ${m[1]!}: true or ${m[1]!}: false, without quotes.` } : {}),
    }),
  },
  {
    code: 2,
    pattern: /^No array filter found for identifier '([^']+)' in path '([^']+)'/,
    diagnose: (m, source) => ({
      token: m[1]!,
      help: `The update uses $[${m[1]!}], so arrayFilters must hold a filter whose conditions name ${m[1]!} (for example { "${m[1]!}": { $gt: 80 } }).`,
      ...(/\barrayFilter\s*:/.test(source) ? { suggestion: 'Did you mean arrayFilters? (the option is plural)' } : {}),
    }),
  },
  {
    code: 2,
    pattern: /hint provided does not correspond to an existing index/,
    diagnose: () => ({
      token: 'hint',
      help: 'The hint names an index the collection does not have: give an existing index name or its exact key pattern (see the collection’s indexes).',
    }),
  },
  {
    code: 2,
    pattern: /^The positional operator did not find the match needed from the query\.$/,
    diagnose: () => ({
      help: 'A positional $ stands for the array element the query matched, so the query must match an element of that array.',
    }),
  },
  {
    code: 11000,
    pattern: /^E11000 duplicate key error/,
    diagnose: () => ({
      help: 'Another document already holds this value in a unique index, so this write would create a duplicate.',
    }),
  },
  {
    code: 121,
    pattern: /^Document failed validation/,
    diagnose: () => ({
      help: 'The document this write would store breaks the collection’s validator (errInfo names the failing rule). In a multi-document update the documents changed before it stay changed.',
    }),
  },
  {
    code: 66,
    pattern: /_id/,
    diagnose: () => ({
      help: 'A document’s _id cannot change once it is stored: the update would give it a different _id.',
    }),
  },
  {
    code: 72,
    pattern: /^Multi-update operations are not allowed when updating the shard key field\.$/,
    diagnose: () => ({
      help: 'On a sharded collection, an update with multi: true may not change the shard key; change one document at a time with the full shard key in the query.',
    }),
  },
  {
    code: 61,
    pattern: /shard key/,
    diagnose: () => ({
      help: 'On a sharded collection this write must name the full shard key in its query so the router can target one shard.',
    }),
  },
  {
    code: 20,
    pattern: /^Transaction numbers are only allowed on a replica set member or mongos$/,
    diagnose: () => ({
      help: 'A standalone server has no transactions and no retryable writes: they need a replica set (or a sharded cluster). Choose Replica set in the deployment menu.',
    }),
  },
  {
    code: 2,
    pattern: /^cannot use 'w' > 1 when a host is not replicated$|^cannot use non-majority 'w' mode/,
    diagnose: () => ({
      token: 'w',
      help: 'A standalone server is the only copy of the data, so no other member can acknowledge the write: write concern w above 1 (or a tag) cannot be satisfied.',
    }),
  },
  {
    code: 64,
    pattern: /waiting for replication timed out/,
    diagnose: () => ({
      help: 'The write was applied on the primary, but not enough members confirmed it within wtimeout; it is not undone.',
    }),
  },
  {
    code: 13,
    pattern: /not authorized|requires authentication/,
    diagnose: () => ({
      help: 'Authorization is on and this connection has no user with the right role: create a user and db.auth() first.',
    }),
  },
];

/** What the page shows for an error with this code and message, raised by `source`. */
export function diagnoseError(code: number | undefined, message: string, source: string): ErrorDiagnosis | undefined {
  if (code === undefined) return undefined;
  const text = message.replace(/^.* :: caused by :: /, '');
  for (const rule of RULES) {
    if (rule.code !== code) continue;
    const m = rule.pattern.exec(text) ?? rule.pattern.exec(message);
    if (m !== null) return rule.diagnose(m, source);
  }
  return undefined;
}
