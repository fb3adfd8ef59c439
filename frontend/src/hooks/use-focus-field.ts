import { useCallback, useEffect, useState } from 'react';

/**
 * Focuses a field by id once the next render is on screen: after a refused request the form's fields are still
 * disabled when the error arrives, and a disabled field cannot take focus.
 */
export function useFocusField(): (inputId: string | undefined) => void {
  const [target, setTarget] = useState<{ id: string } | null>(null);
  useEffect(() => {
    if (target) document.getElementById(target.id)?.focus();
  }, [target]);
  // A new object each time, so asking for the same field twice focuses it twice.
  return useCallback((id: string | undefined) => {
    if (id !== undefined) setTarget({ id });
  }, []);
}
