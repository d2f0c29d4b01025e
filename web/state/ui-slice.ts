/** Theme, dialogs, tabs and embed flags. */
import type { StateCreator } from 'zustand';
import type { Store, UiSlice } from './types.js';

export const createUiSlice: StateCreator<Store, [], [], UiSlice> = (set) => ({
  theme: 'system',
  dialog: null,
  inspectTab: 'diff',
  embed: false,
  readOnly: false,
  presentation: false,
  embedPanes: ['editor', 'diff'],
  hoveredId: null,
  introDismissed: false,
  focusedStatement: null,
  focusStatement: (index, card) =>
    set((s) => ({ inspectTab: 'diff', focusedStatement: { index, card, seq: (s.focusedStatement?.seq ?? 0) + 1 } })),
  dismissIntro: () => set({ introDismissed: true }),
  setTheme: (theme) => set({ theme }),
  openDialog: (dialog) => set({ dialog }),
  setInspectTab: (inspectTab) => set({ inspectTab }),
  setEmbed: (embed, readOnly, embedPanes) => set((s) => ({ embed, readOnly, embedPanes: embedPanes ?? s.embedPanes })),
  setPresentation: (presentation) => set({ presentation }),
  setHoveredId: (hoveredId) => set({ hoveredId }),
  stepFocus: null,
  setStepFocus: (stepFocus) => set({ stepFocus }),
});
