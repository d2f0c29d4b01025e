/** The command editor's text. */
import type { StateCreator } from 'zustand';
import type { CommandSlice, Store } from './types.js';

export const createCommandSlice: StateCreator<Store, [], [], CommandSlice> = (set) => ({
  command: '',
  scenarioId: null,
  scenarioInfo: null,
  setCommand: (command) => set({ command }),
  setScenario: (scenarioId, scenarioInfo = null) => set({ scenarioId, scenarioInfo }),
});
