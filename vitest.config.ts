import { defineConfig } from 'vitest/config';

// Unit and integration tests of every workspace. The API tests open real databases: PGlite always,
// PostgreSQL too when TEST_DATABASE_URL is set (CI sets it).
export default defineConfig({
  // Each workspace's tsconfig paths (the storefront's `~/…`).
  resolve: { tsconfigPaths: true },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'apps/*/app/**/*.test.{ts,tsx}', 'apps/*/src/**/*.test.ts', 'apps/*/test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each API test file seeds its own databases: two at a time suits a 2-core machine.
    maxWorkers: 2,
    // One migrated and seeded demo shop per run, copied by every API test's shop (apps/shop-api/test/databases.ts).
    globalSetup: ['apps/shop-api/test/template-databases.ts'],
  },
});
