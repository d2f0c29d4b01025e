import { describe, expect, it } from 'vitest';
import { normaliseOutput } from './mongosh-compare.js';

describe('normaliseOutput (mongosh vs our shell)', () => {
  it('reads a multi-line server message and drops the errInfo our shell appends', () => {
    const mongosh = JSON.stringify({
      name: 'MongoServerError',
      message: 'error processing query: ns=test.c\nSort: {}\n planner returned error',
      stack: 'MongoServerError: …',
      code: 2,
    });
    expect(normaliseOutput(mongosh)).toBe(
      normaliseOutput(
        'MongoServerError[BadValue]: error processing query: ns=test.c\nSort: {}\n planner returned error',
      ),
    );
    expect(
      normaliseOutput(
        'MongoServerError[DocumentValidationFailure]: Document failed validation\nAdditional information: { failingDocumentId: 2 }',
      ),
    ).toBe('error MongoServerError: Document failed validation');
  });

  it('compares JSON as data with generated values replaced, and keeps real differences', () => {
    expect(normaliseOutput('{"ok": 1.0, "_id": {"$oid": "65a0f0f0f0f0f0f0f0f0f0f0"}}')).toBe(
      normaliseOutput('{\n  "ok": 1,\n  "_id": {\n    "$oid": "75a0f0f0f0f0f0f0f0f0f0f0"\n  }\n}'),
    );
    expect(normaliseOutput('{"n": 1}')).not.toBe(normaliseOutput('{"n": 2}'));
  });
});
