/**
 * `collMod` (validation changes): `{collMod: 'c', validator, validationLevel, validationAction}`
 * → `{ok: 1}`. Missing collection → 26 "ns does not exist: test.c". Index options, views and
 * TTL changes are outside the playground (code 115). `changeStreamPreAndPostImages: {enabled}`
 * is listed in the options and logged as a `collMod` oplog entry (change streams read it).
 */
import type { Doc, Value } from '../bson/values.js';
import { parsePreAndPostImagesOption, preAndPostImagesOption } from '../changestream/images-option.js';
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
  for (const k of ['index', 'viewOn', 'pipeline', 'expireAfterSeconds']) {
    if (ctx.command.has(k)) throw fail(115, `collMod with '${k}' is not supported in the playground`);
  }
  const collection = ctx.catalog.getCollection(ctx.db, name);
  if (!collection) throw fail(26, `ns does not exist: ${ctx.db}.${name}`);
  const validator = ctx.command.get('validator') as Doc | undefined;
  const level = parseValidationLevel(ctx.name, ctx.command.get('validationLevel'));
  const action = parseValidationAction(ctx.name, ctx.command.get('validationAction'));
  checkValidator(validator);
  const images = parsePreAndPostImagesOption(ctx.name, ctx.command.get('changeStreamPreAndPostImages'));
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
  if (images !== undefined) {
    // Change streams read whether pre-images were recorded from this oplog entry (engine/changestream).
    if (images) collection.listedOptions.set('changeStreamPreAndPostImages', preAndPostImagesOption(true));
    else collection.listedOptions.delete('changeStreamPreAndPostImages');
    ctx.catalog.oplog.append({
      op: 'c',
      ns: `${ctx.db}.$cmd`,
      ui: collection.uuid,
      o: new Map<string, Value>([
        ['collMod', name],
        ['changeStreamPreAndPostImages', preAndPostImagesOption(images)],
      ]),
    });
  }
  return new Map();
};
