/**
 * The page's state, as one zustand store made of four slices (collections, command, run, ui).
 * Only plain data lives here: documents as typed Extended JSON text and display trees that the
 * worker produced; nothing here knows MongoDB semantics.
 */
import type { CollectionView, DeploymentList, RunHead } from '../../engine/worker/protocol.js';
import type { JsonValue } from '../share/state.js';

/** A collection as the page keeps (and shares) it: its documents as EJSON text. */
export interface CollectionState {
  readonly name: string;
  /**
   * The documents' EJSON texts, in order: one per document, or (past `PACK_THRESHOLD` documents,
   * engine/worker/work-requests.ts) one text of many; joined with `,\n` they are an array's content.
   */
  readonly docs: readonly string[];
  /** `create` options as EJSON text (validator, collation …). */
  readonly options?: string;
  /** Index specs as EJSON text of an array. */
  readonly indexes?: string;
}

/** One step of the undo history: the collections (and command) before a run or an edit. */
export interface HistoryEntry {
  readonly label: string;
  readonly collections: readonly CollectionState[];
}

/** The simulated deployment: topology plus its setup (members, shards, shard keys) as plain JSON. */
export interface DeploymentChoice {
  readonly topology: 'standalone' | 'replicaset' | 'sharded';
  readonly setup: JsonValue | null;
}

export interface CollectionsSlice {
  readonly database: string;
  readonly deployment: DeploymentChoice;
  readonly collections: readonly CollectionState[];
  /** What "reset to example" goes back to. */
  readonly baseline: readonly CollectionState[];
  readonly selected: string | null;
  /** The engine's view of the collections (display trees), refreshed after every change. */
  readonly views: readonly CollectionView[];
  readonly past: readonly HistoryEntry[];
  readonly future: readonly HistoryEntry[];
  selectCollection(name: string): void;
  /** Replaces the collections; `label` records an undo step. */
  commitCollections(next: readonly CollectionState[], label: string | null): void;
  setViews(views: readonly CollectionView[]): void;
  setBaseline(baseline: readonly CollectionState[]): void;
  setDeployment(deployment: DeploymentChoice): void;
}

export interface ScenarioInfo {
  readonly title: string;
  readonly description: string;
  /** The course section (older saved states have none). */
  readonly section?: string;
}

export interface CommandSlice {
  readonly command: string;
  /** The gallery scenario the page was loaded from, if any. */
  readonly scenarioId: string | null;
  /** Title, one-line description and course section of the loaded gallery scenario. */
  readonly scenarioInfo: ScenarioInfo | null;
  setCommand(command: string): void;
  setScenario(id: string | null, info?: ScenarioInfo | null): void;
}

export type EngineStatus = 'starting' | 'ready' | 'running' | 'restarting' | 'error';

/**
 * What the diff/result/oplog panes show: the latest preview or the latest committed run. `run` is
 * the head the worker sent (counts and first pages); the panes read further items by range
 * (web/engine/run-ranges.ts).
 */
export interface ShownRun {
  readonly kind: 'preview' | 'committed';
  readonly script: string;
  readonly run: RunHead;
}

export interface RunSlice {
  readonly status: EngineStatus;
  readonly shown: ShownRun | null;
  /**
   * The latest preview of a command that does not parse (mid-edit): its syntax error marks the
   * editor, while `shown` keeps the last preview that ran, greyed, so the panes never flicker.
   */
  readonly problem: ShownRun | null;
  /** A request-level failure (timeout, bad setup), shown as a banner. */
  readonly notice: { readonly kind: 'info' | 'error'; readonly text: string } | null;
  readonly deployments: DeploymentList;
  /** Bumped on every committed run, so panels can replay their animation. */
  readonly runCount: number;
  /**
   * The shown run replaced nothing (the first preview after a load, an embed's first): its cards
   * appear at once, without the entrance that marks a change (which would look greyed).
   */
  readonly appeared: boolean;
  setStatus(status: EngineStatus): void;
  showRun(shown: ShownRun | null): void;
  showProblem(problem: ShownRun | null): void;
  setNotice(notice: RunSlice['notice']): void;
  setDeployments(list: DeploymentList): void;
}

export type Theme = 'system' | 'light' | 'dark';
export type Dialog = 'examples' | 'share' | 'import' | 'create-collection' | 'collection-settings' | null;
export type InspectTab = 'diff' | 'oplog';

/** Which card (update command, statement, `_id` text; no id: the upsert) and field the step-through is on. */
export interface StepFocus {
  readonly command: number;
  readonly statement: number;
  readonly documentId?: string;
  readonly path?: string;
  /** Bumped on every step, so the same field animates again. */
  readonly seq: number;
}

export interface UiSlice {
  readonly theme: Theme;
  readonly dialog: Dialog;
  readonly inspectTab: InspectTab;
  readonly embed: boolean;
  readonly readOnly: boolean;
  /** Larger text everywhere and command beside diff, for a projector (`?present=1`). */
  readonly presentation: boolean;
  /** The panes an embed shows (`&panes=`). */
  readonly embedPanes: readonly ('editor' | 'diff' | 'oplog' | 'result')[];
  /** The `_id` text the pointer is over in the oplog pane (highlights the diff card). */
  readonly hoveredId: string | null;
  /** The first-visit "how it works" strip was closed. */
  readonly introDismissed: boolean;
  /** A script statement whose diff cards the user asked to see (bumped `seq` re-scrolls). */
  readonly focusedStatement: { readonly index: number; readonly card: number; readonly seq: number } | null;
  /** `card`: the index of the statement's first diff card (its header). */
  focusStatement(index: number, card: number): void;
  /** The step-through's current step: its document's card is highlighted and the step's field animated. */
  readonly stepFocus: StepFocus | null;
  setStepFocus(focus: StepFocus | null): void;
  dismissIntro(): void;
  setTheme(theme: Theme): void;
  openDialog(dialog: Dialog): void;
  setInspectTab(tab: InspectTab): void;
  setEmbed(embed: boolean, readOnly: boolean, panes?: readonly ('editor' | 'diff' | 'oplog' | 'result')[]): void;
  setPresentation(on: boolean): void;
  setHoveredId(id: string | null): void;
}

/** What the page knows about the saved copy of the work (IndexedDB, web/saved/). */
export interface SavedSlice {
  /** Saving failed (full disk, storage refused): the text says what is and is not saved. */
  readonly storageNotice: string | null;
  /** The saved work could not be loaded into the engine: kept untouched, not saved over. */
  readonly restoreFailure: { readonly message: string } | null;
  /** A workspace put aside (share link, other tab, starter), one click from coming back. */
  readonly previousWork: { readonly label: string; readonly savedAt: number } | null;
  /** Another tab saved the workspace: this tab stopped saving until the user chooses. */
  readonly otherTab: { readonly at: number } | null;
  /** Shown once after a share link replaced the work (the previous work is kept). */
  readonly linkOpened: boolean;
  setSaved(
    patch: Partial<Pick<SavedSlice, 'storageNotice' | 'restoreFailure' | 'previousWork' | 'otherTab' | 'linkOpened'>>,
  ): void;
}

export type Store = CollectionsSlice & CommandSlice & RunSlice & UiSlice & SavedSlice;
