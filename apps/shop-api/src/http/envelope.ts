import type { Envelope } from '@shop/contract';

export function success<T>(psdata: T, message = 'OK'): Envelope<T> {
  return { success: true, code: 'ok', psdata, message };
}

export function failure(code: string, message: string, psdata: unknown = null): Envelope<unknown> {
  return { success: false, code, psdata, message };
}
