import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { isOn, type ApiConfig } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { scheduleHousekeeping } from './db/housekeeping.ts';
import { runMigrations } from './db/migrate.ts';
import { isSeeded, seedDemoShop } from './db/seed/index.ts';

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

export async function startApi(config: ApiConfig, env: NodeJS.ProcessEnv = process.env): Promise<{ app: FastifyInstance; handle: DatabaseHandle }> {
  const handle = await prepareDatabase(config, env.SEED_DEMO === undefined || isOn(env.SEED_DEMO));
  const app = buildApp({ db: handle.db, config, logger: { level: config.logLevel } });
  const stopHousekeeping = scheduleHousekeeping(handle.db, (message) => app.log.info(message));
  app.addHook('onClose', async () => {
    stopHousekeeping();
    await handle.close();
  });
  await app.listen({ port: config.port, host: config.host });
  return { app, handle };
}
