// Vitest's global set-up: one migrated and seeded demo shop per run, which every API test's shop starts as a copy of
// (databases.ts) instead of migrating and seeding its own: about 4 s saved per PGlite shop, 1 s per PostgreSQL one.
// PGlite: its data folder dumped to a file; PostgreSQL: a template database (`create database … template …`).
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { readConfig } from '../src/config.ts';
import { prepareDatabase } from '../src/start.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file holding the prepared PGlite's data folder (a tar). */
    pgliteTemplate: string;
    /** The prepared PostgreSQL template database's name ('' without TEST_DATABASE_URL). */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const suffix = randomBytes(6).toString('hex');
  const config = readConfig({ DATA_DIR: 'memory://' });

  const pglite = await prepareDatabase({ ...config, databaseUrl: undefined });
  const dumpFile = join(tmpdir(), `shop-test-template-${suffix}.tar`);
  const dump = await ((pglite.db as unknown as { $client: PGlite }).$client).dumpDataDir('none');
  writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplate', dumpFile);

  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = adminUrl ? `shop_template_${suffix}` : '';
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  if (adminUrl) {
    await admin(`create database ${template}`);
    const url = new URL(adminUrl);
    url.pathname = `/${template}`;
    const postgres = await prepareDatabase({ ...config, databaseUrl: url.toString() });
    await postgres.close();
    // Copies need the template free of sessions: none may open it any more.
    await admin(`alter database ${template} with is_template true allow_connections false`);
  }
  project.provide('postgresTemplate', template);

  return async () => {
    rmSync(dumpFile, { force: true });
    if (adminUrl) {
      await admin(`alter database ${template} with is_template false`);
      await admin(`drop database if exists ${template}`);
    }
  };
}
