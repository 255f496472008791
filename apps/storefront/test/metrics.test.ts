import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import express from 'express';
import { matchRoutes, type RouteObject } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePrometheus } from '../../shop-api/test/prometheus.ts';
import routeConfig from '../app/routes.ts';
import { createFairQueue } from '@shop/web-server/fair-queue';
import { createMetrics, routeMatcher } from '@shop/web-server/metrics';

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean };

/** The shop's routes as the server build lists them (`build.routes`): flat, each with its parent's id. */
function manifestOf(entries: RouteConfigEntry[], parentId = 'root', into: Record<string, ManifestRoute> = { root: { id: 'root', path: '' } }) {
  for (const entry of entries) {
    const id = entry.id ?? entry.file.replace(/\.tsx?$/, '');
    into[id] = { id, parentId, path: entry.path, index: entry.index };
    manifestOf(entry.children ?? [], id, into);
  }
  return into;
}

/** The same routes nested, as React Router matches them. */
function treeOf(manifest: Record<string, ManifestRoute>, parentId?: string): RouteObject[] {
  return Object.values(manifest)
    .filter((route) => route.parentId === parentId)
    .map((route) => ({ id: route.id, path: route.path, ...(route.index ? { index: true } : { children: treeOf(manifest, route.id) }) }) as RouteObject);
}

const manifest = manifestOf(routeConfig);

describe('the storefront process metrics', () => {
  it('names a request by the route React Router answers it with', () => {
    const match = routeMatcher(manifest);
    const tree = treeOf(manifest);
    const paths = [
      '/',
      '/en',
      '/en/',
      '/fr/cart',
      '/de/42-red-dress.html',
      '/it/3-women',
      '/it/3-women/extra',
      '/es/about-us',
      '/en/texts/abc123.js',
      '/en/search/suggestions',
      '/en/my-account/orders',
      '/en/reviews/12/photos',
      '/en/reviews/12',
      '/en/checkout/success',
      '/en/auth/login',
      '/media/abc.webp',
      '/sitemap.xml',
      '/nothing/here/at/all',
      '/EN/CART',
    ];
    for (const path of paths) expect(match(path), path).toBe(matchRoutes(tree, path)?.at(-1)?.route.id);
  });

  describe('on a server', () => {
    const renders = createFairQueue({ atOnce: 1, waiting: 10 });
    const metrics = createMetrics({ routes: manifest, turns: { name: 'storefront_turns', help: 'Turns', queues: { render: renders, post: { running: () => 0, waiting: () => 0 } } } });
    let shop: Server;
    let metricsServer: Server;
    let shopUrl: string;
    let metricsUrl: string;
    beforeAll(async () => {
      // The public side as server.js builds it: counted first, a file stage naming itself, the app for the rest.
      const app = express();
      app.use(metrics.count);
      app.get('/favicon.svg', (_request, response) => {
        response.locals.route = 'file';
        response.send('<svg/>');
      });
      app.get('*', (request, response) => response.status(request.path.endsWith('.html') ? 200 : 404).send('page'));
      shop = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => shop.once('listening', resolve));
      shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
      metricsServer = await metrics.serve({ host: '127.0.0.1', port: 0 });
      metricsUrl = `http://127.0.0.1:${(metricsServer.address() as AddressInfo).port}/metrics`;
    });
    afterAll(() => {
      shop.close();
      metricsServer.close();
    });

    const scrape = async () => {
      const response = await fetch(metricsUrl);
      expect(response.status).toBe(200);
      return parsePrometheus(await response.text());
    };

    it('counts answers by route id, method and status, never by the URL asked for', async () => {
      const before = await scrape();
      expect((await fetch(`${shopUrl}/de/42-red-dress.html`)).status).toBe(200);
      expect((await fetch(`${shopUrl}/de/42-red-dress.html.data`)).status).toBe(404);
      expect((await fetch(`${shopUrl}/x/<script>/y`)).status).toBe(404);
      expect((await fetch(`${shopUrl}/favicon.svg`)).status).toBe(200);
      // The public port has no metrics: /metrics is a page like any other (a language's home), not found.
      expect((await fetch(`${shopUrl}/metrics`)).status).toBe(404);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const after = await scrape();
      const delta = (key: string) => (after.get(key) ?? 0) - (before.get(key) ?? 0);
      expect(delta('http_requests_total{route="routes/product",method="GET",status="200"}')).toBe(1);
      expect(delta('http_requests_total{route="routes/product",method="GET",status="404"}')).toBe(1);
      expect(delta('http_requests_total{route="routes/not-found",method="GET",status="404"}')).toBe(1);
      expect(delta('http_requests_total{route="routes/home",method="GET",status="404"}')).toBe(1);
      expect(delta('http_requests_total{route="file",method="GET",status="200"}')).toBe(1);
      expect(delta('http_request_duration_seconds_count{route="routes/product",method="GET"}')).toBe(2);
      expect([...after.keys()].some((key) => key.includes('script') || key.includes('42-red'))).toBe(false);
      expect(after.get('process_resident_memory_bytes')).toBeGreaterThan(0);
    });

    it('shows the render turns running and waiting', async () => {
      const first = renders('a', () => undefined);
      const second = renders('b', () => undefined);
      const samples = await scrape();
      expect(samples.get('storefront_turns{work="render",state="running"}')).toBe(1);
      expect(samples.get('storefront_turns{work="render",state="waiting"}')).toBe(1);
      for (const turn of [second, first]) if ('leave' in turn) turn.leave();
      expect((await scrape()).get('storefront_turns{work="render",state="waiting"}')).toBe(0);
    });

    it('answers nothing but GET /metrics on the metrics address', async () => {
      expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404);
      expect((await fetch(metricsUrl, { method: 'POST' })).status).toBe(404);
    });
  });
});
