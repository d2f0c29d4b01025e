import { test } from 'vitest';
import { stringifyEJSON } from './bson/ejson.js';
import { run, testEngine } from './commands/testing.js';

const cases: [string, string][] = JSON.parse(process.env.PROBE ?? '[]');
test('probe', () => {
  for (const [doc, u] of cases) {
    const e = testEngine();
    run(e, 'test', `{"insert": "c", "documents": [${doc}]}`);
    let out: string;
    try {
      const r = run(e, 'test', `{"update": "c", "updates": [{"q": {}, "u": ${u}}]}`);
      const f = run(e, 'test', `{"find": "c"}`);
      out = stringifyEJSON(r, { relaxed: true }) + ' => ' + stringifyEJSON((f.get('cursor') as Map<string, unknown>).get('firstBatch') as never, { relaxed: false });
    } catch (err) {
      out = 'THROW ' + String((err as { code?: number }).code) + ' ' + String((err as Error).message);
    }
    console.log(`${u}\n   -> ${out}`);
  }
});
