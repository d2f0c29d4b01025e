/** Starting the page: the engine worker, then the work (share link > saved work > starter). */
import { readEmbedOptions, readPresentation } from '../share/url.js';
import { store } from '../state/store.js';
import { TimeoutError, engineBridge } from './bridge.js';
import { applyDeployment } from './engine-sync.js';
import { bootSavedWork } from './saved-work.js';

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export async function boot(address: Location | string): Promise<void> {
  const s = store.getState();
  const embed = readEmbedOptions(address);
  s.setEmbed(embed.embed, embed.readOnly, embed.panes);
  s.setPresentation(readPresentation(address));
  try {
    const ping = await engineBridge().request({ type: 'ping' }, 15_000);
    if (!ping.ok) throw new Error(`${ping.error.codeName} (${ping.error.code}): ${ping.error.errmsg}`);
    await applyDeployment().catch((e: unknown) => s.setNotice({ kind: 'error', text: message(e) }));
    await bootSavedWork(address, embed.embed);
    store.getState().setStatus('ready');
  } catch (e) {
    store.getState().setStatus('error');
    store.getState().setNotice({ kind: 'error', text: e instanceof TimeoutError ? e.message : message(e) });
  }
}
