/**
 * The update modifiers' names (the keys of modifier-table.ts's MODIFIER_TABLE, which must have one
 * factory per name), kept apart from the table so editors can list them without the update code.
 */
export const MODIFIER_NAMES = [
  '$addToSet',
  '$bit',
  '$currentDate',
  '$inc',
  '$max',
  '$min',
  '$mul',
  '$pop',
  '$pull',
  '$pullAll',
  '$push',
  '$rename',
  '$set',
  '$setOnInsert',
  '$unset',
] as const;

export type ModifierName = (typeof MODIFIER_NAMES)[number];
