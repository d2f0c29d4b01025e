import { describe, expect, it } from 'vitest';
import { codeNameOf, EngineError } from './errors.js';

// The codeName of a code is its name in src/mongo/base/error_codes.yml, whoever raises it (the
// engine, or a failCommand fail point answering with any code).
describe('codeName per error_codes.yml', () => {
  it('names the codes the table had wrong', () => {
    expect(codeNameOf(51)).toBe('ManualInterventionRequired');
    expect(codeNameOf(161)).toBe('IncompatibleCollationVersion');
    expect(codeNameOf(174)).toBe('TransportSessionUnknown');
    expect(codeNameOf(244)).toBe('NOT_YET_AVAILABLE_TransactionAborted');
    expect(codeNameOf(246)).toBe('SnapshotUnavailable');
    expect(codeNameOf(251)).toBe('NoSuchTransaction');
  });

  it('names the retryable and interruption codes a failCommand fail point may return', () => {
    const names: [number, string][] = [
      [24, 'LockTimeout'],
      [89, 'NetworkTimeout'],
      [91, 'ShutdownInProgress'],
      [150, 'StaleEpoch'],
      [234, 'RetryChangeStream'],
      [262, 'ExceededTimeLimit'],
      [267, 'PreparedTransactionInProgress'],
      [9001, 'SocketException'],
      [11601, 'Interrupted'],
      [11602, 'InterruptedDueToReplStateChange'],
      [13388, 'StaleConfig'],
      [13435, 'NotPrimaryNoSecondaryOk'],
      [13436, 'NotPrimaryOrSecondary'],
      [10334, 'BSONObjectTooLarge'],
    ];
    for (const [code, name] of names) expect([code, codeNameOf(code)]).toEqual([code, name]);
    expect(new EngineError(11601, 'x').codeName).toBe('Interrupted');
  });
});
