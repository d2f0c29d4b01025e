/**
 * Harness for the ports of MongoDB's regular-expression tests (`src/mongo/util/pcre_test.cpp`,
 * `pcre_util_test.cpp`, `jstests/core/query/regex/*.js`): a real engine driven as a jstest drives
 * the server — mongosh statements through the engine's shell (regex literals `/…/i` included), or
 * command documents as Extended JSON — and answers read back as canonical Extended JSON.
 * @internal
 */
import { stringifyEJSON } from '../../bson/ejson.js';
import type { Doc } from '../../bson/values.js';
import { JsShell, x } from '../../commands/jstests/shell-harness.js';

export { x };

/** Extended JSON text of a BSON regular expression (options as given, unsorted). */
export function re(pattern: string, options = ''): string {
  return `{"$regularExpression": {"pattern": ${JSON.stringify(pattern)}, "options": ${JSON.stringify(options)}}}`;
}

export class RegexLab {
  readonly sh = new JsShell();
  private indexCount = 0;

  /** Drops `coll` and inserts the documents (Extended JSON array text). */
  fill(coll: string, docs: string): this {
    this.sh.command(`{"drop": "${coll}"}`);
    this.sh.command(`{"insert": "${coll}", "documents": ${docs}}`);
    return this;
  }

  index(coll: string, key: string, options = ''): this {
    const reply = this.sh.command(
      `{"createIndexes": "${coll}", "indexes": [{"key": ${key}, "name": "ix${++this.indexCount}"${options}}]}`,
    );
    if (reply.get('ok') !== 1) throw new Error(stringifyEJSON(reply));
    return this;
  }

  /** The documents a `find` returns (canonical Extended JSON array); `extra` adds command fields. */
  find(coll: string, filter: string, extra = ''): string {
    const reply = this.ok(`{"find": "${coll}", "filter": ${filter}, "batchSize": 1000${extra}}`);
    return stringifyEJSON((reply.get('cursor') as Doc).get('firstBatch')!);
  }

  /** The `_id`s a `find` returns, sorted by `_id`. */
  ids(coll: string, filter: string, extra = ''): number[] {
    const reply = this.ok(`{"find": "${coll}", "filter": ${filter}, "sort": {"_id": 1}, "batchSize": 1000${extra}}`);
    return ((reply.get('cursor') as Doc).get('firstBatch') as Doc[]).map((d) => Number(d.get('_id')?.valueOf()));
  }

  /** `count` of the filter (the command's `n`). */
  count(coll: string, filter: string): number {
    return Number(this.ok(`{"count": "${coll}", "query": ${filter}}`).get('n'));
  }

  /** Runs a command that must succeed. */
  ok(command: string): Doc {
    const reply = this.sh.command(command);
    if (reply.get('ok') !== 1) throw new Error(`${command}: ${stringifyEJSON(reply)}`);
    return reply;
  }

  /** The `{code, errmsg}` of a command that must fail (a top-level error or the first write error). */
  error(command: string): { code: number; errmsg: string } {
    const reply = this.sh.command(command);
    const we = reply.get('writeErrors') as Doc[] | undefined;
    const src = we?.[0] ?? reply;
    if (reply.get('ok') === 1 && !we) throw new Error(`${command}: no error`);
    return { code: Number(src.get('code')), errmsg: String(src.get('errmsg')) };
  }

  /** Runs mongosh statements and returns the last value as canonical Extended JSON. */
  shell(script: string): string {
    return this.sh.ejson(script);
  }
}

/** Runs `check` on the collection as the jstest does: first without an index, then with `key` indexed. */
export function withAndWithoutIndex(lab: RegexLab, coll: string, key: string, check: (phase: string) => void): void {
  check('no index');
  lab.index(coll, key);
  check('with index');
}
