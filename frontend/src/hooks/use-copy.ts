import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec section 9: the 'Copied' indicator lasts 2000 ms. */
export const COPIED_INDICATOR_MS = 2000;

export function useCopy(): { copied: boolean; copy: (text: string) => Promise<boolean> } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return false;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    return true;
  }, []);

  return { copied, copy };
}
