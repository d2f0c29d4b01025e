/**
 * What the page must tell the user about the saved copy of their work, with the choices it needs:
 * a saved workspace the engine refused (kept; download it or load the starter), another tab that
 * saved (take its work or keep this tab's), a full disk, and a share link that replaced the work.
 */
import type { ReactNode } from 'react';
import {
  bringBackPrevious,
  keepThisTabsWork,
  loadStarterOverFailedRestore,
  takeOtherTabsWork,
  workToDownload,
} from '../engine/saved-work.js';
import { downloadWorkspace } from '../saved/file.js';
import { store, usePlayground } from '../state/store.js';

function time(ms: number): string {
  return new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

export function SavedWorkBanner(): ReactNode {
  const failure = usePlayground((s) => s.restoreFailure);
  const otherTab = usePlayground((s) => s.otherTab);
  const storageNotice = usePlayground((s) => s.storageNotice);
  const linkOpened = usePlayground((s) => s.linkOpened);
  const previous = usePlayground((s) => s.previousWork);
  if (failure === null && otherTab === null && storageNotice === null && !(linkOpened && previous !== null)) return null;
  return (
    <div className="saved-banner">
      {failure !== null ? (
        <div className="notice notice-error" role="alert" data-testid="restore-failed">
          <span>
            <strong>Your saved work could not be loaded into the engine</strong>: {failure.message}. It is kept exactly
            as it was saved and nothing will be saved over it. Download it as Extended JSON, or load the starter example
            (your saved work stays one click away under “Previous work”).
          </span>
          <span className="banner-actions">
            <button
              type="button"
              className="btn small"
              data-testid="download-saved"
              onClick={() => void workToDownload().then(downloadWorkspace)}
            >
              Download
            </button>
            <button
              type="button"
              className="btn small"
              data-testid="load-starter"
              onClick={() => void loadStarterOverFailedRestore()}
            >
              Load the starter
            </button>
          </span>
        </div>
      ) : null}
      {otherTab !== null ? (
        <div className="notice notice-info" role="alert" data-testid="other-tab">
          <span>
            Upsert Lab is open in another tab, which saved its work at {time(otherTab.at)}. This tab stopped saving so
            it does not overwrite that; your changes here are not saved until you choose.
          </span>
          <span className="banner-actions">
            <button
              type="button"
              className="btn small"
              data-testid="other-tab-load"
              onClick={() => void takeOtherTabsWork()}
            >
              Load the other tab’s work
            </button>
            <button
              type="button"
              className="btn small"
              data-testid="other-tab-keep"
              onClick={() => void keepThisTabsWork()}
            >
              Save this tab’s work instead
            </button>
          </span>
        </div>
      ) : null}
      {storageNotice !== null ? (
        <div className="notice notice-error" role="alert" data-testid="storage-notice">
          <span>{storageNotice}</span>
          <span className="banner-actions">
            <button
              type="button"
              className="btn small"
              onClick={() => void workToDownload().then(downloadWorkspace)}
            >
              Download
            </button>
          </span>
        </div>
      ) : null}
      {linkOpened && previous !== null ? (
        <div className="notice notice-info" role="status" data-testid="link-opened">
          <span>You opened a shared link. Your previous work is kept: “Previous work” in the toolbar brings it back.</span>
          <button
            type="button"
            className="btn tiny"
            aria-label="Dismiss"
            onClick={() => store.getState().setSaved({ linkOpened: false })}
          >
            ✕
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** The toolbar button that swaps the previous work back in. */
export function PreviousWorkButton(): ReactNode {
  const previous = usePlayground((s) => s.previousWork);
  const readOnly = usePlayground((s) => s.readOnly);
  if (previous === null || readOnly) return null;
  return (
    <button
      type="button"
      className="btn subtle"
      data-testid="restore-previous"
      data-closes-menu
      title={`Bring back ${previous.label} (kept ${time(previous.savedAt)}); what you have now is kept in its place`}
      onClick={() => void bringBackPrevious()}
    >
      ↺ Previous work
    </button>
  );
}
