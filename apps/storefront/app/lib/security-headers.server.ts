/** Strict security headers for every HTML answer (the standards' "strict security headers"). */
export function setSecurityHeaders(
  headers: Headers,
  { nonce, secure, production, tagManager }: { nonce: string; secure: boolean; production: boolean; tagManager: boolean },
): void {
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('X-Frame-Options', 'DENY');
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self)');
  if (secure) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  // Vite's development server injects its own scripts and styles: the policy applies to the built shop.
  if (!production) return;
  headers.set(
    'Content-Security-Policy',
    [
      "default-src 'self'",
      // The tag manager's hosts (Google's list for it and Analytics 4) only for a shop that uses one (a valid GTM_ID).
      `script-src 'self' 'nonce-${nonce}'${tagManager ? ' https://*.googletagmanager.com' : ''}`,
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data:${tagManager ? ' https://*.google-analytics.com https://*.googletagmanager.com' : ''}`,
      `connect-src 'self'${tagManager ? ' https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com' : ''}`,
      "font-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
    ].join('; '),
  );
}
