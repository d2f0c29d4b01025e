/**
 * How findAndModify's request is read (the IDL `FindAndModifyCommandRequest` and `validate()` in
 * find_and_modify.cpp): `query`, `sort` and `fields` must be objects (TypeMismatch 14), null is
 * the same as absent; `remove`, `new` and `upsert` are safe booleans (any number counts by its
 * truth); a removal refuses an update, `upsert`, `new` and `arrayFilters` (FailedToParse 9, in that
 * order); a pipeline update refuses `arrayFilters`; a hint must be a string or an object (9) and
 * name an existing index (BadValue 2).
 *
 * From jstests/core/write/find_and_modify/: find_and_modify_invalid_query_params.js (the command
 * assertions), find_and_modify.js (SERVER-16601), find_and_modify_pipeline_update.js (arrayFilters),
 * find_and_modify_hint.js (failedHintTest).
 */
import { describe, expect, it } from 'vitest';
import { jsShell, lit, type JsShell } from './statement-shell.js';

function setup(): JsShell {
  const s = jsShell();
  s.js('db.c.insertOne({_id: 0})');
  s.js('db.c.insertOne({_id: 1})');
  return s;
}

const fam = (s: JsShell, args: string) => s.js(`db.runCommand({findAndModify: "c", ${args}})`);
const famFails = (s: JsShell, args: string) => {
  const e = s.fails(`db.runCommand({findAndModify: "c", ${args}})`);
  return [e.code, e.message];
};
/** The reply of an update that matched: `{lastErrorObject: {n: 1, updatedExisting: true}, value, ok: 1}`. */
const updated = (value: string) =>
  lit(`{lastErrorObject: {n: 1, updatedExisting: true}, value: ${value}, ok: Double(1)}`);

describe('query, sort and fields: objects, or null for absent (find_and_modify_invalid_query_params.js)', () => {
  it('a valid query; null, missing and empty are all "match everything"', () => {
    const s = setup();
    expect(s.js(`db.c.findAndModify({query: {_id: 1}, update: {$set: {value: "basic"}}, new: true})`)).toBe(
      lit(`{_id: 1, value: 'basic'}`),
    );
    expect(fam(s, `query: null, update: {value: 2}, new: true`)).toBe(updated(`{_id: 0, value: 2}`));
    expect(fam(s, `update: {$set: {value: "missingQuery"}}, new: true`)).toBe(
      updated(`{_id: 0, value: 'missingQuery'}`),
    );
    expect(fam(s, `query: {}, update: {$set: {value: "emptyQuery"}}, new: true`)).toBe(
      updated(`{_id: 0, value: 'emptyQuery'}`),
    );
  });

  it('sort: a valid one orders; null, missing and empty do not', () => {
    const s = setup();
    expect(fam(s, `sort: {_id: -1}, update: {$set: {value: "sort"}}, new: true`)).toBe(
      updated(`{_id: 1, value: 'sort'}`),
    );
    expect(fam(s, `sort: null, update: {value: 2}, new: true`)).toBe(updated(`{_id: 0, value: 2}`));
    expect(fam(s, `update: {$set: {value: "missingSort"}}, new: true`)).toBe(updated(`{_id: 0, value: 'missingSort'}`));
    expect(fam(s, `sort: {}, update: {$set: {value: "emptySort"}}, new: true`)).toBe(
      updated(`{_id: 0, value: 'emptySort'}`),
    );
  });

  it('fields: a projection projects; null, missing and empty return every field', () => {
    const s = setup();
    expect(fam(s, `fields: {_id: 0}, update: {$set: {value: "project"}}, new: true`)).toBe(
      updated(`{value: 'project'}`),
    );
    expect(fam(s, `fields: null, update: {value: 2}, new: true`)).toBe(updated(`{_id: 0, value: 2}`));
    expect(fam(s, `update: {$set: {value: "missingFields"}}, new: true`)).toBe(
      updated(`{_id: 0, value: 'missingFields'}`),
    );
    expect(fam(s, `fields: {}, update: {$set: {value: "emptyFields"}}, new: true`)).toBe(
      updated(`{_id: 0, value: 'emptyFields'}`),
    );
  });

  it.each([
    ['query', '1', 'int'],
    ['query', '"{_id: 1}"', 'string'],
    ['query', 'false', 'bool'],
    ['sort', '1', 'int'],
    ['sort', '"{_id: 1}"', 'string'],
    ['sort', 'false', 'bool'],
    ['fields', '1', 'int'],
    ['fields', '"{_id: 1}"', 'string'],
    ['fields', 'false', 'bool'],
  ])('%s: %s is TypeMismatch', (field, value, type) => {
    const s = setup();
    expect(famFails(s, `${field}: ${value}, update: {value: 2}`)).toEqual([
      14,
      `BSON field 'findAndModify.${field}' is the wrong type '${type}', expected type 'object'`,
    ]);
    expect(s.contents('c')).toBe(lit(`[{_id: 0}, {_id: 1}]`));
  });
});

describe('remove and its incompatible parameters (SERVER-16601)', () => {
  const both = [9, 'Cannot specify both an update and remove=true'];
  const upsert = [9, 'Cannot specify both upsert=true and remove=true '];
  const isNew = [9, "Cannot specify both new=true and remove=true; 'remove' always returns the deleted document"];

  it.each([
    ['update: {value: 2}, remove: true', both],
    ['query: {_id: 1}, upsert: true, remove: true', upsert],
    ['new: true, remove: true', isNew],
    ['update: {}, arrayFilters: [{"x.a": {$gt: 85}}], remove: true', both],
    ['arrayFilters: [{"x.a": {$gt: 85}}], remove: true', [9, 'Cannot specify arrayFilters and remove=true']],
    // find_and_modify.js: the update is checked first, whatever else is given.
    ['query: {x: 1}, update: {y: 2}, remove: true', both],
    ['query: {x: 1}, update: {y: 2}, remove: true, sort: {x: 1}', both],
    ['query: {x: 1}, update: {y: 2}, remove: true, upsert: true', both],
    ['query: {x: 1}, update: {y: 2}, new: true, remove: true', both],
    ['query: {x: 1}, upsert: true, remove: true', upsert],
    ['query: {x: 1}, upsert: true, new: true, remove: true', upsert],
    ['query: {x: 1}', [9, 'Either an update or remove=true must be specified']],
    ['query: {x: 1}, remove: false', [9, 'Either an update or remove=true must be specified']],
  ])('%s', (args, expected) => {
    const s = setup();
    expect(famFails(s, args)).toEqual(expected);
    expect(s.contents('c')).toBe(lit(`[{_id: 0}, {_id: 1}]`));
  });

  it('false, 0 and 0.0 are "not set"; 1 and 1.0 are "set" (safe booleans)', () => {
    const s = jsShell();
    s.js('db.c.insertOne({_id: 0})');
    expect(fam(s, `update: {value: "newVal"}, new: true, remove: false`)).toBe(updated(`{_id: 0, value: 'newVal'}`));
    expect(fam(s, `update: {value: "newerVal"}, new: false, remove: 0`)).toBe(updated(`{_id: 0, value: 'newVal'}`));
    expect(fam(s, `query: {_id: 1}, update: {value: "newerVal"}, new: 1, remove: false, upsert: 1`)).toBe(
      lit(
        `{lastErrorObject: {n: 1, updatedExisting: false, upserted: 1}, value: {_id: 1, value: 'newerVal'}, ok: Double(1)}`,
      ),
    );
    expect(fam(s, `update: {value: "newestVal"}, new: false, arrayFilters: [{"x.a": {$gt: 85}}], remove: 0.0`)).toBe(
      updated(`{_id: 0, value: 'newerVal'}`),
    );
    expect(fam(s, `query: {_id: 2}, update: {value: "newVal"}, new: false, remove: false, upsert: true`)).toBe(
      lit(`{lastErrorObject: {n: 1, updatedExisting: false, upserted: 2}, value: null, ok: Double(1)}`),
    );
    expect(s.contents('c')).toBe(
      lit(`[{_id: 0, value: 'newestVal'}, {_id: 1, value: 'newerVal'}, {_id: 2, value: 'newVal'}]`),
    );
  });

  it.each([
    ['remove', '"yes"', 'string'],
    ['new', '"a"', 'string'],
    ['upsert', '{}', 'object'],
  ])('%s: %s is TypeMismatch', (field, value, type) => {
    const s = setup();
    expect(famFails(s, `query: {}, update: {$set: {a: 1}}, ${field}: ${value}`)).toEqual([
      14,
      `BSON field 'findAndModify.${field}' is the wrong type '${type}', expected types '[bool, long, int, decimal, double]'`,
    ]);
  });
});

describe('pipeline updates and hints', () => {
  it('a pipeline update refuses arrayFilters, through the command and the shell helper', () => {
    const s = setup();
    const refused = [9, 'Cannot specify arrayFilters and a pipeline update'];
    expect(famFails(s, `update: [], arrayFilters: [{"x.a": {$gt: 85}}]`)).toEqual(refused);
    const e = s.fails(`db.c.findAndModify({query: {_id: 1}, update: [{$set: {y: 1}}], arrayFilters: [{"i.x": 4}]})`);
    expect([e.code, e.message]).toEqual(refused);
    expect(s.contents('c')).toBe(lit(`[{_id: 0}, {_id: 1}]`));
  });

  it.each([['1'], ['true']])('hint: %s is FailedToParse', (hint) => {
    const s = setup();
    expect(famFails(s, `query: {_id: 0}, update: {value: "usedHint"}, hint: ${hint}`)).toEqual([
      9,
      'Hint must be a string or an object',
    ]);
  });

  it('a hint naming no index is BadValue', () => {
    const s = setup();
    const [code, message] = famFails(s, `query: {_id: 1}, update: {$set: {y: 1}}, hint: {badHint: 1}`);
    expect(code).toBe(2);
    expect(message).toMatch(
      /planner returned error :: caused by :: hint provided does not correspond to an existing index$/,
    );
  });

  it('a hint by name or by key pattern is used with safe-boolean flags', () => {
    const s = jsShell();
    s.js('db.c.insertOne({_id: 0})');
    s.js(`db.c.createIndex({value: 1}, {name: 'value'})`);
    expect(fam(s, `query: {_id: 0}, update: {value: "usedHint"}, new: 1.0, hint: "value", remove: 0.0`)).toBe(
      updated(`{_id: 0, value: 'usedHint'}`),
    );
    expect(
      fam(s, `query: {_id: 0, value: "usedHint"}, update: {value: "newValue"}, new: 0, hint: {_id: 1}, remove: 0`),
    ).toBe(updated(`{_id: 0, value: 'usedHint'}`));
    expect(s.contents('c')).toBe(lit(`[{_id: 0, value: 'newValue'}]`));
  });
});
