/**
 * The result pane: per statement what the shell printed (WriteResult, documents …), errors with
 * code, codeName, message and a plain-language explanation citing the seed's rule, and the
 * command documents actually sent with their replies.
 */
import type { ReactNode } from 'react';
import type { ShellStatementReply } from '../../engine/worker/protocol.js';
import { usePlayground } from '../state/store.js';
import { explain } from './explanations.js';

export function ResultPanel(): ReactNode {
  const shown = usePlayground((s) => s.shown);
  return (
    <section className="panel result-panel" data-testid="result-pane" aria-labelledby="result-title">
      <div className="panel-head">
        <h2 id="result-title">Result</h2>
        {shown !== null ? (
          <span className={`badge ${shown.kind}`} data-testid="result-kind">
            {shown.kind === 'preview' ? 'preview (dry run)' : 'committed'} · {shown.run.elapsedMs} ms
          </span>
        ) : null}
      </div>
      {shown === null ? (
        <p className="empty">
          Press <kbd>Run</kbd> (or <kbd>Ctrl</kbd>+<kbd>Enter</kbd>) to apply the command. While you type, a dry run
          previews the effect here without changing anything.
        </p>
      ) : (
        <div className="result-body">
          {shown.run.statements.map((s) => (
            <Statement key={s.index} s={s} />
          ))}
          {shown.run.commands.length > 0 ? (
            <div className="sent">
              <h3>Commands sent to the server</h3>
              {shown.run.commands.map((c, i) => (
                <details
                  key={i}
                  className="sent-command"
                  open={i === 0 && shown.run.commands.length <= 2}
                  data-testid="sent-command"
                >
                  <summary>
                    <code>{c.name}</code> on <code>{c.db}</code>{' '}
                    {c.ok ? <span className="ok">ok: 1</span> : <span className="bad">ok: 0</span>}
                  </summary>
                  <div className="two-col">
                    <div>
                      <h4>Command</h4>
                      <pre className="code" tabIndex={0}>
                        {c.command}
                      </pre>
                    </div>
                    <div>
                      <h4>Reply</h4>
                      <pre className="code" tabIndex={0}>
                        {c.reply}
                      </pre>
                    </div>
                  </div>
                </details>
              ))}
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
}

function Statement({ s }: { s: ShellStatementReply }): ReactNode {
  const firstLine = s.source.split('\n').find((l) => l.trim() !== '' && !l.trim().startsWith('//')) ?? s.source;
  return (
    <div className={`statement ${s.kind}`}>
      <div className="statement-head">
        <span className="line-ref">line {s.range.startLine}</span>
        <code className="source">{firstLine.trim()}</code>
      </div>
      {s.error !== undefined ? (
        <ErrorBox error={s.error} />
      ) : s.printed !== '' ? (
        <pre className="code printed" tabIndex={0}>
          {s.printed}
        </pre>
      ) : null}
    </div>
  );
}

function ErrorBox({ error }: { error: NonNullable<ShellStatementReply['error']> }): ReactNode {
  const explanation = explain(error.code);
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
      {explanation !== undefined ? (
        <p className="error-explanation">
          {explanation.text} <cite>Seed: {explanation.rule}</cite>
        </p>
      ) : error.name === 'SyntaxError' ? (
        <p className="error-explanation">The script is not valid mongosh syntax at the marked position.</p>
      ) : null}
    </div>
  );
}
