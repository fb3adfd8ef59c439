import { useEffect } from 'react';
import { usePlayerControls } from '@/components/video/player/player-context';

export type PlayerKeyAction = { kind: 'toggle' } | { kind: 'seekBy'; seconds: number };

interface KeyLike {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  target: EventTarget | null;
}

/** Where typing goes: fields, editable text, and controls where Space or arrows mean something themselves. */
function keepsKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return true;
  return (
    target.closest('[role="slider"],[role="tablist"],[role="menu"],[role="listbox"],[role="dialog"]') !== null
  );
}

/**
 * YouTube's keys, when no text field has focus: `k` or Space play/pause, `j`/`l` back/forward 10 s,
 * `←`/`→` back/forward 5 s. Space and arrows on a button or link keep their own meaning there.
 */
export function playerKeyAction(event: KeyLike): PlayerKeyAction | null {
  if (event.altKey || event.ctrlKey || event.metaKey || keepsKeys(event.target)) return null;
  const onControl =
    event.target instanceof HTMLElement && event.target.closest('button,a,[role="button"]') !== null;
  switch (event.key) {
    case 'k':
    case 'K':
      return { kind: 'toggle' };
    case ' ':
      return onControl ? null : { kind: 'toggle' };
    case 'j':
    case 'J':
      return { kind: 'seekBy', seconds: -10 };
    case 'l':
    case 'L':
      return { kind: 'seekBy', seconds: 10 };
    case 'ArrowLeft':
      return { kind: 'seekBy', seconds: -5 };
    case 'ArrowRight':
      return { kind: 'seekBy', seconds: 5 };
    default:
      return null;
  }
}

/** Listens for YouTube's keys on the whole page while the player is ready. */
export function usePlayerKeys(): void {
  const { status, togglePlay, seekBy } = usePlayerControls();
  useEffect(() => {
    if (status !== 'ready') return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const action = playerKeyAction(event);
      if (!action) return;
      event.preventDefault();
      if (action.kind === 'toggle') togglePlay();
      else seekBy(action.seconds);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [status, togglePlay, seekBy]);
}
