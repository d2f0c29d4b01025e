import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ACTIONS, perform } from './actions/actions.js';
import { App } from './App.js';
import { boot } from './engine/boot.js';
import { store } from './state/store.js';
import './styles.css';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html lacks #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

/** Test hook (e2e): the store and the actions, never needed by the page itself. */
declare global {
  interface Window {
    __playground?: { store: typeof store; actions: typeof ACTIONS; perform: typeof perform };
  }
}
window.__playground = { store, actions: ACTIONS, perform };

void boot(window.location);
