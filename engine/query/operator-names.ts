/**
 * The query operators the filter parser (parse.ts) runs, for editors: field operators (`{qty:
 * {$gt: 5}}`) and top-level ones (`{$or: […]}`). Unsupported ones ($where, $text, geo) are left
 * out of the editor lists. operator-names.test.ts checks every name against the parser, both ways.
 */
export const FIELD_QUERY_OPERATORS = [
  '$eq',
  '$lt',
  '$lte',
  '$gt',
  '$gte',
  '$ne',
  '$not',
  '$in',
  '$nin',
  '$size',
  '$exists',
  '$type',
  '$mod',
  '$options',
  '$regex',
  '$elemMatch',
  '$all',
  '$bitsAllSet',
  '$bitsAllClear',
  '$bitsAnySet',
  '$bitsAnyClear',
] as const;

/** The top-level operators an editor offers. */
export const TOP_LEVEL_QUERY_OPERATORS = ['$and', '$or', '$nor', '$comment', '$expr', '$jsonSchema'] as const;

/**
 * Every top-level name the parser accepts (the cases of parsePathless), including the ones the
 * engine refuses as unsupported or that only internal callers send: what "did you mean" compares
 * a misspelt operator with.
 */
export const ACCEPTED_TOP_LEVEL_OPERATORS: readonly string[] = [
  ...TOP_LEVEL_QUERY_OPERATORS,
  '$where',
  '$text',
  '$sampleRate',
  '$alwaysTrue',
  '$alwaysFalse',
];
