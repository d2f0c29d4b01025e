/**
 * What a statement's header says beyond its counts: the simulation label, its error and errInfo,
 * "did not run", a write concern error badge, a version note, a note where the engine only
 * approximates the server, an uncommitted transaction, or that nothing matched.
 */
import type { ReactNode } from 'react';
import type { StatementHead } from '../../../engine/worker/protocol.js';

export function StatementNotes({ statement }: { statement: StatementHead }): ReactNode {
  return (
    <>
      {statement.simulatedClient !== undefined ? (
        <p className="muted simulation-note" data-testid="diff-simulation">
          A simulation of two clients upserting at the same moment (upsertRace exists only in Upsert Lab; MongoDB has no
          such command). Exported scripts run the two operations as two real clients.
        </p>
      ) : null}
      {statement.error !== undefined ? <p className="statement-error">{statement.error.errmsg}</p> : null}
      {statement.errInfo !== undefined ? (
        <details className="err-info" data-testid="diff-errinfo" open>
          <summary>errInfo: why the server refused it</summary>
          <pre className="code" tabIndex={0}>
            {statement.errInfo}
          </pre>
        </details>
      ) : null}
      {statement.notReached !== undefined ? (
        <p className="statement-error" data-testid="diff-not-reached">
          Stopped at this error: {statement.notReached} more matched{' '}
          {statement.notReached === 1
            ? 'document was never reached and stays as it was.'
            : 'documents were never reached and stay as they were.'}
        </p>
      ) : null}
      {statement.notRun !== undefined ? (
        <p className="statement-error" data-testid="diff-not-run">
          Did not run: the batch is ordered, so it stopped at statement #{statement.notRun.stoppedAt}’s error.
        </p>
      ) : null}
      {statement.writeConcernError !== undefined ? (
        <div className="wce-badge" data-testid="diff-write-concern-error">
          <span className="pill bad">
            writeConcernError {statement.writeConcernError.codeName} ({statement.writeConcernError.code})
          </span>{' '}
          {statement.notRun === undefined && statement.error === undefined
            ? 'The write was applied, but not confirmed as asked: '
            : ''}
          {statement.writeConcernError.errmsg}
          {statement.writeConcernError.errInfo !== undefined ? (
            <pre className="code" tabIndex={0}>
              {statement.writeConcernError.errInfo}
            </pre>
          ) : null}
        </div>
      ) : null}
      {statement.versionNote !== undefined ? (
        <p className="muted version-note" data-testid="diff-version-note">
          {statement.versionNote}
        </p>
      ) : null}
      {statement.fidelityNote !== undefined ? (
        <p className="muted version-note fidelity-note" data-testid="diff-fidelity-note">
          <strong>Approximation:</strong> {statement.fidelityNote}
        </p>
      ) : null}
      {statement.transaction !== undefined ? (
        <p className="statement-error" data-testid="diff-not-committed">
          {statement.transaction === 'aborted'
            ? 'Not written: the transaction this ran in was aborted, so none of its writes were kept.'
            : 'Not written yet: the transaction this ran in was never committed, so its writes are not kept.'}
        </p>
      ) : null}
      {statement.nMatched === 0 &&
      statement.upsert === undefined &&
      statement.error === undefined &&
      statement.notRun === undefined &&
      statement.transaction === undefined ? (
        <p className="muted">No document matched the query.</p>
      ) : null}
    </>
  );
}
