/** Options of a statement that had no effect (mongosh and the driver ignore them), with the engine's "did you mean". */
import type { ReactNode } from 'react';
import type { OptionNotice } from '../../engine/worker/protocol.js';

export function OptionNotices({ notices }: { notices: readonly OptionNotice[] | undefined }): ReactNode {
  if (notices === undefined || notices.length === 0) return null;
  return (
    <div className="option-notices" data-testid="option-notice" role="note">
      {notices.map((n, i) => (
        <div key={i} className="option-notice">
          <p className="option-notice-title">
            No effect: <code>{n.option}</code>
          </p>
          <p>{n.message}</p>
          {n.suggestion !== undefined ? (
            <p className="error-suggestion" data-testid="notice-suggestion">
              {n.suggestion}
            </p>
          ) : null}
        </div>
      ))}
    </div>
  );
}
