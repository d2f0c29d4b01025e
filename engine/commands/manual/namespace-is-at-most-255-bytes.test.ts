/**
 * Manual: reference/limits, "Namespace Length": the fully qualified namespace
 * (`<database>.<collection>`) may be at most 255 bytes. Server: insert.cpp `userAllowedCreateNS`
 * (create, and every write through `userAllowedWriteNS`): after the system-namespace check, a
 * normal collection whose namespace is longer than `NamespaceString::MaxNsCollectionLen` (255) is
 * 73 "Fully qualified namespace is too long. Namespace: <ns> Max: 255", counted in UTF-8 bytes;
 * then a name holding ".system." is 2 "Invalid namespace: <ns>".
 */
import { describe, expect, test } from 'vitest';
import { manual } from './harness.js';

function tooLong(coll: string): string {
  return `{"ok":0.0,"errmsg":"Fully qualified namespace is too long. Namespace: test.${coll} Max: 255","code":73,"codeName":"InvalidNamespace"}`;
}

describe('a namespace is at most 255 bytes (reference/limits)', () => {
  test('250 bytes of collection name under "test." fit; one more byte is 73 for create and insert', () => {
    const m = manual();
    expect(m.cmd(`{"create": "${'b'.repeat(250)}"}`)).toBe('{"ok":1.0}');
    expect(m.cmd(`{"create": "${'c'.repeat(251)}"}`)).toBe(tooLong('c'.repeat(251)));
    expect(m.cmd(`{"insert": "${'d'.repeat(251)}", "documents": [{}]}`)).toBe(tooLong('d'.repeat(251)));
    expect(m.cmd('{"listCollections": 1, "nameOnly": true}')).toBe(
      `{"cursor":{"id":0,"ns":"test.$cmd.listCollections","firstBatch":[{"name":"${'b'.repeat(250)}","type":"collection"}]},"ok":1.0}`,
    );
  });

  test('bytes, not characters: 126 "é" (252 bytes) are refused', () => {
    expect(manual().cmd(`{"create": "${'é'.repeat(126)}"}`)).toBe(tooLong('é'.repeat(126)));
    expect(manual().cmd(`{"create": "${'é'.repeat(125)}"}`)).toBe('{"ok":1.0}');
  });

  test('a name holding ".system." is 2 "Invalid namespace"; system. at the start stays 73', () => {
    const m = manual();
    expect(m.cmd('{"insert": "a.system.b", "documents": [{}]}')).toBe(
      '{"ok":0.0,"errmsg":"Invalid namespace: test.a.system.b","code":2,"codeName":"BadValue"}',
    );
    expect(m.cmd('{"create": "system.x"}')).toBe(
      '{"ok":0.0,"errmsg":"Invalid system namespace: test.system.x","code":73,"codeName":"InvalidNamespace"}',
    );
  });
});
