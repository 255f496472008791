import { describe, expect, it, vi } from 'vitest';
import { loader } from './dev-mailbox-message';

vi.mock('~/lib/dev-outbox.server', () => ({
  readOutbox: async () => [{ id: 'm1', to: 'ada@example.com', subject: 'Your order', date: '', text: 'Hello', html: '<!doctype html><p>Hello</p><img src="https://shop.example/media/a.svg">' }],
}));

type LoaderArgs = Parameters<typeof loader>[0];
const get = (id: string) => loader({ params: { lang: 'en', id } } as unknown as LoaderArgs);

describe('/:lang/dev/mailbox/:id', () => {
  it('shows a mail’s HTML part as a mail program would: pictures loaded, no script, in a sandbox of its own', async () => {
    const response = await get('m1');
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toContain('<img src="https://shop.example/media/a.svg">');
    const policy = response.headers.get('Content-Security-Policy')!;
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain('img-src http: https: data:');
    expect(policy).toMatch(/; sandbox$/);
  });

  it('answers 404 for a mail the outbox does not have', async () => {
    await expect(get('m2')).rejects.toMatchObject({ init: { status: 404 } });
  });
});
