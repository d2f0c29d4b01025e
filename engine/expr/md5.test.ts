/** MD5 against RFC 1321's test suite (the hashed index keys of `$toHashedIndexKey` are MD5 digests). */
import { describe, expect, it } from 'vitest';
import { md5 } from './md5.js';

const hex = (s: string): string => Buffer.from(md5(new TextEncoder().encode(s))).toString('hex');

describe('md5', () => {
  it('RFC 1321 appendix A.5', () => {
    expect(hex('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(hex('a')).toBe('0cc175b9c0f1b6a831c399e269772661');
    expect(hex('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(hex('message digest')).toBe('f96b697d7cb7938d525a2f31aaf161d0');
    expect(hex('abcdefghijklmnopqrstuvwxyz')).toBe('c3fcd3d76192e4007dfb496cca67e13b');
    expect(hex('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789')).toBe(
      'd174ab98d277d9f5a5611c2c9f419d9f',
    );
    expect(hex('1234567890'.repeat(8))).toBe('57edf4a22be3c955ac49da2e2107b67a');
  });
});
