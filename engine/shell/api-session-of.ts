/**
 * `sessionOf`: the session an options document names (`{session}`), else the handle's own. It
 * recognises a session by a brand instead of `instanceof`, so the collection and database modules
 * need no run-time import of api-session.ts (which imports them: that would be a cycle).
 */
import type { Doc } from '../bson/values.js';
import type { ShellSession } from './api-session.js';

export const SESSION_BRAND: unique symbol = Symbol('upsert-lab.ShellSession');

export function sessionOf(options: Doc | undefined, fallback: ShellSession | undefined): ShellSession | undefined {
  const s = options?.get('session') as unknown;
  return typeof s === 'object' && s !== null && SESSION_BRAND in s ? (s as ShellSession) : fallback;
}
