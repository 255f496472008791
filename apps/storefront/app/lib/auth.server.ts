import { redirect } from 'react-router';

/**
 * Guards the login-required screens (SPEC §6): a signed-out visitor goes to the login screen, which
 * brings them back afterwards. Sign-in itself arrives with the accounts feature; until a session can
 * hold a customer, every visitor is signed out.
 */
export function requireCustomer(request: Request, lang: string): never {
  const url = new URL(request.url);
  throw redirect(`/${lang}/auth/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}
