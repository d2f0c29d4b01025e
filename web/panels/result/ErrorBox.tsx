/** A statement's error: name, code, position, message and the engine's help for it. */
import type { ReactNode } from 'react';
import type { ShellStatementReply } from '../../../engine/worker/protocol.js';

export function ErrorBox({
  error,
  diagnosis,
}: {
  error: NonNullable<ShellStatementReply['error']>;
  diagnosis: ShellStatementReply['diagnosis'];
}): ReactNode {
  return (
    <div className="error-box" data-testid="error-pane" role="alert">
      <div className="error-title">
        <span className="error-name">{error.name}</span>
        {error.code !== undefined ? (
          <span className="error-code" data-testid="error-code">
            code {error.code}
          </span>
        ) : null}
        {error.codeName !== undefined ? <span className="error-codename">{error.codeName}</span> : null}
        {error.line !== undefined ? (
          <span className="error-pos">
            line {error.line}, column {error.column ?? '?'}
          </span>
        ) : null}
      </div>
      <p className="error-message">{error.message}</p>
      {diagnosis?.suggestion !== undefined ? (
        <p className="error-suggestion" data-testid="error-suggestion">
          {diagnosis.suggestion}
        </p>
      ) : null}
      {diagnosis?.help !== undefined ? (
        <p className="error-explanation" data-testid="error-help">
          {diagnosis.help}
        </p>
      ) : error.name === 'SyntaxError' ? (
        <p className="error-explanation">The script is not valid mongosh syntax at the marked position.</p>
      ) : null}
    </div>
  );
}
