import { useEffect, useRef } from 'react';

/** Moves the focus to a screen's heading when the screen appears, so keyboard and screen reader users start there. */
export function useFocusHeading<T extends HTMLElement>(enabled = true) {
  const heading = useRef<T>(null);
  useEffect(() => {
    if (enabled) heading.current?.focus();
  }, [enabled]);
  return heading;
}
