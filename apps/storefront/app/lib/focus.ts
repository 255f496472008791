import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** After a client-side navigation, focus moves to the main content so screen readers start there. */
export function useFocusMainOnNavigate(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}
