/**
 * `create`: an explicit collection with options.
 *   {create: 'c', validator: {...}, validationLevel: 'moderate', validationAction: 'warn',
 *    collation: {locale: 'en', strength: 2}}  → {ok: 1}
 * Existing collection → 48 "Collection test.c already exists." Views, capped and time-series
 * collections are outside the playground (code 115).
 */
import { parsePreAndPostImagesOption, preAndPostImagesOption } from '../changestream/images-option.js';
import type { Doc, Value } from '../bson/values.js';
import { resolveCollation } from '../catalog/collation-info.js';
import { fail } from '../errors.js';
import { checkValidator, parseValidationAction, parseValidationLevel } from './collection-options.js';
import { targetCollectionName } from './common.js';
import type { CommandHandler } from './context.js';
import { checkFields } from './fields.js';

const UNSUPPORTED = ['viewOn', 'pipeline', 'timeseries', 'capped', 'size', 'max', 'clusteredIndex', 'encryptedFields'];

export const createCommand: CommandHandler = (ctx) => {
  const name = targetCollectionName(ctx);
  checkFields(ctx.name, ctx.command, {
    create: { type: 'string' },
    validator: { type: 'object' },
    validationLevel: { type: 'string' },
    validationAction: { type: 'string' },
    collation: { type: 'object' },
    viewOn: { type: 'string' },
    pipeline: { type: 'array' },
    timeseries: { type: 'object' },
    capped: { type: 'safeBool' },
    size: { type: 'number' },
    max: { type: 'number' },
    clusteredIndex: { type: ['bool', 'object'] },
    encryptedFields: { type: 'object' },
    idIndex: { type: 'object' },
    storageEngine: { type: 'object' },
    indexOptionDefaults: { type: 'object' },
    changeStreamPreAndPostImages: { type: 'object' },
    expireAfterSeconds: { type: 'number' },
    autoIndexId: { type: 'bool' },
    flags: { type: 'number' },
    recordPreImages: { type: 'bool' },
  });
  for (const k of UNSUPPORTED) {
    const v = ctx.command.get(k);
    if (v !== undefined && v !== false) throw fail(115, `create with '${k}' is not supported in the playground`);
  }
  const validator = ctx.command.get('validator') as Doc | undefined;
  const validationLevel = parseValidationLevel(ctx.name, ctx.command.get('validationLevel'));
  const validationAction = parseValidationAction(ctx.name, ctx.command.get('validationAction'));
  checkValidator(validator);
  const collation = resolveCollation(ctx.command.get('collation'));
  const listed: Doc = new Map<string, Value>();
  for (const k of ['validator', 'validationLevel', 'validationAction']) {
    const v = ctx.command.get(k);
    if (v !== undefined) listed.set(k, v);
  }
  if (collation) listed.set('collation', collation.doc);
  // Change streams read this from the listed options (engine/changestream/images.ts).
  if (parsePreAndPostImagesOption(ctx.name, ctx.command.get('changeStreamPreAndPostImages')) === true) {
    listed.set('changeStreamPreAndPostImages', preAndPostImagesOption(true));
  }
  ctx.catalog.createCollection(ctx.db, name, {
    validator,
    validationLevel,
    validationAction,
    collation,
    listedOptions: listed,
  });
  return new Map();
};
