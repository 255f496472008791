import { useNavigation } from 'react-router';

/**
 * A bar across the top of the screen while a page loads: it grows slowly and only appears after 300 ms (CSS), so a
 * quick page shows nothing. For the eye only: the main content says aria-busy meanwhile.
 */
export function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  if (!busy) return null;
  return (
    <div
      aria-hidden="true"
      data-navigation-progress
      className="fixed inset-x-0 top-0 z-[60] h-1 origin-left bg-stone-900 [animation:navigation-progress_8s_cubic-bezier(0.1,0.7,0.3,1)_300ms_both]"
    />
  );
}
