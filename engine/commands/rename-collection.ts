/**
 * `renameCollection` (admin): `{renameCollection: 'db.a', to: 'db.b', dropTarget: false}` → `{ok: 1}`.
 * Errors as the server: 13 outside admin, 26 missing source, 48 existing target, 73 bad names.
 */
import { isNumber } from '../bson/values.js';
import { fail } from '../errors.js';
import type { CommandHandler } from './context.js';
import { boolArg, checkFields } from './fields.js';

function splitNamespace(ns: string): [string, string] {
  const dot = ns.indexOf('.');
  if (dot <= 0 || dot === ns.length - 1) throw fail(73, `Invalid namespace specified '${ns}'`);
  return [ns.slice(0, dot), ns.slice(dot + 1)];
}

export const renameCollectionCommand: CommandHandler = (ctx) => {
  checkFields(ctx.name, ctx.command, {
    renameCollection: { type: 'string', required: true },
    to: { type: 'string', required: true },
    dropTarget: { type: ['safeBool', 'binData'] },
    stayTemp: { type: 'safeBool' },
  });
  if (ctx.db !== 'admin') throw fail(13, 'renameCollection may only be run against the admin database.');
  const [fromDb, from] = splitNamespace(ctx.command.get('renameCollection') as string);
  const [toDb, to] = splitNamespace(ctx.command.get('to') as string);
  const dropTarget = ctx.command.get('dropTarget');
  // A UUID dropTarget (internal form) also means "drop the target".
  const drop =
    dropTarget !== undefined && (isNumber(dropTarget) || typeof dropTarget === 'boolean')
      ? boolArg(dropTarget, false)
      : dropTarget !== undefined;
  ctx.catalog.renameCollection(fromDb, from, toDb, to, drop);
  return new Map();
};
