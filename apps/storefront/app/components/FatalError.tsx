import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useLocalePath } from '~/lib/hooks';

type FatalError = { status: number; message: string };

type FatalErrorState = {
  fatal: FatalError | null;
  /** Keeps a fatal error and shows the error screen. */
  raise: (error: FatalError) => void;
  /** Forgets the fatal error, then optionally goes somewhere (SPEC §2). */
  clear: (options?: { redirectTo?: string }) => void;
};

const FatalErrorContext = createContext<FatalErrorState | null>(null);

export function useFatalError(): FatalErrorState {
  const state = useContext(FatalErrorContext);
  if (!state) throw new Error('useFatalError needs a FatalErrorProvider');
  return state;
}

/**
 * The app's shared fatal-error state. An error nothing else handled in the browser is kept here and
 * the shopper is sent to the error screen (SPEC §2).
 */
export function FatalErrorProvider({ children }: { children: React.ReactNode }) {
  const [fatal, setFatal] = useState<FatalError | null>(null);
  const navigate = useNavigate();
  const localePath = useLocalePath();

  const raise = useCallback(
    (error: FatalError) => {
      setFatal(error);
      void navigate(localePath('/error'));
    },
    [navigate, localePath],
  );
  const clear = useCallback(
    ({ redirectTo }: { redirectTo?: string } = {}) => {
      setFatal(null);
      if (redirectTo) void navigate(redirectTo);
    },
    [navigate],
  );

  useEffect(() => {
    const onError = (event: ErrorEvent | PromiseRejectionEvent) => {
      // Errors of other sites' scripts (tag manager, payment widgets) arrive without details: not ours to handle.
      if (event instanceof ErrorEvent && !event.error && event.message === 'Script error.') return;
      const reason = 'reason' in event ? event.reason : event.error;
      raise({ status: 500, message: reason instanceof Error ? reason.message : String(reason ?? '') });
    };
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onError);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onError);
    };
  }, [raise]);

  const value = useMemo(() => ({ fatal, raise, clear }), [fatal, raise, clear]);
  return <FatalErrorContext value={value}>{children}</FatalErrorContext>;
}
