/**
 * One-line documentation for the editor's hovers and completions: update operators, array
 * operators, common query operators and the update options. Text only (no semantics).
 */

export const UPDATE_OPERATORS: Readonly<Record<string, string>> = {
  $set: 'Sets the value of a field; creates missing fields and embedded documents on the path.',
  $unset: 'Removes the field (the value given is ignored). In an array element it sets null.',
  $inc: 'Adds a number to a field (int → long → double → decimal promotion); a missing field is created.',
  $mul: 'Multiplies a field by a number; a missing field is created with value 0 of the result type.',
  $min: 'Sets the field to the given value only if it is less than the current value (BSON order).',
  $max: 'Sets the field to the given value only if it is greater than the current value (BSON order).',
  $rename: 'Renames a field (moves its value); cannot move into or out of an array.',
  $setOnInsert: 'Sets fields only when an upsert inserts a new document; ignored on update.',
  $currentDate: 'Sets a field to the current date, or timestamp with {$type: "timestamp"}.',
  $push: 'Appends to an array; with $each, $position, $slice and $sort modifiers.',
  $addToSet: 'Appends to an array only values not already present (with $each for several).',
  $pull: 'Removes every array element equal to a value or matching a condition.',
  $pullAll: 'Removes every array element equal to one of the listed values.',
  $pop: 'Removes the first (-1) or last (1) element of an array.',
  $bit: 'Bitwise and/or/xor of an int or long field.',
  $each: '$push / $addToSet modifier: the list of values to add.',
  $position: '$push modifier: insert at this index instead of at the end.',
  $slice: '$push modifier: keep only the first (positive) or last (negative) n elements.',
  $sort: '$push modifier: sort the array after pushing (1, -1 or a sort document).',
};

export const ARRAY_OPERATORS: Readonly<Record<string, string>> = {
  '$[]': 'All positional operator: updates every element of the array.',
  '$[<identifier>]':
    'Filtered positional operator: updates the elements matching the arrayFilters entry for <identifier>.',
  $: 'Positional operator: the first element matched by the query on that array.',
};

export const QUERY_OPERATORS: Readonly<Record<string, string>> = {
  $eq: 'Matches values equal to the given value.',
  $ne: 'Matches values not equal to the given value (and missing fields).',
  $gt: 'Matches values greater than the given value (same type bracket).',
  $gte: 'Matches values greater than or equal to the given value.',
  $lt: 'Matches values less than the given value.',
  $lte: 'Matches values less than or equal to the given value.',
  $in: 'Matches any of the listed values.',
  $nin: 'Matches none of the listed values.',
  $exists: 'Matches documents that have (true) or lack (false) the field.',
  $type: 'Matches values of the given BSON type.',
  $elemMatch: 'Matches arrays with at least one element matching all the conditions.',
  $and: 'All the clauses match.',
  $or: 'At least one clause matches.',
  $nor: 'No clause matches.',
  $not: 'Inverts an operator expression.',
  $expr: 'Evaluates an aggregation expression ($$NOW, let variables …); its values are not copied into an upserted document.',
  $regex: 'Matches strings against a regular expression.',
  $size: 'Matches arrays with exactly this many elements.',
  $all: 'Matches arrays containing all the listed values.',
};

export const UPDATE_OPTIONS: Readonly<Record<string, string>> = {
  upsert: 'Insert a document when nothing matches (built from the query equalities).',
  multi: 'Update every matching document (update command; updateMany sets it).',
  arrayFilters: 'One filter document per $[<identifier>] used in the update.',
  collation: 'String comparison rules for the query, e.g. {locale: "fr", strength: 1}.',
  hint: 'Force an index, by name or key pattern; an unknown index fails with BadValue.',
  let: 'Variables for $expr and pipeline updates, used as $$name.',
  writeConcern: 'Acknowledgement to wait for, e.g. {w: "majority", wtimeout: 100}.',
  bypassDocumentValidation: 'Skip the collection validator for this write.',
  comment: 'A value recorded with the operation (profiler, logs).',
  sort: 'updateOne/replaceOne: which document to update first when several match.',
  ordered: 'Bulk writes: stop at the first error (true, default) or continue (false).',
};

/** Every documented name → its line (hover lookup). */
export const ALL_DOCS: Readonly<Record<string, string>> = {
  ...QUERY_OPERATORS,
  ...UPDATE_OPERATORS,
  ...ARRAY_OPERATORS,
};
