import { describe, expect, it } from 'vitest';
import { MAX_FORM_BYTES, readForm } from './form-body.server';

const post = (body: BodyInit, contentType: string | null, extra: RequestInit = {}) =>
  new Request('http://localhost/en/cart', { method: 'POST', body, headers: contentType ? { 'Content-Type': contentType } : {}, ...extra });

/** The refusal page readForm throws (React Router's `data()` with a status): its status and reason. */
async function refusalOf(request: Request) {
  try {
    await readForm(request);
  } catch (error) {
    const thrown = error as { data?: { reason?: string }; init?: { status?: number } };
    if (thrown.init?.status) return { status: thrown.init.status, reason: thrown.data?.reason };
    throw error;
  }
  return null;
}

describe('readForm', () => {
  it('reads a url-encoded and a multipart form', async () => {
    expect((await readForm(post('intent=add&quantity=2', 'application/x-www-form-urlencoded'))).get('quantity')).toBe('2');
    const multipart = new FormData();
    multipart.set('code', 'WELCOME10');
    expect((await readForm(new Request('http://localhost/en/cart', { method: 'POST', body: multipart }))).get('code')).toBe('WELCOME10');
  });

  it('refuses JSON, plain text and no type with 415', async () => {
    expect(await refusalOf(post('{"intent":"add"}', 'application/json'))).toEqual({ status: 415, reason: 'unsupported_media_type' });
    expect(await refusalOf(post('intent=add', 'text/plain'))).toEqual({ status: 415, reason: 'unsupported_media_type' });
    expect(await refusalOf(post('intent=add', null))).toMatchObject({ status: 415 });
  });

  it('refuses a broken multipart body with 400', async () => {
    expect(await refusalOf(post('--x\r\nContent-Disposition: form-data\r\n\r\ngarbage', 'multipart/form-data; boundary=x'))).toEqual({ status: 400, reason: 'bad_request' });
    expect(await refusalOf(post('garbage', 'multipart/form-data'))).toEqual({ status: 400, reason: 'bad_request' });
  });

  it('refuses a body over the limit with 413, even without a declared length', async () => {
    const big = new ReadableStream({
      start(controller) {
        for (let sent = 0; sent <= MAX_FORM_BYTES; sent += 8_192) controller.enqueue(new TextEncoder().encode('a'.repeat(8_192)));
        controller.close();
      },
    });
    expect(await refusalOf(post(big, 'application/x-www-form-urlencoded', { duplex: 'half' } as RequestInit))).toEqual({ status: 413, reason: 'payload_too_large' });
  });
});
