import { Binary, Int32, Long } from 'bson';
import { describe, expect, it } from 'vitest';
import { parseEJSON } from '../engine/bson/ejson.js';
import type { Doc, Value } from '../engine/bson/values.js';
import type { MatchContext } from './matcher.js';
import { match, matchExact, matchWriteErrors } from './matcher.js';
import { compareVersions, requirementsUnmet } from './requirements.js';

const j = (text: string): Value => parseEJSON(text, { relaxed: false });
const lsid: Doc = new Map([['id', new Binary(new Uint8Array(16).fill(7), 4)]]);
const ctx: MatchContext = {
  entity: (id) => {
    if (id === 'saved') return 42;
    throw new Error(`unknown entity ${id}`);
  },
  sessionLsid: (id) => {
    if (id === 'session0') return lsid;
    throw new Error(`unknown session ${id}`);
  },
};

describe('match', () => {
  it('allows extra fields at the root only', () => {
    expect(match(j('{"x": 1}'), j('{"x": 1, "y": 2}'))).toBeNull();
    expect(match(j('{"x": {"a": 1}}'), j('{"x": {"a": 1, "b": 2}}'))).toBe('x.b: unexpected extra field Int32(2)');
    expect(match(j('{"x": 1, "y": 1}'), j('{"x": 1}'))).toBe('y: expected Int32(1), field is missing');
  });

  it('ignores key order', () => {
    expect(match(j('{"a": {"x": 1, "y": 2}}'), j('{"a": {"y": 2, "x": 1}}'))).toBeNull();
  });

  it('compares int32, int64 and double by value', () => {
    expect(match(1, new Int32(1))).toBeNull();
    expect(match(new Int32(1), Long.fromNumber(1))).toBeNull();
    expect(match(new Int32(1), 1.5)).toBe('<root>: expected Int32(1), got 1.5');
    expect(match('1', 1)).toBe('<root>: expected "1", got 1');
  });

  it('requires arrays of the same length, elements nested (no extra fields)', () => {
    expect(match(j('[1, 2]'), j('[1, 2, 3]'))).toBe(
      '<root>: expected 2 elements, got 3: [Int32(1), Int32(2), Int32(3)]',
    );
    expect(match(j('{"a": [{"x": 1}]}'), j('{"a": [{"x": 1, "y": 1}]}'))).toBe(
      'a.0.y: unexpected extra field Int32(1)',
    );
  });

  it('$$exists', () => {
    expect(match(j('{"w": {"$$exists": false}}'), j('{"x": 1}'))).toBeNull();
    expect(match(j('{"w": {"$$exists": false}}'), j('{"w": 1}'))).toBe('w: expected to be absent, got Int32(1)');
    expect(match(j('{"w": {"$$exists": true}}'), j('{"w": null}'))).toBeNull();
    expect(match(j('{"w": {"$$exists": true}}'), j('{}'))).toBe('w: expected to exist');
  });

  it('$$unsetOrMatches, also at the root with root semantics kept', () => {
    expect(match(j('{"u": {"$$unsetOrMatches": false}}'), j('{}'))).toBeNull();
    expect(match(j('{"u": {"$$unsetOrMatches": false}}'), j('{"u": false}'))).toBeNull();
    expect(match(j('{"u": {"$$unsetOrMatches": false}}'), j('{"u": true}'))).toBe('u: expected false, got true');
    expect(match(j('{"$$unsetOrMatches": {"a": 1}}'), j('{"a": 1, "b": 2}'))).toBeNull();
    expect(match(j('{"$$unsetOrMatches": {"a": 1}}'), undefined)).toBeNull();
  });

  it('$$type with names, arrays of names and the number alias', () => {
    expect(match(j('{"$$type": "int"}'), new Int32(1))).toBeNull();
    expect(match(j('{"$$type": ["int", "long"]}'), Long.fromNumber(3))).toBeNull();
    expect(match(j('{"$$type": "number"}'), 2.5)).toBeNull();
    expect(match(j('{"$$type": "long"}'), 2.5)).toBe('<root>: expected type "long", got double 2.5');
    expect(match(j('{"$$type": ["string", "object"]}'), j('{"a": 1}'))).toBeNull();
    expect(match(j('{"x": {"$$type": "string"}}'), j('{}'))).toBe('x: expected {$$type: "string"}, field is missing');
  });

  it('$$sessionLsid, $$matchesEntity, $$lte', () => {
    expect(match(j('{"lsid": {"$$sessionLsid": "session0"}}'), new Map([['lsid', lsid]]), ctx)).toBeNull();
    const other: Doc = new Map([['id', new Binary(new Uint8Array(16).fill(8), 4)]]);
    expect(match(j('{"lsid": {"$$sessionLsid": "session0"}}'), new Map([['lsid', other]]), ctx)).toMatch(
      /^lsid\.id: expected Binary/,
    );
    expect(match(j('{"$$matchesEntity": "saved"}'), new Int32(42), ctx)).toBeNull();
    expect(match(j('{"$$lte": 5}'), 5.0)).toBeNull();
    expect(match(j('{"$$lte": 5}'), 6)).toBe('<root>: expected <= Int32(5), got 6');
  });

  it('$$matchAsDocument (nested rules) and $$matchAsRoot', () => {
    expect(match(j('{"$$matchAsDocument": {"a": 1}}'), '{"a": 1}')).toBeNull();
    expect(match(j('{"$$matchAsDocument": {"a": 1}}'), '{"a": 1, "b": 1}')).toBe('b: unexpected extra field Int32(1)');
    expect(match(j('{"$$matchAsDocument": {"$$matchAsRoot": {"a": 1}}}'), '{"a": 1, "b": 1}')).toBeNull();
    expect(match(j('{"x": {"$$matchAsRoot": {"a": 1}}}'), j('{"x": {"a": 1, "b": 1}}'))).toBeNull();
  });
});

describe('matchExact (outcome)', () => {
  it('forbids extra fields everywhere but ignores key order', () => {
    expect(matchExact(j('[{"_id": 1, "x": 1}]'), j('[{"x": 1.0, "_id": 1}]'))).toBeNull();
    expect(matchExact(j('[{"_id": 1}]'), j('[{"_id": 1, "x": 1}]'))).toBe('0.x: unexpected extra field Int32(1)');
  });
});

describe('runOnRequirements at 8.0.0/replicaset', () => {
  it('compares versions numerically', () => {
    expect(compareVersions('8.0.0', '4.2.99')).toBe(1);
    expect(compareVersions('8.0.0', '8.0')).toBe(0);
    expect(compareVersions('8.0.0', '8.1.99')).toBe(-1);
  });
  it('is an OR of ANDs', () => {
    expect(requirementsUnmet(j('[{"minServerVersion": "4.4"}]'))).toBeNull();
    expect(requirementsUnmet(j('[{"maxServerVersion": "4.2.99"}]'))).toBe('maxServerVersion 4.2.99');
    expect(
      requirementsUnmet(j('[{"topologies": ["sharded"]}, {"topologies": ["replicaset"], "minServerVersion": "4.0"}]')),
    ).toBeNull();
    expect(requirementsUnmet(j('[{"topologies": ["single", "sharded"]}]'))).toBe('topologies single,sharded');
    expect(requirementsUnmet(j('[{"serverless": "forbid"}]'))).toBeNull();
    expect(requirementsUnmet(j('[{"auth": true}]'))).toBe('auth required');
    expect(requirementsUnmet(j('[{"minServerVersion": "8.2"}]'))).toBe('minServerVersion 8.2');
  });
});

describe('matchWriteErrors', () => {
  const actual = j('{"1": {"code": 17276, "message": "Use of undefined variable: id2"}}') as Doc;
  it('matches each write error as a root-level document', () => {
    expect(matchWriteErrors(j('{"1": {"code": 17276}}'), actual)).toBeNull();
    expect(matchWriteErrors(j('{"1": {"code": 2}}'), actual)).toBe('1.code: expected Int32(2), got Int32(17276)');
  });
  it('requires exactly the expected indexes', () => {
    expect(matchWriteErrors(j('{"0": {"code": 17276}}'), actual)).toBe('0: expected a write error, got none');
    expect(matchWriteErrors(j('{}'), actual)).toBe(
      '1: unexpected write error {code: Int32(17276), message: "Use of undefined variable: id2"}',
    );
  });
});
