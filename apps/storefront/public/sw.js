// The shop's service worker (docs/adr/0020): when the network is gone, a page the shopper opens shows the offline
// screen in their language. That is all it does: it keeps nothing but the offline screens, fetched without
// cookies (nothing personal), and it answers only page navigations, only when the network fails. Carts,
// checkouts, accounts, wishlists, form posts and every other request go to the network as if it were not there.
// Registered by app/entry.client.tsx as /sw.js?build=<the build's entry>: a new deploy installs a new worker.
const LANGUAGES = ['en', 'fr', 'it', 'es', 'de'];
const CACHE = `offline-${new URL(self.location.href).searchParams.get('build') ?? 'dev'}`;
// The kept screen runs no script (offline nothing could load) and inlines its styles.
const OFFLINE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'self'";

/** A language's offline screen as a document that needs no other request: no scripts, its stylesheets inlined. */
async function offlineScreen(lang) {
  const response = await fetch(`/${lang}/offline`, { credentials: 'omit' });
  if (!response.ok) throw new Error(`/${lang}/offline answered ${response.status}`);
  let html = (await response.text()).replace(/<script\b[\s\S]*?<\/script>/gi, '').replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '');
  for (const link of html.match(/<link\b[^>]*rel="stylesheet"[^>]*>/gi) ?? []) {
    const href = /href="([^"]+)"/.exec(link)?.[1];
    const css = href ? await fetch(href).then((answer) => (answer.ok ? answer.text() : '')) : '';
    html = html.replace(link, () => `<style>${css.replace(/<\//g, '<\\/')}</style>`);
  }
  return new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': OFFLINE_POLICY } });
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await Promise.all(LANGUAGES.map(async (lang) => cache.put(`/${lang}/offline`, await offlineScreen(lang))));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || request.mode !== 'navigate') return;
  event.respondWith(
    fetch(request).catch(async () => {
      const prefix = new URL(request.url).pathname.split('/')[1];
      const lang = LANGUAGES.includes(prefix) ? prefix : 'en';
      const kept = await caches.match(`/${lang}/offline`, { cacheName: CACHE });
      return kept ?? Response.error();
    }),
  );
});
