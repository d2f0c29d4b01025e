/**
 * Prints the share link's length for every gallery example, in the format older pages wrote
 * (1: JSON + deflate) and the one written today (2: text frame + deflate with a dictionary),
 * with median and maximum. `npx tsx scripts/share-link-lengths.ts [base-url]`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadScenarioGallery } from '../web/scenarios/load.js';
import { encodeV1Json } from '../web/share/codec-v1.js';
import { encodeState } from '../web/share/codec.js';
import { galleryShareStates } from '../web/share/gallery-states.js';

const base = process.argv[2] ?? 'http://localhost:5173/';
const path = fileURLToPath(new URL('../public/examples/scenarios.json', import.meta.url));
const states = galleryShareStates(loadScenarioGallery(readFileSync(path, 'utf8')));

const rows: { id: string; v1: number; v2: number }[] = [];
for (const { id, state } of states) {
  const v1 = `${base}#s=${await encodeV1Json(JSON.stringify(state))}`.length;
  const v2 = `${base}#s=${await encodeState(state)}`.length;
  rows.push({ id, v1, v2 });
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid]! : Math.round((s[mid - 1]! + s[mid]!) / 2);
};
const width = Math.max(...rows.map((r) => r.id.length), 'example'.length);
console.log(`link length in characters, base ${base} (${base.length} characters)\n`);
console.log(`${'example'.padEnd(width)}  format 1  format 2  shorter by`);
for (const r of rows) {
  const saved = `${Math.round((100 * (r.v1 - r.v2)) / r.v1)}%`;
  console.log(`${r.id.padEnd(width)}  ${String(r.v1).padStart(8)}  ${String(r.v2).padStart(8)}  ${saved.padStart(10)}`);
}
const v1 = rows.map((r) => r.v1);
const v2 = rows.map((r) => r.v2);
console.log(`\n${rows.length} examples`);
console.log(`${'median'.padEnd(width)}  ${String(median(v1)).padStart(8)}  ${String(median(v2)).padStart(8)}`);
console.log(`${'max'.padEnd(width)}  ${String(Math.max(...v1)).padStart(8)}  ${String(Math.max(...v2)).padStart(8)}`);
