import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { shopPorts } from '../playwright.config';

/**
 * `npm start` keeps the shop running: these tests start a shop of their own (as `npm start` does, on ports
 * no other shop uses) and break it.
 */
const base = Number(process.env.E2E_PORT_BASE ?? 3100) + 400;
const repository = fileURLToPath(new URL('../..', import.meta.url));

type Started = { process: ChildProcess; output: () => string; exitCode: Promise<number | null> };

function startShop(port: number, settings: Record<string, string> = {}): Started {
  const shop = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repository,
    env: { ...process.env, ...shopPorts(port), DATA_DIR: 'memory://', SEED_DEMO: 'false', LOG_LEVEL: 'warn', ...settings },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  shop.stdout!.on('data', (chunk) => (output += chunk));
  shop.stderr!.on('data', (chunk) => (output += chunk));
  const exitCode = once(shop, 'exit').then(([code]) => code as number | null);
  return { process: shop, output: () => output, exitCode };
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
  test.setTimeout(120_000);
  const shop = startShop(base);
  try {
    await expect.poll(() => ready(base), { timeout: 90_000 }).toBe(200);
    const [api] = pidsOf(shop.output(), 'shop-api');
    const [storefront] = pidsOf(shop.output(), 'storefront');

    process.kill(api!, 'SIGKILL');
    await expect.poll(() => ready(base), { timeout: 30_000 }).toBe(200);
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
    shop.process.kill('SIGKILL');
  }
});

test('a shop API that cannot start at all stops the shop instead of being restarted forever', async () => {
  test.setTimeout(90_000);
  // Nothing listens on port 9: its database cannot be reached.
  const shop = startShop(base + 1, { DATABASE_URL: 'postgres://shop@127.0.0.1:9/shop' });
  try {
    expect(await shop.exitCode).toBe(1);
    expect(shop.output()).toContain('before it ever answered; stopping the shop.');
    expect(shop.output()).not.toContain('storefront started');
  } finally {
    shop.process.kill('SIGKILL');
  }
});
