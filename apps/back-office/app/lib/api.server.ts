import { adminCalls, type AdminCallInput, type AdminCallName, type AdminCallOutput } from '@shop/contract/admin';
import { redirect } from 'react-router';
import { langOf } from './lang.server';
import { clearSession, readCookie, SESSION_COOKIE } from './session.server';

/** The shop API's admin calls: their own address when ADMIN_API_URL is set (ADMIN_API_PORT on the API), else the API's. */
const API_URL = (process.env.ADMIN_API_URL ?? process.env.SHOP_API_URL ?? `http://127.0.0.1:${process.env.SHOP_API_PORT ?? 4000}`).replace(/\/+$/, '');
const TIMEOUT_MS = 10_000;

/** A refusal of the API: its status and stable code, which the pages word in the staff member's language. */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    /** The refusal's details (the contract's, refusals.ts), for a page that words them. */
    readonly details: Record<string, unknown> | null = null,
  ) {
    super(`${status} ${code}`);
  }
}

/**
 * One admin call for this request: the staff session from the back office's cookie (unless `session` names
 * another), the staff member's address as server.js resolved it, the answer checked against the contract.
 */
export async function adminApi<N extends AdminCallName>(
  request: Request,
  name: N,
  payload: AdminCallInput<N>,
  session = readCookie(request, SESSION_COOKIE),
  timeoutMs = TIMEOUT_MS,
): Promise<AdminCallOutput<N>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'accept-language': langOf(request) };
  if (session) headers['x-staff-session'] = session;
  const clientIp = request.headers.get('x-back-office-client-ip');
  if (clientIp) headers['x-client-ip'] = clientIp;
  if (process.env.SHOP_API_SECRET) headers['x-shop-api-secret'] = process.env.SHOP_API_SECRET;
  const response = await fetch(`${API_URL}/admin/${name}`, { method: 'POST', headers, body: JSON.stringify(payload), signal: AbortSignal.timeout(timeoutMs) });
  const body = (await response.json().catch(() => null)) as { success?: boolean; code?: string; psdata?: unknown } | null;
  if (!response.ok || !body?.success) throw new AdminApiError(response.status, body?.code ?? 'internal_error', body?.psdata && typeof body.psdata === 'object' ? (body.psdata as Record<string, unknown>) : null);
  return adminCalls[name].output.parse(body.psdata) as AdminCallOutput<N>;
}

/** A page's call that needs the staff session: without one (or an ended one) the staff member signs in again. */
export async function staffCall<N extends AdminCallName>(request: Request, name: N, payload: AdminCallInput<N>): Promise<AdminCallOutput<N>> {
  try {
    return await adminApi(request, name, payload);
  } catch (error) {
    if (error instanceof AdminApiError && error.status === 401) throw redirect('/sign-in', { headers: { 'Set-Cookie': clearSession(request) } });
    if (error instanceof AdminApiError && (error.status === 403 || error.status === 404)) throw new Response(error.code, { status: error.status });
    throw error;
  }
}

/**
 * A file the API streams for a staff member (the accountant's CSV), passed through as it comes. Without a session,
 * the sign-in page; a refusal is the error page of its status.
 */
export async function staffDownload(request: Request, path: string): Promise<Response> {
  const session = readCookie(request, SESSION_COOKIE);
  const headers: Record<string, string> = { 'accept-language': langOf(request) };
  if (session) headers['x-staff-session'] = session;
  if (process.env.SHOP_API_SECRET) headers['x-shop-api-secret'] = process.env.SHOP_API_SECRET;
  const response = await fetch(`${API_URL}${path}`, { headers });
  if (response.status === 401) throw redirect('/sign-in', { headers: { 'Set-Cookie': clearSession(request) } });
  if (!response.ok || !response.body) throw new Response(String(response.status), { status: response.status === 400 ? 400 : response.status === 403 ? 403 : 502 });
  const passed = new Headers({ 'cache-control': 'no-store' });
  for (const name of ['content-type', 'content-disposition']) passed.set(name, response.headers.get(name) ?? '');
  return new Response(response.body, { headers: passed });
}

/**
 * A file the staff member uploads, passed on to the API as it comes (the multipart body is never read here, so a
 * large CSV is not held in memory); the API's answer checked against `schema`. Refusals as for `staffCall`.
 */
export async function staffUpload<T>(request: Request, path: string, schema: { parse: (value: unknown) => T }, timeoutMs: number): Promise<T> {
  const session = readCookie(request, SESSION_COOKIE);
  const headers: Record<string, string> = { 'content-type': request.headers.get('content-type') ?? '', 'accept-language': langOf(request) };
  if (session) headers['x-staff-session'] = session;
  const clientIp = request.headers.get('x-back-office-client-ip');
  if (clientIp) headers['x-client-ip'] = clientIp;
  if (process.env.SHOP_API_SECRET) headers['x-shop-api-secret'] = process.env.SHOP_API_SECRET;
  const response = await fetch(`${API_URL}${path}`, { method: 'POST', headers, body: request.body, duplex: 'half', signal: AbortSignal.timeout(timeoutMs) } as RequestInit);
  if (response.status === 401) throw redirect('/sign-in', { headers: { 'Set-Cookie': clearSession(request) } });
  if (response.status === 403) throw new Response('forbidden', { status: 403 });
  const body = (await response.json().catch(() => null)) as { success?: boolean; code?: string; psdata?: unknown } | null;
  if (!response.ok || !body?.success) throw new AdminApiError(response.status, body?.code ?? 'internal_error');
  return schema.parse(body.psdata);
}
