import { describe, expect, it } from 'vitest';
import type { ShellStatementReply } from '../../engine/worker/protocol.js';
import { markersFor, positionOf } from './markers.js';

function runWith(
  statement: Partial<ShellStatementReply> & Pick<ShellStatementReply, 'error' | 'range'>,
): ShellStatementReply[] {
  return [{ index: 0, source: '', warnings: [], kind: 'error', printed: '', ...statement }];
}

const range = (text: string) => ({
  startOffset: 0,
  endOffset: text.length,
  startLine: 1,
  startColumn: 1,
  endLine: 1,
  endColumn: text.length + 1,
});

describe('markersFor', () => {
  it('puts a syntax error at the parser position', () => {
    const script = 'db.c.updateOne({a: 1}, {$set: {b: }})';
    const markers = markersFor(
      script,
      runWith({
        range: range(script),
        error: { name: 'SyntaxError', message: 'Unexpected token', display: '', line: 1, column: 35 },
      }),
    );
    expect(markers).toEqual([
      { startLine: 1, startColumn: 35, endLine: 1, endColumn: 36, message: 'SyntaxError: Unexpected token' },
    ]);
  });

  it('finds the conflicting path a server error names', () => {
    const script = 'db.c.updateOne({}, {$set: {a: 1},\n  $inc: {"a.b": 2}})';
    const message = "Updating the path 'a.b' would create a conflict at 'a'";
    const [marker] = markersFor(
      script,
      runWith({
        range: range(script),
        error: { name: 'MongoServerError', message, display: '', code: 40, codeName: 'ConflictingUpdateOperators' },
      }),
    );
    expect(marker).toMatchObject({ startLine: 2, startColumn: 10, endLine: 2, endColumn: 15 });
  });

  it('finds an unused arrayFilters identifier', () => {
    const script = 'db.c.updateOne({}, {$set: {x: 1}}, {arrayFilters: [{i: 0}]})';
    const message = "The array filter for identifier 'i' was not used in the update { $set: { x: 1 } }";
    const [marker] = markersFor(
      script,
      runWith({
        range: range(script),
        error: { name: 'MongoServerError', message, display: '', code: 9, codeName: 'FailedToParse' },
      }),
    );
    expect(marker?.startColumn).toBe(script.indexOf('i: 0') + 1);
  });

  it('puts a warning on an option with no effect, after the errors, in the second statement', () => {
    const script = 'db.c.find()\ndb.c.updateOne({}, {$set: {x: 1}}, {upsert: "true"})';
    const start = script.indexOf('db.c.updateOne');
    const source = script.slice(start);
    const at = source.indexOf('"true"');
    const statements: ShellStatementReply[] = [
      {
        index: 1,
        source,
        warnings: [],
        kind: 'result',
        printed: '',
        range: {
          startOffset: start,
          endOffset: script.length,
          startLine: 2,
          startColumn: 1,
          endLine: 2,
          endColumn: 1,
        },
        notices: [
          {
            option: 'upsert',
            message: 'upsert must be a boolean',
            suggestion: 'Write upsert: true',
            start: at,
            end: at + 6,
          },
        ],
      },
    ];
    expect(markersFor(script, statements)).toEqual([
      {
        startLine: 2,
        startColumn: at + 1,
        endLine: 2,
        endColumn: at + 7,
        message: 'upsert must be a boolean\nWrite upsert: true',
        severity: 'warning',
      },
    ]);
  });

  it('converts offsets to 1-based positions', () => {
    expect(positionOf('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});
