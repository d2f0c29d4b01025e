/** Extended mode (`x`): the white space and `#` comments PCRE2 skips between pattern items. */
import type { Scanner } from './scanner.js';
import type { CharPred } from './unicode.js';

/** Skips Pattern_White_Space and `#` comments (to the next newline of the pattern's convention). */
export function skipExtendedSpace(sc: Scanner, notNewline: CharPred): void {
  for (;;) {
    const c = sc.peek();
    if (c === 32 || (c >= 9 && c <= 13) || c === 0x85 || c === 0x200e || c === 0x200f || c === 0x2028 || c === 0x2029) {
      sc.next();
      continue;
    }
    if (c === 35) {
      while (!sc.done && notNewline(sc.peek())) sc.next();
      continue;
    }
    return;
  }
}
