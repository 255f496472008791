import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { claimTurn, startPeriodicJobs } from '../src/jobs/periodic.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { createPostgresDatabase, DRIVERS } from './databases.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The API's repeated jobs (housekeeping, releasing unpaid orders) run once per interval over every API process on
 * the database, not once in each (docs/adr/0040-several-processes-on-one-postgresql.md).
 */
describe.each(DRIVERS)('turns of the repeated jobs (%s)', (driver) => {
  // Two handles stand for two API processes: on PostgreSQL each has a pool of its own on one database.
  let processes: DatabaseHandle[] = [];
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (driver === 'postgres') {
      const database = await createPostgresDatabase();
      drop = database.drop;
      processes = await Promise.all([0, 1].map(() => openDatabase({ databaseUrl: database.url, dataDir: 'memory://' })));
    } else {
      processes = [await openDatabase({ dataDir: 'memory://' })];
    }
    await runMigrations(processes[0]!);
  });
  afterAll(async () => {
    await Promise.all(processes.map((handle) => handle.close()));
    await drop?.();
  });

  it('gives one turn among callers asking at once, and the next only once 90% of the interval has passed', async () => {
    const claims = await Promise.all(Array.from({ length: 12 }, (_, index) => claimTurn(processes[index % processes.length]!.db, 'housekeeping', HOUR_MS)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    // Another job has turns of its own.
    expect(await claimTurn(processes.at(-1)!.db, 'release-unpaid-orders', 60_000)).toBe(true);
    expect(await claimTurn(processes.at(-1)!.db, 'housekeeping', HOUR_MS)).toBe(false);

    const db = processes[0]!.db;
    await db.execute(sql`update scheduled_runs set ran_at = now() - interval '50 minutes' where job = 'housekeeping'`);
    expect(await claimTurn(db, 'housekeeping', HOUR_MS)).toBe(false);
    await db.execute(sql`update scheduled_runs set ran_at = now() - interval '55 minutes' where job = 'housekeeping'`);
    const again = await Promise.all(Array.from({ length: 12 }, (_, index) => claimTurn(processes[index % processes.length]!.db, 'housekeeping', HOUR_MS)));
    expect(again.filter(Boolean)).toHaveLength(1);
  });

  it('starts each periodic job in every process, and runs a once-per-shop job once among them', async () => {
    const ran: string[] = [];
    const lines: string[] = [];
    const job = (name: string, runs: 'once per shop' | 'in every process') => ({
      name,
      everyMs: HOUR_MS,
      runs,
      run: async () => {
        ran.push(name);
        return `${name} ran`;
      },
    });
    const jobs = [job('test-once', 'once per shop'), job('test-everywhere', 'in every process')];
    const log = { info: (line: string) => lines.push(line), error: (line: unknown) => lines.push(String(line)) } as never;
    // Two starts per process: four processes on PostgreSQL, two on PGlite's one handle.
    const stops = [...processes, ...processes].map((handle) => startPeriodicJobs({ db: handle.db } as never, log, jobs));
    await expect.poll(() => ran.filter((name) => name === 'test-everywhere').length).toBe(stops.length);
    await expect.poll(() => ran.filter((name) => name === 'test-once').length).toBe(1);
    stops.forEach((stop) => stop());
    expect(lines.filter((line) => line === 'test-once ran')).toHaveLength(1);
  });
});
