/**
 * What may be logged of an error. A database error's message holds the query's parameters (email addresses,
 * password hashes, tokens), and other messages may quote input: logs get the error's class, its SQL state,
 * the query text with placeholders and the stack's frames, never a message or a parameter.
 */
export function loggableError(error: unknown): { type: string; code?: string; query?: string; frames?: string } {
  const { code, query, cause, stack } = (error ?? {}) as { code?: unknown; query?: unknown; cause?: { code?: unknown }; stack?: unknown };
  const sqlState = typeof cause?.code === 'string' ? cause.code : typeof code === 'string' ? code : undefined;
  return {
    type: (error as object | null)?.constructor?.name ?? typeof error,
    ...(sqlState ? { code: sqlState } : {}),
    ...(typeof query === 'string' ? { query } : {}),
    // A stack starts with the message (over several lines for a failed query): only its frames are kept.
    ...(typeof stack === 'string' ? { frames: stack.split('\n').filter((line) => /^\s+at /.test(line)).slice(0, 8).join('\n') } : {}),
  };
}
