import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { shopPorts } from '../playwright.config';

/**
 * `npm start` keeps the shop running: these tests start a shop of their own (as `npm start` does, on ports
 * no other shop uses: the config's five shops end at base+400) and break it.
 */
const base = Number(process.env.E2E_PORT_BASE ?? 3100) + 500;
/**
 * The storefront port of this file's n-th shop. Ten apart: a shop of several processes gives each its own metrics
 * port (METRICS_PORT, the next one, …), and shops one port apart took each other's (an API that found its metrics
 * port taken stopped, and was started again, while the test beside it ran).
 */
const shopPort = (n: number) => base + 10 * n;
const repository = fileURLToPath(new URL('../..', import.meta.url));

type Started = { process: ChildProcess; output: () => string; exitCode: Promise<number | null> };

function startShop(port: number, settings: Record<string, string> = {}): Started {
  const shop = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repository,
    env: { ...process.env, ...shopPorts(port), DATA_DIR: 'memory://', SEED_DEMO: 'false', LOG_LEVEL: 'warn', ...settings },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A group of its own: a test that fails midway kills the whole shop (sandboxes too), not the supervisor alone,
    // so that a retry finds its ports free.
    detached: true,
  });
  let output = '';
  shop.stdout!.on('data', (chunk) => (output += chunk));
  shop.stderr!.on('data', (chunk) => (output += chunk));
  const exitCode = once(shop, 'exit').then(([code]) => code as number | null);
  return { process: shop, output: () => output, exitCode };
}

/** Kills a started shop and everything it started (its process group), whatever state a test left it in. */
function killAll(shop: Started): void {
  try {
    process.kill(-shop.process.pid!, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** The process ids the supervisor announced for a service, in order. */
const pidsOf = (output: string, service: string) => [...output.matchAll(new RegExp(`${service} started \\(pid (\\d+)\\)`, 'g'))].map((m) => Number(m[1]));

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const ready = (port: number) =>
  fetch(`http://127.0.0.1:${port}/health/ready`)
    .then((response) => response.status)
    .catch(() => 0);

test('a crashed shop API is started again, and a stop signal stops every part of the shop', async () => {
  test.setTimeout(180_000);
  const shop = startShop(shopPort(0));
  try {
    await expect.poll(() => ready(shopPort(0)), { timeout: 90_000 }).toBe(200);
    const [api] = pidsOf(shop.output(), 'shop-api');
    const [storefront] = pidsOf(shop.output(), 'storefront');

    process.kill(api!, 'SIGKILL');
    // A restart takes as long as a start (the first answer above was given 90 s on a loaded machine).
    await expect.poll(() => ready(shopPort(0)), { timeout: 90_000 }).toBe(200);
    expect(shop.output()).toContain('shop-api stopped (SIGKILL); restarting in 1 s.');
    const restartedApi = pidsOf(shop.output(), 'shop-api')[1]!;
    expect(restartedApi).not.toBe(api);
    // The storefront kept running through it.
    expect(pidsOf(shop.output(), 'storefront')).toEqual([storefront]);

    shop.process.kill('SIGTERM');
    expect(await shop.exitCode).toBe(0);
    expect(isRunning(restartedApi)).toBe(false);
    expect(isRunning(storefront!)).toBe(false);
  } finally {
    killAll(shop);
  }
});

test('a shop API that cannot start at all stops the shop instead of being restarted forever', async () => {
  test.setTimeout(90_000);
  // Nothing listens on port 9: its database cannot be reached.
  const shop = startShop(shopPort(1), { DATABASE_URL: 'postgres://shop@127.0.0.1:9/shop' });
  try {
    expect(await shop.exitCode).toBe(1);
    expect(shop.output()).toContain('before it ever answered; stopping the shop.');
    expect(shop.output()).not.toContain('storefront started');
  } finally {
    killAll(shop);
  }
});

test('a metrics port already taken stops the shop with the reason, rather than restarting its API again and again', async () => {
  test.setTimeout(90_000);
  const port = shopPort(4);
  const taken = net.createServer().listen(Number(shopPorts(port).SHOP_API_METRICS_PORT), '127.0.0.1');
  await once(taken, 'listening');
  const shop = startShop(port);
  try {
    expect(await shop.exitCode).toBe(1);
    expect(shop.output()).toContain('EADDRINUSE');
    expect(shop.output()).toContain('shop-api stopped (exit code 1) before it ever answered; stopping the shop.');
    expect(pidsOf(shop.output(), 'shop-api')).toHaveLength(1);
  } finally {
    killAll(shop);
    taken.close();
  }
});

/** A call to the shop API on a connection of its own (no keep-alive): the supervisor hands each to the next process. */
function postAlone(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', agent: false, headers: { 'Content-Type': 'application/json', ...headers } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

function getAlone(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

/** The sum of a process's `http_requests_total` over the lines `matches` accepts. */
async function requestsCounted(metricsPort: number, matches: (line: string) => boolean): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('http_requests_total{') && matches(line))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

test.describe('several processes on one PostgreSQL', () => {
  const server = process.env.TEST_DATABASE_URL;
  test.skip(!server, 'TEST_DATABASE_URL names no PostgreSQL server');
  const database = `shop_e2e_processes_${process.pid}`;
  const admin = () => new pg.Client({ connectionString: server });
  test.beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`drop database if exists ${database} with (force)`);
    await client.query(`create database ${database}`);
    await client.end();
  });
  test.afterAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`drop database if exists ${database} with (force)`);
    await client.end();
  });

  test('two storefront and two API processes share carts, run housekeeping once, trace a request down to PostgreSQL, and a rolling restart fails no request', async () => {
    test.setTimeout(360_000);
    const port = shopPort(2);
    const ports = shopPorts(port);
    const url = new URL(server!);
    url.pathname = `/${database}`;
    const collector = await startTraceCollector();
    const shop = startShop(port, {
      DATABASE_URL: url.href,
      SEED_DEMO: 'true',
      WEB_CONCURRENCY: '2',
      API_CONCURRENCY: '2',
      LOG_LEVEL: 'info',
      PAYPAL_ENABLED: 'false',
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_BSP_SCHEDULE_DELAY: '200',
    });
    const shopUrl = `http://127.0.0.1:${port}`;
    const apiUrl = `http://127.0.0.1:${ports.SHOP_API_PORT}`;
    try {
      await expect.poll(() => ready(port), { timeout: 240_000 }).toBe(200);
      // The processes running once the shop is ready, none restarted while it started (the output is in the message
      // when the count is wrong).
      const firstApis = pidsOf(shop.output(), 'shop-api').filter(isRunning);
      const firstStorefronts = pidsOf(shop.output(), 'storefront').filter(isRunning);
      expect(firstApis, shop.output()).toHaveLength(2);
      expect(firstStorefronts, shop.output()).toHaveLength(2);

      // A guest's cart, started through whichever processes took the post.
      const home = await (await fetch(`${shopUrl}/en`)).text();
      const productId = Number(/href="\/en\/(\d+)-[a-z0-9-]+\.html"/.exec(home)![1]);
      const details = await fetch(`${apiUrl}/getProduct`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ product_id: productId }) });
      const { combinations } = (await details.json()).psdata as { combinations: Array<{ id: number; stock: number }> };
      const combination = combinations.reduce((most, each) => (each.stock > most.stock ? each : most));
      const added = await fetch(`${shopUrl}/en/cart`, {
        method: 'POST',
        headers: { Origin: shopUrl },
        body: new URLSearchParams({ intent: 'add', product_id: String(productId), combination_id: String(combination.id), quantity: '1', redirectTo: '/en/cart' }),
        redirect: 'manual',
      });
      expect(added.status).toBe(302);
      const cookie = added.headers.getSetCookie().find((line) => line.startsWith('sid='))!.split(';')[0]!;

      // Each read on a connection of its own: the supervisor hands them out in turn, so both storefront processes
      // answer, and every one of them sees the cart. The storefront keeps its connections to the API alive (all of a
      // storefront process's calls may go to one API process), so the API processes are asked directly, the same way.
      for (let read = 0; read < 8; read++) {
        const cart = await getAlone(`${shopUrl}/en/cart`, { Cookie: cookie });
        expect(cart.status).toBe(200);
        expect(cart.body).toMatch(/name="item_id" value="\d+"/);
      }
      const sessionId = decodeURIComponent(cookie.slice('sid='.length));
      for (let read = 0; read < 8; read++) {
        const cart = await postAlone(`${apiUrl}/getCartItems`, {}, { 'X-Session-Id': sessionId });
        expect(cart.status).toBe(200);
        expect((JSON.parse(cart.body) as { psdata: { lines: Array<{ combination_id: number }> } }).psdata.lines.map((line) => line.combination_id)).toEqual([combination.id]);
      }
      const metricsOf = (first: string) => [Number(first), Number(first) + 1];
      for (const metricsPort of metricsOf(ports.METRICS_PORT!)) {
        expect(await requestsCounted(metricsPort, (line) => line.includes('route="routes/cart"') && line.includes('method="GET"'))).toBeGreaterThan(0);
      }
      for (const metricsPort of metricsOf(ports.SHOP_API_METRICS_PORT!)) {
        expect(await requestsCounted(metricsPort, (line) => /route="\/[a-zA-Z]*Cart[a-zA-Z]*"/.test(line))).toBeGreaterThan(0);
      }

      // A page's trace: the storefront's answer, its call to the API (the API's answer within it), the API's queries.
      await expect
        .poll(() => {
          const cartPages = collector.spans().filter((span) => span.service === 'storefront' && span.kind === SERVER && span.target?.startsWith('/en/cart'));
          return cartPages.some((page) => {
            const trace = collector.spans().filter((span) => span.traceId === page.traceId);
            const apiAnswers = trace.filter((span) => span.service === 'shop-api' && span.kind === SERVER);
            return apiAnswers.length > 0 && trace.some((span) => span.service === 'shop-api' && span.name.startsWith('pg.query'));
          });
        })
        .toBe(true);
      expect(collector.spans().some((span) => span.target?.startsWith('/health'))).toBe(false);

      // Housekeeping ran once over both API processes, not once in each.
      const housekeepingRuns = () => shop.output().match(/housekeeping ran: /g)?.length ?? 0;
      await expect.poll(housekeepingRuns).toBe(1);

      // A rolling restart (SIGHUP) while shoppers keep reading their cart and the API keeps being called.
      const outcomes: Record<string, number> = {};
      const count = (key: string) => (outcomes[key] = (outcomes[key] ?? 0) + 1);
      let traffic = true;
      const shopper = async () => {
        while (traffic) {
          try {
            const page = await fetch(`${shopUrl}/en/cart`, { headers: { Cookie: cookie } });
            const body = await page.text();
            count(page.status === 200 && /name="item_id"/.test(body) ? 'cart shown' : `page ${page.status}`);
          } catch (error) {
            count(`page ${(error as Error).message}`);
          }
        }
      };
      const caller = async () => {
        while (traffic) {
          try {
            const call = await fetch(`${apiUrl}/getProduct`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ product_id: productId }) });
            count(call.status === 200 && (await call.json()).success ? 'call answered' : `call ${call.status}`);
          } catch (error) {
            count(`call ${(error as Error).message}`);
          }
        }
      };
      const running = Promise.all([shopper(), shopper(), shopper(), caller(), caller()]);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      shop.process.kill('SIGHUP');
      await expect.poll(() => shop.output(), { timeout: 180_000 }).toContain('Rolling restart done');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      traffic = false;
      await running;
      expect(Object.keys(outcomes).sort()).toEqual(['call answered', 'cart shown']);
      expect(outcomes['cart shown']).toBeGreaterThan(20);

      // Every process was replaced (two API, two storefront, the back office), each once.
      const apis = pidsOf(shop.output(), 'shop-api');
      const storefronts = pidsOf(shop.output(), 'storefront');
      expect(apis).toHaveLength(4);
      expect(storefronts).toHaveLength(4);
      for (const pid of [...firstApis, ...firstStorefronts]) expect(isRunning(pid)).toBe(false);
      expect(shop.output()).not.toContain('restarting in');
      // The new API processes did not run housekeeping again: its hour has not passed.
      expect(housekeepingRuns()).toBe(1);

      shop.process.kill('SIGTERM');
      expect(await shop.exitCode).toBe(0);
      for (const pid of [...apis, ...storefronts]) expect(isRunning(pid)).toBe(false);
    } finally {
      killAll(shop);
      collector.close();
    }
  });
});

const SERVER = 2;
type Span = { service: string; name: string; kind: number; traceId: string; target: string | undefined };

/** An OpenTelemetry collector as far as the shop sees one: OTLP over HTTP with JSON, spans kept in memory. */
async function startTraceCollector(): Promise<{ url: string; spans: () => Span[]; close: () => void }> {
  const spans: Span[] = [];
  type Attribute = { key: string; value: { stringValue?: string } };
  type Export = {
    resourceSpans: Array<{ resource: { attributes: Attribute[] }; scopeSpans: Array<{ spans: Array<{ name: string; kind: number; traceId: string; attributes: Attribute[] }> }> }>;
  };
  const valueOf = (attributes: Attribute[], ...keys: string[]) => attributes.find((attribute) => keys.includes(attribute.key))?.value.stringValue;
  const collector = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      for (const { resource, scopeSpans } of (JSON.parse(body) as Export).resourceSpans) {
        const service = valueOf(resource.attributes, 'service.name') ?? '';
        for (const span of scopeSpans.flatMap((scope) => scope.spans)) {
          spans.push({ service, name: span.name, kind: span.kind, traceId: span.traceId, target: valueOf(span.attributes, 'http.target', 'url.path') });
        }
      }
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  collector.listen(0, '127.0.0.1');
  await once(collector, 'listening');
  const { port } = collector.address() as net.AddressInfo;
  return { url: `http://127.0.0.1:${port}`, spans: () => spans, close: () => collector.close() };
}

test('on the embedded database the shop runs one API process, and says why', async () => {
  test.setTimeout(240_000);
  const shop = startShop(shopPort(3), { API_CONCURRENCY: '3', WEB_CONCURRENCY: '2' });
  try {
    await expect.poll(() => ready(shopPort(3)), { timeout: 180_000 }).toBe(200);
    expect(shop.output()).toContain('API_CONCURRENCY=3: running one shop API process, as the embedded database (PGlite, DATA_DIR) is opened by one process at a time');
    expect(pidsOf(shop.output(), 'shop-api')).toHaveLength(1);
    expect(pidsOf(shop.output(), 'storefront')).toHaveLength(2);
    shop.process.kill('SIGTERM');
    expect(await shop.exitCode).toBe(0);
  } finally {
    killAll(shop);
  }
});
