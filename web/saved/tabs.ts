/**
 * Other tabs of the playground on the same origin share one saved workspace. Each tab announces
 * its saves on a BroadcastChannel; a tab that hears another's save stops saving (the store's
 * `otherTab`) until the user picks whose work to keep.
 */
const CHANNEL = 'upsert-lab';

export interface SavedMessage {
  readonly type: 'saved';
  readonly tab: string;
  readonly at: number;
}

const tabId = Math.random().toString(36).slice(2);
let channel: BroadcastChannel | null | undefined;

function open(): BroadcastChannel | null {
  if (channel === undefined) channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  return channel;
}

export function announceSaved(): void {
  const message: SavedMessage = { type: 'saved', tab: tabId, at: Date.now() };
  open()?.postMessage(message);
}

export function onOtherTabSaved(listener: (m: SavedMessage) => void): void {
  open()?.addEventListener('message', (event: MessageEvent<unknown>) => {
    const m = event.data as Partial<SavedMessage> | null;
    if (m?.type === 'saved' && m.tab !== tabId && typeof m.at === 'number') listener(m as SavedMessage);
  });
}
