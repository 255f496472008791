import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Focus moves to the main content when `value` changes (not on the page's first render). */
export function useFocusMainOnChange(value: unknown): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [value]);
}

/** After a client-side navigation, focus moves to the main content so screen readers start there. */
export function useFocusMainOnNavigate(): void {
  useFocusMainOnChange(useLocation().pathname);
}
