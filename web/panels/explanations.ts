/**
 * Plain-language explanations of the errors a person meets in the playground, keyed by code,
 * each noting (for maintainers, never shown) the part of the specification it comes from. Text only; the code and message come from the
 * engine.
 */
export interface Explanation {
  readonly text: string;
  readonly rule: string;
}

export const EXPLANATIONS: Readonly<Record<number, Explanation>> = {
  2: {
    text: 'A value is not allowed here: a positional $ with no array in the query, an arrayFilters problem, or a hint naming no index.',
    rule: 'Matching and update rules 5; arrayFilters rules 2–3',
  },
  7: { text: 'No member of the replica set can take the write right now.', rule: 'Errors: primary unreachable' },
  9: {
    text: 'The command could not be parsed: an arrayFilters identifier is unused or undefined, replacement with multi, or a malformed option.',
    rule: 'arrayFilters rules 3–4; Forms of the update value',
  },
  11000: {
    text: 'Another document already has this value in a unique index (a concurrent upsert may hit this and be retried).',
    rule: 'Upsert rules 7',
  },
  13: { text: 'The user is not allowed to run this command on this namespace.', rule: 'Authorization' },
  14: {
    text: 'The operator needs another type: e.g. $inc with a non-numeric value or on a string field.',
    rule: 'Forms of the update value',
  },
  17419: { text: 'The resulting document would exceed the 16 MB BSON limit.', rule: 'Errors: document too large' },
  28: {
    text: 'The path walks through a value that is not a document or array, so the field cannot be created.',
    rule: 'Matching and update rules 1',
  },
  40: {
    text: "Two operators update the same path or one updates a prefix of another ('a' and 'a.b'): the update is ambiguous.",
    rule: 'Forms of the update value: conflicting paths',
  },
  50: { text: 'The operation took longer than maxTimeMS.', rule: 'Errors: time limit' },
  52: {
    text: 'A field name begins with $ where a field is expected (e.g. inside a replacement or $set).',
    rule: 'Forms of the update value',
  },
  54: {
    text: 'The update would create a field inside a value that cannot hold one.',
    rule: 'Matching and update rules 1',
  },
  56: { text: 'A field name in the update path is empty.', rule: 'Forms of the update value' },
  61: {
    text: 'On a sharded collection a single-document update or upsert must name the shard key.',
    rule: 'Sharded collections 1–2',
  },
  64: {
    text: 'The write concern was not satisfied in time: the write happened, but was not confirmed by enough members.',
    rule: 'Errors: write concern not satisfied in time',
  },
  66: {
    text: 'The update would change _id (or a shard key field in place); _id is immutable once a document exists.',
    rule: 'Errors: an update tries to change _id',
  },
  72: { text: 'An option is invalid, e.g. a collation document that is not accepted.', rule: 'Collation document' },
  111: {
    text: 'The update would change a field that must not change (the shard key without the right conditions).',
    rule: 'Sharded collections 6',
  },
  121: {
    text: 'The new document fails the collection validator; in a multi-update the documents before it stay changed.',
    rule: 'Matching and update rules 7',
  },
  224: {
    text: 'A $expr or other query construct cannot supply the values of an upserted document.',
    rule: 'Upsert rules 6',
  },
  20: { text: 'This operation is not allowed in this context.', rule: 'Transactions' },
  26: { text: 'The collection or database does not exist.', rule: 'Catalog' },
  59: { text: 'The server knows no command with that name.', rule: 'Commands' },
  10334: { text: 'The document is too large to store.', rule: 'Errors: document too large' },
};

export function explain(code: number | undefined): Explanation | undefined {
  return code === undefined ? undefined : EXPLANATIONS[code];
}
