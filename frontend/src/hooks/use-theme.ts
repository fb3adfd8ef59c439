import { useCallback, useSyncExternalStore } from 'react';
import { applyTheme, readTheme, subscribeTheme, type Theme } from '@/lib/theme';

export function useTheme(): { theme: Theme; toggleTheme: () => void } {
  const theme = useSyncExternalStore(subscribeTheme, readTheme, () => 'light' as const);
  const toggleTheme = useCallback(() => applyTheme(readTheme() === 'dark' ? 'light' : 'dark'), []);
  return { theme, toggleTheme };
}
