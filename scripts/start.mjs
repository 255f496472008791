// Starts the whole shop from the built code and keeps it running: the card sandbox (unless CARD_PROCESSOR_URL names
// a real card processor), the MultiSafepay sandbox (unless MULTISAFEPAY_API_URL names MultiSafepay), the shop API, then (once it answers) the storefront
// and the back office. Used by `npm start` and by the
// end-to-end tests. Configuration is by environment variables (README).
//
// It is a small supervisor, so one crash does not take the shop down until someone notices:
// - a service that stops after it has answered once is started again, after a wait that doubles from 1 s to
//   30 s and goes back to 1 s once the service has stayed up for a minute;
// - a service that stops before it ever answered (a port in use, a bad setting) stops the shop: restarting
//   would not help;
// - SIGTERM or SIGINT stops the storefront, then the API, then the sandboxes, each given 15 s to finish its requests before
//   SIGKILL; the supervisor then exits with 0.
// - The storefront, the API and the back office run as Node cluster workers of this process (it is their primary:
//   it holds their ports and hands each new connection to one of them): WEB_CONCURRENCY storefront and
//   API_CONCURRENCY API processes (1 each by default; one API process on the embedded database, which one process
//   opens at a time). SIGHUP replaces them one at a time, the API's first: a new process is started, and only once it
//   listens on every port of the one it replaces is that one stopped (it finishes its requests first), so no request
//   is refused (docs/adr/0040-several-processes-on-one-postgresql.md).
import { spawn } from 'node:child_process';
import cluster from 'node:cluster';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const FIRST_RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 30_000;
const STABLE_AFTER_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
// The first start of the API migrates and seeds the demo shop.
const FIRST_ANSWER_TIMEOUT_MS = 180_000;

const root = fileURLToPath(new URL('..', import.meta.url));
const apiPort = process.env.SHOP_API_PORT ?? '4000';
const storefrontPort = process.env.PORT ?? '3000';
const listensEverywhere = !process.env.HOST || ['0.0.0.0', '::'].includes(process.env.HOST);
const storefrontUrl = `http://${listensEverywhere ? '127.0.0.1' : process.env.HOST}:${storefrontPort}`;
const backOfficePort = process.env.BACK_OFFICE_PORT ?? '3001';
const backOfficeHost = process.env.BACK_OFFICE_HOST ?? '127.0.0.1';
const backOfficeUrl = `http://${['0.0.0.0', '::'].includes(backOfficeHost) ? '127.0.0.1' : backOfficeHost.includes(':') ? `[${backOfficeHost}]` : backOfficeHost}:${backOfficePort}`;
const env = {
  ...process.env,
  NODE_ENV: 'production',
  SHOP_API_PORT: apiPort,
  SHOP_API_URL: process.env.SHOP_API_URL ?? `http://127.0.0.1:${apiPort}`,
  // Links in the shop's emails lead here.
  STOREFRONT_URL: process.env.STOREFRONT_URL ?? `http://localhost:${storefrontPort}`,
  // The set-up links of `npm run staff:create` lead here.
  BACK_OFFICE_URL: process.env.BACK_OFFICE_URL ?? `http://localhost:${backOfficePort}`,
  // The back office calls the API's admin address when it has one of its own.
  ADMIN_API_URL: process.env.ADMIN_API_URL ?? (process.env.ADMIN_API_PORT ? `http://${process.env.ADMIN_API_HOST ?? '127.0.0.1'}:${process.env.ADMIN_API_PORT}` : undefined),
};
if (env.ADMIN_API_URL === undefined) delete env.ADMIN_API_URL;

/** A process count setting: a whole number from 1, else 1. */
const processCount = (name) => {
  const value = process.env[name];
  if (value === undefined || value === '') return 1;
  if (/^[1-9]\d*$/.test(value)) return Number(value);
  console.error(`${name}=${value} is not a whole number from 1; running 1.`);
  return 1;
};
const webConcurrency = processCount('WEB_CONCURRENCY');
const onPostgres = Boolean(process.env.DATABASE_URL);
let apiConcurrency = processCount('API_CONCURRENCY');
if (apiConcurrency > 1 && !onPostgres) {
  console.log(`API_CONCURRENCY=${apiConcurrency}: running one shop API process, as the embedded database (PGlite, DATA_DIR) is opened by one process at a time; set DATABASE_URL to run several on PostgreSQL.`);
  apiConcurrency = 1;
}

// Traces (OpenTelemetry) when a collector is named: each of the shop's own processes loads the tracing module before
// its code and names itself (packages/web-server/tracing.js). Without one, nothing of it is loaded.
const tracing = Boolean(process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
const tracedAs = (name) => (tracing ? { execArgv: [...process.execArgv, '--import', '@shop/web-server/tracing'], env: { OTEL_SERVICE_NAME: name } } : { execArgv: process.execArgv, env: {} });

/** The services in the order they start; they stop in the reverse order. */
const services = [];
let stopping = false;

/** Starts a service and keeps it running; resolves once it has answered at healthUrl for the first time. */
async function supervise({ name, args, cwd = root, extraEnv = {}, healthUrl }) {
  const service = { name, child: null, answered: false, restartDelay: FIRST_RESTART_DELAY_MS, restartTimer: null };
  services.push(service);

  const start = () => {
    const startedAt = Date.now();
    const child = spawn(process.execPath, args, { cwd, env: { ...env, ...extraEnv }, stdio: 'inherit' });
    service.child = child;
    console.log(`${name} started (pid ${child.pid})`);
    child.on('exit', (code, signal) => {
      service.child = null;
      if (stopping) return;
      const how = signal ?? `exit code ${code}`;
      if (!service.answered) {
        console.error(`${name} stopped (${how}) before it ever answered; stopping the shop.`);
        void stop(1);
        return;
      }
      if (Date.now() - startedAt >= STABLE_AFTER_MS) service.restartDelay = FIRST_RESTART_DELAY_MS;
      console.error(`${name} stopped (${how}); restarting in ${service.restartDelay / 1000} s.`);
      service.restartTimer = setTimeout(start, service.restartDelay);
      service.restartDelay = Math.min(service.restartDelay * 2, MAX_RESTART_DELAY_MS);
    });
  };

  start();
  const deadline = Date.now() + FIRST_ANSWER_TIMEOUT_MS;
  while (!stopping && Date.now() < deadline) {
    const answer = await fetch(healthUrl, { signal: AbortSignal.timeout(2_000) }).catch(() => null);
    if (answer?.ok) {
      service.answered = true;
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!stopping) {
    console.error(`${name} did not answer at ${healthUrl} within ${FIRST_ANSWER_TIMEOUT_MS / 1000} s; stopping the shop.`);
    await stop(1);
  }
}

/**
 * Runs `count` processes of `exec` as cluster workers sharing `port` (and any other port they listen on), keeps each
 * running like `supervise`, and can replace them one at a time (`replace`). `slotEnv(i)` adds the settings of the
 * i-th process (its own metrics port). `inPlace`: a replacement is started only once the old process has stopped
 * (the API on PGlite: its data folder is opened by one process at a time).
 */
async function superviseWorkers({ name, exec, cwd = root, extraEnv = {}, count, port, healthUrl, slotEnv = () => ({}), inPlace = false }) {
  const service = { name, cluster: true, slots: [], workers: new Set(), replace: null };
  services.push(service);
  const label = (slot) => (count > 1 ? ` as process ${slot.index + 1} of ${count}` : '');

  /** Forks a worker for `slot`; `onExit(code, signal)` is called when it stops. */
  const fork = (slot) => {
    const traced = tracedAs(name);
    cluster.setupPrimary({ exec, cwd, args: [], execArgv: traced.execArgv });
    const worker = cluster.fork({ ...env, ...traced.env, ...extraEnv, ...slotEnv(slot.index) });
    worker.ports = new Set();
    worker.on('listening', (address) => worker.ports.add(address.port));
    service.workers.add(worker);
    worker.once('exit', () => service.workers.delete(worker));
    console.log(`${name} started (pid ${worker.process.pid})${label(slot)}`);
    return worker;
  };
  /** Resolves true once `worker` listens on every port in `ports`, false if it stops first or takes too long. */
  const listening = (worker, ports) =>
    new Promise((resolve) => {
      const check = () => [...ports].every((wanted) => worker.ports.has(wanted)) && done(true);
      const timer = setTimeout(() => done(false), FIRST_ANSWER_TIMEOUT_MS);
      const onExit = () => done(false);
      function done(result) {
        clearTimeout(timer);
        worker.off('listening', check);
        worker.off('exit', onExit);
        resolve(result);
      }
      worker.on('listening', check);
      worker.once('exit', onExit);
      check();
    });

  const start = (slot) => {
    const startedAt = Date.now();
    const worker = fork(slot);
    slot.worker = worker;
    worker.on('listening', (address) => {
      if (address.port === Number(port)) slot.answered = true;
    });
    worker.once('exit', (code, signal) => {
      if (stopping || slot.worker !== worker) return;
      slot.worker = null;
      const how = signal ?? `exit code ${code}`;
      if (!slot.answered) {
        console.error(`${name} stopped (${how}) before it ever answered; stopping the shop.`);
        void stop(1);
        return;
      }
      if (Date.now() - startedAt >= STABLE_AFTER_MS) slot.restartDelay = FIRST_RESTART_DELAY_MS;
      console.error(`${name} stopped (${how}); restarting in ${slot.restartDelay / 1000} s.`);
      slot.restartTimer = setTimeout(() => start(slot), slot.restartDelay);
      slot.restartDelay = Math.min(slot.restartDelay * 2, MAX_RESTART_DELAY_MS);
    });
  };

  /** Replaces each process in turn; false if a new one could not start (the old ones then keep running). */
  service.replace = async () => {
    for (const slot of service.slots) {
      if (stopping) return false;
      const old = slot.worker;
      if (!old) continue; // Stopped, and being started again anyway.
      const ports = new Set([Number(port), ...old.ports]);
      // From here the old process's exit is not a crash: it is no longer the slot's.
      slot.worker = null;
      if (inPlace) await stopWorker(service, old);
      const fresh = fork(slot);
      if (!(await listening(fresh, ports))) {
        console.error(`${name} (pid ${fresh.process.pid}) did not start listening; the rolling restart stops here.`);
        if (!inPlace) slot.worker = old;
        await stopWorker(service, fresh);
        if (inPlace && !stopping) start(slot);
        return false;
      }
      clearTimeout(slot.restartTimer);
      // The new process is now the slot's, watched like one started by `start`.
      adopt(slot, fresh);
      if (!inPlace) await stopWorker(service, old);
    }
    return true;
  };
  const adopt = (slot, worker) => {
    const startedAt = Date.now();
    slot.worker = worker;
    worker.once('exit', (code, signal) => {
      if (stopping || slot.worker !== worker) return;
      slot.worker = null;
      if (Date.now() - startedAt >= STABLE_AFTER_MS) slot.restartDelay = FIRST_RESTART_DELAY_MS;
      console.error(`${name} stopped (${signal ?? `exit code ${code}`}); restarting in ${slot.restartDelay / 1000} s.`);
      slot.restartTimer = setTimeout(() => start(slot), slot.restartDelay);
      slot.restartDelay = Math.min(slot.restartDelay * 2, MAX_RESTART_DELAY_MS);
    });
  };

  for (let index = 0; index < count; index++) {
    const slot = { index, worker: null, answered: false, restartDelay: FIRST_RESTART_DELAY_MS, restartTimer: null };
    service.slots.push(slot);
    start(slot);
  }
  const deadline = Date.now() + FIRST_ANSWER_TIMEOUT_MS;
  while (!stopping && Date.now() < deadline) {
    const answer = await fetch(healthUrl, { signal: AbortSignal.timeout(2_000) }).catch(() => null);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!stopping) {
    console.error(`${name} did not answer at ${healthUrl} within ${FIRST_ANSWER_TIMEOUT_MS / 1000} s; stopping the shop.`);
    await stop(1);
  }
}

/** Sends SIGTERM to a worker (it finishes its requests) and resolves once it has exited; SIGKILL after STOP_TIMEOUT_MS. */
async function stopWorker(service, worker) {
  if (worker.process.exitCode !== null || worker.process.signalCode !== null) return;
  const exited = once(worker, 'exit');
  worker.process.kill('SIGTERM');
  const killer = setTimeout(() => {
    console.error(`${service.name} (pid ${worker.process.pid}) did not stop within ${STOP_TIMEOUT_MS / 1000} s; killing it.`);
    worker.process.kill('SIGKILL');
  }, STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(killer);
}

let replacing = false;
/** SIGHUP: every cluster service's processes replaced one at a time, the API's first (the storefront calls it). */
async function rollingRestart() {
  if (replacing || stopping) return;
  replacing = true;
  console.log('SIGHUP: replacing the shop\'s processes one at a time');
  let complete = true;
  for (const service of services) if (service.cluster && complete && !stopping) complete = await service.replace();
  replacing = false;
  if (!stopping) console.log(complete ? 'Rolling restart done' : 'Rolling restart stopped: a new process did not start; the running ones were kept');
}

async function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const service of [...services].reverse()) {
    if (service.cluster) {
      for (const slot of service.slots) clearTimeout(slot.restartTimer);
      await Promise.all([...service.workers].map((worker) => stopWorker(service, worker)));
      continue;
    }
    clearTimeout(service.restartTimer);
    const { child } = service;
    if (!child || child.exitCode !== null || child.signalCode !== null) continue;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const killer = setTimeout(() => {
      console.error(`${service.name} did not stop within ${STOP_TIMEOUT_MS / 1000} s; killing it.`);
      child.kill('SIGKILL');
    }, STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(killer);
  }
  process.exit(code);
}

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
process.on('SIGHUP', () => void rollingRestart());
console.log(`Supervisor pid ${process.pid}: kill -HUP ${process.pid} replaces the shop's processes one at a time (a deploy); SIGTERM stops the shop.`);

const startsApi = process.env.SHOP_API_URL === undefined || process.env.START_SHOP_API === 'true';
// The card sandbox (apps/card-sandbox) stands in for the card processor, before the API that calls it, unless
// CARD_PROCESSOR_URL names a processor (then that one is used). It shares its key and webhook secret with the API.
if (startsApi && process.env.CARD_PROCESSOR_URL === undefined) {
  const sandboxPort = process.env.CARD_SANDBOX_PORT ?? '4100';
  const sandboxHost = process.env.CARD_SANDBOX_HOST;
  const sandboxUrl = `http://${!sandboxHost || ['0.0.0.0', '::'].includes(sandboxHost) ? '127.0.0.1' : sandboxHost}:${sandboxPort}`;
  const secretKey = process.env.CARD_PROCESSOR_SECRET_KEY ?? process.env.CARD_SANDBOX_SECRET_KEY ?? 'sk_test_sandbox';
  const webhookSecret = process.env.CARD_WEBHOOK_SECRET ?? process.env.CARD_SANDBOX_WEBHOOK_SECRET ?? 'whsec_sandbox';
  Object.assign(env, { CARD_PROCESSOR_URL: sandboxUrl, CARD_PROCESSOR_SECRET_KEY: secretKey, CARD_WEBHOOK_SECRET: webhookSecret });
  await supervise({
    name: 'card-sandbox',
    args: ['apps/card-sandbox/dist/main.js'],
    extraEnv: {
      CARD_SANDBOX_PORT: sandboxPort,
      CARD_SANDBOX_SECRET_KEY: secretKey,
      CARD_SANDBOX_WEBHOOK_SECRET: webhookSecret,
      CARD_SANDBOX_WEBHOOK_URL: process.env.CARD_SANDBOX_WEBHOOK_URL ?? `${env.SHOP_API_URL}/webhooks/card`,
    },
    healthUrl: `${sandboxUrl}/health/live`,
  });
}
// The API tells MultiSafepay where to notify it: its own address. The MultiSafepay sandbox
// (apps/multisafepay-sandbox) stands in for MultiSafepay's API unless MULTISAFEPAY_API_URL names it; it shares
// the API key (which also signs its notifications) with the API.
if (startsApi) env.MULTISAFEPAY_NOTIFICATION_URL ??= `${env.SHOP_API_URL}/webhooks/multisafepay`;
if (startsApi && !stopping && process.env.MULTISAFEPAY_API_URL === undefined) {
  const sandboxPort = process.env.MULTISAFEPAY_SANDBOX_PORT ?? '4150';
  const sandboxHost = process.env.MULTISAFEPAY_SANDBOX_HOST;
  const sandboxUrl = `http://${!sandboxHost || ['0.0.0.0', '::'].includes(sandboxHost) ? '127.0.0.1' : sandboxHost}:${sandboxPort}`;
  const apiKey = process.env.MULTISAFEPAY_API_KEY ?? process.env.MULTISAFEPAY_SANDBOX_API_KEY ?? 'msp_sandbox_key';
  Object.assign(env, { MULTISAFEPAY_API_URL: sandboxUrl, MULTISAFEPAY_API_KEY: apiKey });
  await supervise({
    name: 'multisafepay-sandbox',
    args: ['apps/multisafepay-sandbox/dist/main.js'],
    extraEnv: { MULTISAFEPAY_SANDBOX_PORT: sandboxPort, MULTISAFEPAY_SANDBOX_API_KEY: apiKey },
    healthUrl: `${sandboxUrl}/health/live`,
  });
}
// The PayPal sandbox (apps/paypal-sandbox) stands in for PayPal, before the API that calls it, unless PAYPAL_API_URL
// names PayPal (then that one is used) or PAYPAL_ENABLED switches PayPal off. It shares the REST app's client id and
// secret and the webhook id with the API, and posts its notifications to the API's /webhooks/paypal.
const paypalEnabled = !['false', '0', 'off'].includes((process.env.PAYPAL_ENABLED ?? '').toLowerCase());
if (startsApi && !stopping && paypalEnabled && process.env.PAYPAL_API_URL === undefined) {
  const sandboxPort = process.env.PAYPAL_SANDBOX_PORT ?? '4200';
  const sandboxHost = process.env.PAYPAL_SANDBOX_HOST;
  const sandboxUrl = `http://${!sandboxHost || ['0.0.0.0', '::'].includes(sandboxHost) ? '127.0.0.1' : sandboxHost}:${sandboxPort}`;
  const clientId = process.env.PAYPAL_CLIENT_ID ?? process.env.PAYPAL_SANDBOX_CLIENT_ID ?? 'sandbox-client';
  const clientSecret = process.env.PAYPAL_CLIENT_SECRET ?? process.env.PAYPAL_SANDBOX_CLIENT_SECRET ?? 'sandbox-secret';
  const webhookId = process.env.PAYPAL_WEBHOOK_ID ?? process.env.PAYPAL_SANDBOX_WEBHOOK_ID ?? 'WH-SANDBOX';
  Object.assign(env, { PAYPAL_API_URL: sandboxUrl, PAYPAL_CLIENT_ID: clientId, PAYPAL_CLIENT_SECRET: clientSecret, PAYPAL_WEBHOOK_ID: webhookId });
  await supervise({
    name: 'paypal-sandbox',
    args: ['apps/paypal-sandbox/dist/main.js'],
    extraEnv: {
      PAYPAL_SANDBOX_PORT: sandboxPort,
      PAYPAL_SANDBOX_CLIENT_ID: clientId,
      PAYPAL_SANDBOX_CLIENT_SECRET: clientSecret,
      PAYPAL_SANDBOX_WEBHOOK_ID: webhookId,
      PAYPAL_SANDBOX_WEBHOOK_URL: process.env.PAYPAL_SANDBOX_WEBHOOK_URL ?? `${env.SHOP_API_URL}/webhooks/paypal`,
    },
    healthUrl: `${sandboxUrl}/health/live`,
  });
}
if (startsApi && !stopping) {
  const metricsPort = process.env.SHOP_API_METRICS_PORT;
  await superviseWorkers({
    name: 'shop-api',
    exec: 'apps/shop-api/dist/main.js',
    count: apiConcurrency,
    port: apiPort,
    healthUrl: `${env.SHOP_API_URL}/health/live`,
    // Each process its own metrics (a scrape target of its own): SHOP_API_METRICS_PORT, the next one, …
    slotEnv: (index) => (metricsPort ? { SHOP_API_METRICS_PORT: String(Number(metricsPort) + index) } : {}),
    inPlace: !onPostgres,
  });
}
if (!stopping) {
  // The storefront's own server (apps/storefront/server.js): checks hosts, methods and bodies, then the built app.
  console.log(`The shop is starting at http://localhost:${storefrontPort} (shop API at ${env.SHOP_API_URL})`);
  const metricsPort = process.env.METRICS_PORT;
  await superviseWorkers({
    name: 'storefront',
    exec: 'server.js',
    cwd: `${root}/apps/storefront`,
    extraEnv: { PORT: storefrontPort },
    count: webConcurrency,
    port: storefrontPort,
    healthUrl: `${storefrontUrl}/health/live`,
    slotEnv: (index) => (metricsPort ? { METRICS_PORT: String(Number(metricsPort) + index) } : {}),
  });
}
if (!stopping) {
  // The back office (apps/back-office/server.js): on this machine only unless BACK_OFFICE_HOST says otherwise.
  console.log(`The back office is starting at ${backOfficeUrl}`);
  await superviseWorkers({
    name: 'back-office',
    exec: 'server.js',
    cwd: `${root}/apps/back-office`,
    extraEnv: { BACK_OFFICE_PORT: backOfficePort, BACK_OFFICE_HOST: backOfficeHost },
    count: 1,
    port: backOfficePort,
    healthUrl: `${backOfficeUrl}/health/live`,
  });
}
