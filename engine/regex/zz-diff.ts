import { readFileSync } from 'node:fs';
import { compilePcre, PcreCompileError, PcreMatchError, MAX_PATTERN_LENGTH } from './index.js';
void MAX_PATTERN_LENGTH;
const lines = readFileSync(0, 'utf8').split('\n').filter(Boolean);
function cpIndex(s: string, u: number): number {
  let n = 0;
  for (let k = 0; k < u; k++) {
    const c = s.charCodeAt(k);
    if (c >= 0xd800 && c < 0xdc00) k++;
    n++;
  }
  return n;
}
for (const line of lines) {
  const c = JSON.parse(line) as { p: string; o: string; s: string[] };
  let re;
  try {
    re = compilePcre(c.p, c.o);
  } catch (e) {
    if (e instanceof PcreCompileError) {
      console.log(JSON.stringify({ err: e.message }));
      continue;
    }
    console.log(JSON.stringify({ err: 'CRASH ' + String(e) }));
    continue;
  }
  const out: unknown[] = [];
  for (const s of c.s) {
    try {
      const m = re.exec(s, 0);
      if (!m) {
        out.push(null);
        continue;
      }
      let hi = 0;
      for (let g = 0; 2 * g < m.length; g++) if (m[2 * g]! >= 0) hi = g;
      const v: number[] = [];
      for (let g = 0; g <= Math.min(hi, 9); g++) {
        const a = m[2 * g]!,
          b = m[2 * g + 1]!;
        if (a < 0) v.push(-1, -1);
        else v.push(cpIndex(s, a), cpIndex(s, b));
      }
      out.push(v);
    } catch (e) {
      if (e instanceof PcreMatchError) out.push('E:' + e.message);
      else out.push('CRASH ' + String(e));
    }
  }
  console.log(JSON.stringify({ m: out }));
}
