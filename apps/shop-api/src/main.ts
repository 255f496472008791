import { readConfig } from './config.ts';
import { StartupError, startApi } from './start.ts';

/** How long in-flight calls may take to finish after a stop signal before the process exits anyway. */
const DRAIN_TIMEOUT_MS = 10_000;

const config = readConfig();
try {
  const { app, stop: stopGracefully } = await startApi(config);
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    // A second signal while draining: stop now.
    if (stopping) process.exit(1);
    stopping = true;
    app.log.info(`${signal}: finishing the calls in flight`);
    setTimeout(() => process.exit(1), DRAIN_TIMEOUT_MS).unref();
    // Readiness turns 503 at once; new connections go to the other processes, calls on open ones are answered
    // (http/drain.ts), then the jobs stop and the database is closed.
    void stopGracefully().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  if (error instanceof StartupError) {
    console.error(`shop-api: ${error.message}`);
  } else {
    console.error('shop-api: could not start:', error);
  }
  process.exit(1);
}
