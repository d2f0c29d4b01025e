/**
 * The query operators the filter parser (parse.ts) runs, for editors: field operators (`{qty:
 * {$gt: 5}}`) and top-level ones (`{$or: […]}`). Unsupported ones ($where, $text, geo) are left
 * out. operator-names.test.ts checks every name against the parser, both ways.
 */
export const FIELD_QUERY_OPERATORS = [
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$nin',
  '$exists',
  '$type',
  '$size',
  '$all',
  '$elemMatch',
  '$not',
  '$regex',
  '$options',
  '$mod',
  '$bitsAllSet',
  '$bitsAllClear',
  '$bitsAnySet',
  '$bitsAnyClear',
] as const;

export const TOP_LEVEL_QUERY_OPERATORS = ['$and', '$or', '$nor', '$expr', '$jsonSchema', '$comment'] as const;
