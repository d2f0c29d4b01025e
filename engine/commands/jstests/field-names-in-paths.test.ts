/**
 * Field names in update paths: numeric-looking names are names in objects and positions only in
 * arrays ("01", "00" and huge numbers are plain names); names sharing a prefix or sorting below
 * '.' do not clash; `$` may not start a top-level field name (DollarPrefixedFieldName, with the
 * DBRef names allowed only in an embedded DBRef) but may appear elsewhere; empty components are
 * refused (56); a numeric name under an
 * array that an index path reads through is ambiguous (16746).
 * From jstests/core/write/update/updatea.js, updated.js, updatee.js, updateg.js, updatek.js,
 * updateh.js and update_numeric_field_name.js.
 */
import { describe, expect, it } from 'vitest';
import { JsShell, x } from './shell-harness.js';

const ok = x('{"nMatched": 1, "nUpserted": 0, "nModified": 1}');
const PLAN = 'Plan executor error during update :: caused by :: ';

function failed(code: number, errmsg: string): string {
  return x(
    `{"nMatched": 0, "nUpserted": 0, "nModified": 0, "writeError": {"code": ${code}, "errmsg": ${JSON.stringify(errmsg)}}}`,
  );
}

describe('numeric components address array elements (updatea.js, updated.js)', () => {
  it('$set, $unset, $inc and $push through "a.0" / "a.1"', () => {
    const sh = new JsShell();
    sh.value('db.t.insertOne({_id: 1, a: [{x: 1, y: 2}, {x: 10, y: 11}]})');
    expect(sh.ejson('db.t.update({}, {$set: {"a.0.x": 3}})')).toBe(ok);
    expect(sh.ejson('db.t.update({}, {$set: {"a.1.z": 17}})')).toBe(ok);
    expect(sh.ejson('db.t.update({}, {$unset: {"a.1.y": 1}})')).toBe(ok);
    expect(sh.docs('t')).toBe(x('[{"_id": 1, "a": [{"x": 3, "y": 2}, {"x": 10, "z": 17}]}]'));

    sh.value('db.c.insertOne({_id: 1, comments: [{name: "blah", rate_up: 0, rate_ups: []}]})');
    sh.value('db.c.update({}, {$inc: {"comments.0.rate_up": 1}, $push: {"comments.0.rate_ups": 99}})');
    expect(sh.docs('c')).toBe(x('[{"_id": 1, "comments": [{"name": "blah", "rate_up": 1, "rate_ups": [99]}]}]'));

    sh.value('db.n.insertOne({_id: 1, a: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]})');
    sh.value('db.n.update({}, {$inc: {"a.0": 1}})');
    sh.value('db.n.update({}, {$inc: {"a.10": 1}})');
    expect(sh.docs('n')).toBe(x('[{"_id": 1, "a": [1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 11]}]'));
  });

  it('$set of whole elements and $inc inside one (updated.js)', () => {
    const sh = new JsShell();
    sh.value('db.t.insertOne({_id: 0.5, items: [null, null, null, null]})');
    sh.value('db.t.update({}, {$set: {"items.0": {amount: 9000, itemId: 1}}})');
    expect(sh.docs('t')).toBe(x('[{"_id": 0.5, "items": [{"amount": 9000, "itemId": 1}, null, null, null]}]'));
    sh.value('db.t.update({}, {$inc: {"items.0.amount": 1000}, $set: {"items.1": {amount: 1, itemId: 2}}})');
    expect(sh.docs('t')).toBe(
      x('[{"_id": 0.5, "items": [{"amount": 10000, "itemId": 1}, {"amount": 1, "itemId": 2}, null, null]}]'),
    );
  });

  it('a new field whose name extends an existing one (updatea.js, SERVER-3218)', () => {
    const sh = new JsShell();
    sh.value('db.t.insertOne({_id: 1, a: {c00: 1}, c: 2})');
    expect(sh.ejson('db.t.update({c: 2}, {$inc: {"a.c000": 1}})')).toBe(ok);
    expect(sh.docs('t')).toBe(x('[{"_id": 1, "a": {"c00": 1, "c000": 1}, "c": 2}]'));
  });
});

describe('numeric-looking names in objects are plain names (updatee.js, updatek.js)', () => {
  it('leading zeros and numbers past 64 bits', () => {
    const sh = new JsShell();
    sh.value(
      'db.t.insertOne({_id: 1, actual: {key1: "val1", key2: "val2", "001": "val3", "002": "val4", "0020000000000000000000": "val5"}, "profile-id": "test"})',
    );
    for (const update of [
      '{$set: {"actual.0030000000000000000000": "val6"}}',
      '{$set: {"actual.02": "v4"}}',
      '{$set: {"actual.2139043290148390248219423941.b": 4}}',
      '{$set: {"7213647182934612837492342341": 1}}',
      '{$set: {"7213647182934612837492342342": 2}}',
      '{$set: {"actual.000": "val000"}}',
      '{$set: {"actual.00": "val00"}}',
      '{$set: {"actual.01": "val01"}}',
    ]) {
      expect(sh.ejson(`db.t.update({_id: 1}, ${update})`)).toBe(ok);
    }
    expect(sh.ejson('db.t.update({_id: 1}, {$set: {"actual.000": "val000"}})')).toBe(
      x('{"nMatched": 1, "nUpserted": 0, "nModified": 0}'),
    );
    const final = x(
      '[{"_id": 1, "actual": {"key1": "val1", "key2": "val2", "001": "val3", "002": "val4", "0020000000000000000000": "val5", "0030000000000000000000": "val6", "02": "v4", "2139043290148390248219423941": {"b": 4}, "000": "val000", "00": "val00", "01": "val01"}, "profile-id": "test", "7213647182934612837492342341": 1, "7213647182934612837492342342": 2}]',
    );
    expect(sh.docs('t')).toBe(final);

    // "shouldn't work, but shouldn't do anything too heinous, either"
    for (const path of ['0..', '0..0', '.0', '..0', '0.0..0']) {
      expect(sh.ejson(`db.t.update({_id: 1}, {$set: {"${path}": "val01"}})`)).toBe(
        failed(56, `The update path '${path}' contains an empty field name, which is not allowed.`),
      );
    }
    expect(sh.docs('t')).toBe(final);
  });

  it('"1" and "01" are different fields (updatek.js)', () => {
    const sh = new JsShell();
    sh.value('db.t.insertOne({_id: 0, "1": {}, "01": {}})');
    sh.value('db.t.update({}, {$set: {"1.b": 1, "1.c": 2}})');
    expect(sh.docs('t')).toBe(x('[{"_id": 0, "1": {"b": 1, "c": 2}, "01": {}}]'));
    sh.value('db.t.deleteMany({})');
    sh.value('db.t.insertOne({_id: 0, "1": {}, "01": {}})');
    sh.value('db.t.update({}, {$set: {"1.b": 1, "01.c": 2}})');
    expect(sh.docs('t')).toBe(x('[{"_id": 0, "1": {"b": 1}, "01": {"c": 2}}]'));
  });
});

describe('names sorting below "." do not clash with dotted paths (updateg.js)', () => {
  it.each([
    ['an upsert', null, '{"all": {"t": 1}, "all-copy": {"t": 1}}'],
    ['an update', '{all: {}, "all-copy": {}}', '{"all": {"t": 1}, "all-copy": {"t": 1}}'],
  ])('%s of "all.t" and "all-copy.t"', (_name, doc, expected) => {
    const sh = new JsShell();
    if (doc !== null) sh.value(`db.t.insertOne(${doc})`);
    sh.value(`db.t.update({}, {$inc: {"all.t": 1, "all-copy.t": 1}}${doc === null ? ', {upsert: true}' : ''})`);
    expect(sh.ejson('db.t.find({}, {_id: 0}).toArray()')).toBe(x(`[${expected}]`));
    expect(sh.value('db.t.count({all: {t: 1}, "all-copy": {t: 1}})')).toBe(1);
  });

  it('"all11.t" and "all2.t"', () => {
    const sh = new JsShell();
    sh.value('db.t.insertOne({all11: {}, all2: {}})');
    sh.value('db.t.update({}, {$inc: {"all11.t": 1, "all2.t": 1}})');
    expect(sh.value('db.t.count({all11: {t: 1}, all2: {t: 1}})')).toBe(1);
  });
});

// updatea.js's last case expects 10396001 "Field paths cannot contain more than 255 '.'"
// (SERVER-103960, FieldRef::appendParsedPart): a limit newer than 8.0.0, whose FieldRef has none.
// 8.0.0 refuses that path for its empty components; long paths fail by depth (large-inputs.test.ts).
describe('256 dots in 8.0.0 (updatea.js, before SERVER-103960)', () => {
  it('fail as empty field names (56)', () => {
    const sh = new JsShell();
    sh.value('db.t.insertMany([{_id: 1, a: 1}, {_id: 2, b: 1}])');
    const longPath = '.'.repeat(256);
    expect(sh.ejson(`db.t.update({a: 1}, {$set: {"${longPath}": "y"}})`)).toBe(
      failed(56, `The update path '${longPath}' contains an empty field name, which is not allowed.`),
    );
  });
});

describe('"$" at the start of a top-level field name (updateh.js)', () => {
  const dollar = (name: string) =>
    failed(
      52,
      `${PLAN}The dollar ($) prefixed field '${name}' in '${name}' is not allowed in the context of an update's replacement document. Consider using an aggregation pipeline with $replaceWith.`,
    );

  it.each([
    ['{$set: {$z: 1}}', '$z'],
    ['{$inc: {$z: 1}}', '$z'],
    ['{$set: {$$$: 1}}', '$$$'],
    ['{$set: {"$secret.agent.x": 1}}', '$secret'],
    ['{$set: {$reffoo: 1}}', '$reffoo'],
    ['{$set: {$idbar: 1}}', '$idbar'],
    ['{$set: {$dbbaz: 1}}', '$dbbaz'],
  ])('%s is refused (DollarPrefixedFieldName)', (update, name) => {
    const sh = new JsShell();
    sh.value('db.t.insertOne({_id: 0, n: 0})');
    expect(sh.ejson(`db.t.update({n: 0}, ${update})`)).toBe(dollar(name));
    expect(sh.docs('t')).toBe(x('[{"_id": 0, "n": 0}]'));
  });

  it('is allowed below the top level and anywhere but the start', () => {
    const sh = new JsShell();
    sh.value('db.t.insertOne({_id: 0, n: 0})');
    for (const update of [
      '{$set: {"a.$b": 1}}',
      '{$set: {c: {$z: 1}}}',
      '{$set: {"sneaky.$x": 1}}',
      '{$set: {"secret.agent$.$x": 1}}',
      '{$set: {"secret2.agent$": 1}}',
      '{$set: {x: {$ref: "1", $id: 1, $db: "1"}}}',
      '{$set: {ke$sha: 1}}',
      '{$set: {more$$moreproblem$: 1}}',
    ]) {
      expect(sh.ejson(`db.t.update({n: 0}, ${update})`)).toBe(ok);
    }
    expect(sh.docs('t')).toBe(
      x(
        '[{"_id": 0, "n": 0, "a": {"$b": 1}, "c": {"$z": 1}, "sneaky": {"$x": 1}, "secret": {"agent$": {"$x": 1}}, "secret2": {"agent$": 1}, "x": {"$ref": "1", "$id": 1, "$db": "1"}, "ke$sha": 1, "more$$moreproblem$": 1}]',
      ),
    );
  });
});

describe('ambiguous numeric field under an indexed array path (update_numeric_field_name.js)', () => {
  it('"a.0.0" and "a.0.0.b" fail with 16746 and leave document and index as they were', () => {
    const sh = new JsShell();
    sh.value('db.t.insertOne({_id: 0, a: [{}]})');
    sh.value('db.t.createIndex({"a.0.c": 1})');
    expect(sh.ejson('db.t.update({_id: 0}, {$set: {"a.0.0": 1}})')).toBe(
      failed(
        16746,
        `${PLAN}Ambiguous field name found in array (do not use numeric field names in embedded elements in an array), field: '0' for array: { 0: { 0: 1 } }`,
      ),
    );
    expect(sh.ejson('db.t.update({_id: 0}, {$set: {"a.0.0.b": 1}})')).toBe(
      failed(
        16746,
        `${PLAN}Ambiguous field name found in array (do not use numeric field names in embedded elements in an array), field: '0' for array: { 0: { 0: { b: 1 } } }`,
      ),
    );
    expect(sh.ejson('db.t.find({"a.0.c": null}).hint({"a.0.c": 1}).toArray()')).toBe(x('[{"_id": 0, "a": [{}]}]'));
    expect(sh.ejson('db.t.update({_id: 0}, {$set: {"a.1.b.0.0": 1}})')).toBe(ok);
    expect(sh.docs('t')).toBe(x('[{"_id": 0, "a": [{}, {"b": {"0": {"0": 1}}}]}]'));
    expect(sh.ejson('db.t.find({"a.0.c": null}).hint({"a.0.c": 1}).toArray()')).toBe(
      x('[{"_id": 0, "a": [{}, {"b": {"0": {"0": 1}}}]}]'),
    );
  });
});
