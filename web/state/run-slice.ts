/** Engine status and the latest run shown in the panes (never persisted). */
import type { StateCreator } from 'zustand';
import type { RunSlice, Store } from './types.js';

export const createRunSlice: StateCreator<Store, [], [], RunSlice> = (set) => ({
  status: 'starting',
  shown: null,
  problem: null,
  notice: null,
  deployments: { current: 'standalone', available: ['standalone'] },
  runCount: 0,
  appeared: false,
  setStatus: (status) => set({ status }),
  showRun: (shown) =>
    set((s) => ({
      shown,
      problem: null,
      runCount: shown?.kind === 'committed' ? s.runCount + 1 : s.runCount,
      appeared: shown !== null && s.shown === null,
    })),
  showProblem: (problem) => set({ problem }),
  setNotice: (notice) => set({ notice }),
  setDeployments: (deployments) => set({ deployments }),
});
