import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { isOn, type ApiConfig } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { startPeriodicJobs } from './jobs/periodic.ts';
import { runMigrations } from './db/migrate.ts';
import { isSeeded, seedDemoShop } from './seed/index.ts';
import { drain } from './http/drain.ts';
import { loggerOptions } from './http/log.ts';
import { createMailer } from './mail/mailer.ts';
import { serveMetrics } from './metrics.ts';
import { GatewaySettingError } from './payments/gateways/http.ts';
import { gatewaysFromEnv } from './payments/registry.ts';

/** A start-up failure a shop owner can act on: printed as one line, not as a stack trace. */
export class StartupError extends Error {}

/** Opens the database, brings its schema up to date, seeds the demo shop on an empty one. */
export async function prepareDatabase(config: ApiConfig, seedDemo = true): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    const where = config.databaseUrl ? 'PostgreSQL at DATABASE_URL' : `PGlite in ${config.dataDir}`;
    throw new StartupError(`Cannot open the database (${where}): ${(error as Error).message}`);
  }
  await handle.exclusively(async () => {
    await runMigrations(handle);
    if (seedDemo && !(await isSeeded(handle.db))) await seedDemoShop(handle.db);
  });
  return handle;
}

export async function startApi(
  config: ApiConfig,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ app: FastifyInstance; handle: DatabaseHandle; stop: () => Promise<void> }> {
  let gateways;
  try {
    gateways = gatewaysFromEnv(env);
  } catch (error) {
    if (error instanceof GatewaySettingError) throw new StartupError(error.message);
    throw error;
  }
  const handle = await prepareDatabase(config, env.SEED_DEMO === undefined || isOn(env.SEED_DEMO));
  const mailer = createMailer(config);
  const logger = loggerOptions(config.logLevel);
  const app = buildApp({ db: handle.db, config, logger, gateways, mailer, serves: config.adminApi ? 'shop' : 'both' });
  // The back office's calls on an address of their own (a private network), when one is configured.
  const adminApp = config.adminApi ? buildApp({ db: handle.db, config, logger, gateways, mailer, serves: 'admin' }) : null;
  const stopJobs = startPeriodicJobs({ db: handle.db, config, mailer, gateways, log: app.log }, app.log);
  let metricsServer: Server | null = null;
  app.addHook('onClose', async () => {
    await adminApp?.close();
    metricsServer?.close();
    stopJobs();
    await handle.close();
  });
  // The side addresses first: a port already taken stops this process before it answers on the shop's address, so
  // the supervisor stops the shop with the error instead of restarting, again and again, a process that cannot run whole.
  if (config.metrics) metricsServer = await serveMetrics(config.metrics);
  if (adminApp && config.adminApi) await adminApp.listen(config.adminApi);
  await app.listen({ port: config.port, host: config.host });
  // Stops without dropping a call: no new connections, the calls of open ones answered, then the jobs and the database.
  const stop = async () => {
    await Promise.all([drain(app), adminApp ? drain(adminApp) : undefined]);
    await app.close();
  };
  return { app, handle, stop };
}
