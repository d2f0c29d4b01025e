/**
 * findAndModify's `fields` on the two paths viaFind (stage-harness.ts) does not take: `remove`
 * (the deleted document, projected) and `new: true` (the post-image, projected). Returns the
 * projected `value` as canonical Extended JSON, or `code: errmsg` with findAndModify's executor
 * context kept (it is part of what the server says).
 * @internal
 */
import { parseEJSONDoc, stringifyEJSON } from '../../bson/ejson.js';
import { isDoc, type Doc, type Value } from '../../bson/values.js';
import { testEngine } from '../../commands/testing.js';

export interface ModifyCase {
  readonly doc: string;
  readonly projection: string;
  readonly filter?: string;
  /** `remove: true`, or an update returned with `new: true`. */
  readonly mode: 'remove' | { readonly newAfter: string };
}

export function viaFindAndModify(c: ModifyCase): string {
  const e = testEngine();
  e.runCommand(
    'fam',
    new Map<string, Value>([
      ['insert', 'c'],
      ['documents', [parseEJSONDoc(c.doc)]],
    ]),
  );
  const command = new Map<string, Value>([
    ['findAndModify', 'c'],
    ['query', parseEJSONDoc(c.filter ?? '{}')],
    ['fields', parseEJSONDoc(c.projection)],
  ]);
  if (c.mode === 'remove') command.set('remove', true);
  else {
    command.set('update', parseEJSONDoc(c.mode.newAfter));
    command.set('new', true);
  }
  const reply: Doc = e.runCommand('fam', command);
  if (Number(String(reply.get('ok'))) !== 1) return `${String(reply.get('code'))}: ${String(reply.get('errmsg'))}`;
  const value = reply.get('value');
  return isDoc(value) ? stringifyEJSON(value) : String(value);
}
