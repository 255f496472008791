import type { FastifyInstance } from 'fastify';

/**
 * Starts a sandbox as its dist/main.js does: reads its settings (a bad one ends the process), listens, logs where
 * it is, and stops on SIGINT or SIGTERM (a second signal, or 5 s without stopping, ends it at once).
 */
export async function runSandbox<C extends { port: number; host: string }>(input: {
  name: string;
  readConfig: () => C;
  build: (config: C) => FastifyInstance;
  started: (config: C) => string;
}): Promise<void> {
  let config: C;
  try {
    config = input.readConfig();
  } catch (error) {
    console.error(`${input.name}: ${(error as Error).message}`);
    process.exit(1);
  }
  const app = input.build(config);
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    console.error(`${input.name}: could not listen on ${config.host}:${config.port}: ${(error as Error).message}`);
    process.exit(1);
  }
  app.log.info(input.started(config));

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    app.log.info(`${signal}: stopping`);
    setTimeout(() => process.exit(1), 5_000).unref();
    void app.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
