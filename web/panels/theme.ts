/** The theme actually shown: the store's choice, or the system's when it is "system". */
import { useEffect, useState } from 'react';
import { usePlayground } from '../state/store.js';

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function useResolvedTheme(): 'light' | 'dark' {
  const theme = usePlayground((s) => s.theme);
  const [systemDark, setSystemDark] = useState(() => window.matchMedia(DARK_QUERY).matches);
  useEffect(() => {
    const m = window.matchMedia(DARK_QUERY);
    const listener = (): void => setSystemDark(m.matches);
    m.addEventListener('change', listener);
    return () => m.removeEventListener('change', listener);
  }, []);
  return theme === 'system' ? (systemDark ? 'dark' : 'light') : theme;
}
