import { describe, expect, it } from 'vitest';
import { LONG_LINK_CHARACTERS, linkLength } from './link-length.js';

describe('linkLength', () => {
  it('measures a link and flags one past the chat-tool limit', () => {
    expect(linkLength('https://x.org/#s=abc')).toEqual({ characters: 20, tooLong: false });
    const long = `https://x.org/#s=${'a'.repeat(LONG_LINK_CHARACTERS)}`;
    expect(linkLength(long)).toEqual({ characters: long.length, tooLong: true });
  });
});
