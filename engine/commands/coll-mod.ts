/**
 * `collMod` (validation changes): `{collMod: 'c', validator, validationLevel, validationAction}`
 * → `{ok: 1}`. Missing collection → 26 "ns does not exist: test.c". Index options, views and
 * TTL changes are outside the playground (code 115).
 */
import type { Doc } from '../bson/values.js';
import { fail } from '../errors.js';
import { checkValidator, parseValidationAction, parseValidationLevel } from './collection-options.js';
import { targetCollectionName } from './common.js';
import type { CommandHandler } from './context.js';
import { checkFields } from './fields.js';

export const collModCommand: CommandHandler = (ctx) => {
  const name = targetCollectionName(ctx);
  checkFields(ctx.name, ctx.command, {
    collMod: { type: 'string' },
    validator: { type: 'object' },
    validationLevel: { type: 'string' },
    validationAction: { type: 'string' },
    index: { type: 'object' },
    viewOn: { type: 'string' },
    pipeline: { type: 'array' },
    expireAfterSeconds: { type: ['number', 'string'] },
    changeStreamPreAndPostImages: { type: 'object' },
  });
  for (const k of ['index', 'viewOn', 'pipeline', 'expireAfterSeconds', 'changeStreamPreAndPostImages']) {
    if (ctx.command.has(k)) throw fail(115, `collMod with '${k}' is not supported in the playground`);
  }
  const collection = ctx.catalog.getCollection(ctx.db, name);
  if (!collection) throw fail(26, `ns does not exist: ${ctx.db}.${name}`);
  const validator = ctx.command.get('validator') as Doc | undefined;
  const level = parseValidationLevel(ctx.name, ctx.command.get('validationLevel'));
  const action = parseValidationAction(ctx.name, ctx.command.get('validationAction'));
  checkValidator(validator);
  if (validator !== undefined) {
    collection.validator = validator;
    collection.listedOptions.set('validator', validator);
  }
  if (level !== undefined) {
    collection.validationLevel = level;
    collection.listedOptions.set('validationLevel', level);
  }
  if (action !== undefined) {
    collection.validationAction = action;
    collection.listedOptions.set('validationAction', action);
  }
  return new Map();
};
