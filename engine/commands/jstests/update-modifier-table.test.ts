/**
 * Every update modifier, with an empty argument and with a real one, through `update` and
 * `findAndModify` alike (both with `upsert: true`): an empty modifier (`{$set: {}}`, `{$inc: {}}`
 * …) is accepted and changes nothing (an upsert still inserts `{_id}`), an array filter that no
 * path uses is FailedToParse 9, `$pop` needs a number (9), `$bit` on a missing field starts from
 * 0 of the operand's type.
 *
 * From jstests/core/query/update/verify_update_mods.js (the whole table, both commands).
 */
import { describe, expect, it } from 'vitest';
import { parseEJSON } from '../../bson/ejson.js';
import type { Doc } from '../../bson/values.js';
import { jsShell, lit, type JsShell } from './statement-shell.js';

interface Case {
  query: string;
  update: string;
  input: string;
  expected?: string;
  arrayFilters?: string;
  code?: number;
}

const cases: Case[] = [
  { query: '{_id: 1}', update: '{$set: {}}', input: '[{_id: 1, a: 1}]', expected: '[{_id: 1, a: 1}]' },
  { query: '{_id: 2}', update: '{$set: {}}', input: '[{_id: 1, a: 1}]', expected: '[{_id: 1, a: 1}, {_id: 2}]' },
  { query: '{_id: 1}', update: '{$set: {a: 2}}', input: '[{_id: 1, a: 1}]', expected: '[{_id: 1, a: 2}]' },
  {
    query: '{_id: 1}',
    update: '{$set: {}}',
    arrayFilters: '[{"element": {$gt: 6}}]',
    input: '[{_id: 1, a: [1]}]',
    code: 9,
  },
  { query: '{_id: 1}', update: '{$unset: {}}', input: '[{_id: 1, a: 1}]', expected: '[{_id: 1, a: 1}]' },
  { query: '{_id: 1}', update: '{$unset: {a: 1}}', input: '[{_id: 1, a: 1}]', expected: '[{_id: 1}]' },
  { query: '{_id: 1}', update: '{$inc: {}}', input: '[{_id: 1, a: 1}]', expected: '[{_id: 1, a: 1}]' },
  { query: '{_id: 1}', update: '{$inc: {a: 1}}', input: '[{_id: 1, a: 1}]', expected: '[{_id: 1, a: 2}]' },
  { query: '{_id: 1}', update: '{$mul: {}}', input: '[{_id: 1, a: 1}]', expected: '[{_id: 1, a: 1}]' },
  { query: '{_id: 1}', update: '{$mul: {a: 2}}', input: '[{_id: 1, a: 1}]', expected: '[{_id: 1, a: 2}]' },
  { query: '{_id: 1}', update: '{$push: {}}', input: '[{_id: 1, a: [1]}]', expected: '[{_id: 1, a: [1]}]' },
  { query: '{_id: 1}', update: '{$push: {a: 2}}', input: '[{_id: 1, a: [1]}]', expected: '[{_id: 1, a: [1, 2]}]' },
  { query: '{_id: 1}', update: '{$addToSet: {}}', input: '[{_id: 1, a: [1]}]', expected: '[{_id: 1, a: [1]}]' },
  { query: '{_id: 1}', update: '{$addToSet: {a: 2}}', input: '[{_id: 1, a: [1]}]', expected: '[{_id: 1, a: [1, 2]}]' },
  { query: '{_id: 1}', update: '{$pull: {}}', input: '[{_id: 1, a: [1]}]', expected: '[{_id: 1, a: [1]}]' },
  { query: '{_id: 1}', update: '{$pull: {a: 1}}', input: '[{_id: 1, a: [1]}]', expected: '[{_id: 1, a: []}]' },
  { query: '{_id: 1}', update: '{$rename: {}}', input: '[{_id: 1, a: 1}]', expected: '[{_id: 1, a: 1}]' },
  { query: '{_id: 1}', update: '{$rename: {a: "b"}}', input: '[{_id: 1, a: 1}]', expected: '[{_id: 1, b: 1}]' },
  { query: '{_id: 1}', update: '{$bit: {}}', input: '[{_id: 1, a: 1}]', expected: '[{_id: 1, a: 1}]' },
  {
    query: '{_id: 1}',
    update: '{$bit: {a: {and: NumberLong(1)}}}',
    input: '[{_id: 1, a: NumberLong(2)}]',
    expected: '[{_id: 1, a: NumberLong(0)}]',
  },
  {
    query: '{_id: 1}',
    update: '{$bit: {a: {and: NumberLong(3)}}}',
    input: '[]',
    expected: '[{_id: 1, a: NumberLong(0)}]',
  },
  {
    query: '{_id: 1}',
    update: '{$bit: {b: {or: NumberLong(3)}}}',
    input: '[]',
    expected: '[{_id: 1, b: NumberLong(3)}]',
  },
  {
    query: '{_id: 1}',
    update: '{$bit: {"c.d": {or: NumberInt(3)}}}',
    input: '[]',
    expected: '[{_id: 1, c: {d: NumberInt(3)}}]',
  },
  { query: '{_id: 1}', update: '{$max: {}}', input: '[{_id: 1, a: 1}]', expected: '[{_id: 1, a: 1}]' },
  { query: '{_id: 1}', update: '{$max: {a: 2}}', input: '[{_id: 1, a: 1}]', expected: '[{_id: 1, a: 2}]' },
  { query: '{_id: 1}', update: '{$min: {}}', input: '[{_id: 1, a: 1}]', expected: '[{_id: 1, a: 1}]' },
  { query: '{_id: 1}', update: '{$min: {a: 0}}', input: '[{_id: 1, a: 1}]', expected: '[{_id: 1, a: 0}]' },
  { query: '{_id: 1}', update: '{$currentDate: {}}', input: '[{_id: 1, a: 1}]', expected: '[{_id: 1, a: 1}]' },
  { query: '{_id: 1}', update: '{$setOnInsert: {}}', input: '[{_id: 1, a: 1}]', expected: '[{_id: 1, a: 1}]' },
  {
    query: '{_id: 2}',
    update: '{$setOnInsert: {a: 1}}',
    input: '[{_id: 1, a: 1}]',
    expected: '[{_id: 1, a: 1}, {_id: 2, a: 1}]',
  },
  { query: '{_id: 1}', update: '{$setOnInsert: {a: 2}}', input: '[{_id: 1, a: 1}]', expected: '[{_id: 1, a: 1}]' },
  { query: '{_id: 1}', update: '{$pop: {}}', input: '[{_id: 1, a: [1]}]', expected: '[{_id: 1, a: [1]}]' },
  { query: '{_id: 1}', update: '{$pop: {a: true}}', input: '[{_id: 1, a: [1, 2]}]', code: 9 },
  { query: '{_id: 1}', update: '{$pop: {a: 1}}', input: '[{_id: 1, a: [1, 2]}]', expected: '[{_id: 1, a: [1]}]' },
  { query: '{_id: 1}', update: '{$pop: {a: -1}}', input: '[{_id: 1, a: [1, 2]}]', expected: '[{_id: 1, a: [2]}]' },
  { query: '{_id: 1}', update: '{$pop: {a: 1}}', input: '[{_id: 1, a: []}]', expected: '[{_id: 1, a: []}]' },
  { query: '{_id: 1}', update: '{$pop: {a: 1}}', input: '[]', expected: '[{_id: 1}]' },
  { query: '{_id: 1}', update: '{$currentDate: {}}', input: '[{_id: 1}]', expected: '[{_id: 1}]' },
  { query: '{_id: 1}', update: '{$pullAll: {}}', input: '[{_id: 1, a: [1, 2]}]', expected: '[{_id: 1, a: [1, 2]}]' },
  {
    query: '{_id: 1}',
    update: '{$pullAll: {a: [1]}}',
    input: '[{_id: 1, a: [1, 2, 1]}]',
    expected: '[{_id: 1, a: [2]}]',
  },
];

/** The error code of the reply (a write error of `update`, the command error of findAndModify), or 0. */
function errorCode(s: JsShell, command: string): number {
  try {
    const reply = parseEJSON(s.js(command)) as Doc;
    const errors = reply.get('writeErrors') as Doc[] | undefined;
    return errors ? Number(String(errors[0]!.get('code'))) : 0;
  } catch (e) {
    return (e as { code?: number }).code ?? -1;
  }
}

const commands = {
  update: (c: Case) =>
    `db.runCommand({update: "c", updates: [{q: ${c.query}, u: ${c.update}, upsert: true${c.arrayFilters ? `, arrayFilters: ${c.arrayFilters}` : ''}}]})`,
  findAndModify: (c: Case) =>
    `db.runCommand({findAndModify: "c", query: ${c.query}, update: ${c.update}, upsert: true${c.arrayFilters ? `, arrayFilters: ${c.arrayFilters}` : ''}})`,
};

describe.each(Object.entries(commands))('every modifier through %s (verify_update_mods.js)', (_name, build) => {
  it.each(cases.map((c) => [`${c.query} ${c.update} on ${c.input}`, c] as const))('%s', (_title, c) => {
    const s = jsShell();
    s.js('db.createCollection("c")');
    if (c.input !== '[]') s.js(`db.c.insertMany(${c.input})`);
    const code = errorCode(s, build(c));
    expect(code).toBe(c.code ?? 0);
    expect(s.contents('c')).toBe(lit(c.code === undefined ? c.expected! : c.input));
  });
});
