import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'api',
          include: ['packages/api/src/**/*.test.ts', 'packages/api/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Suites share one PostgreSQL database when DATABASE_URL is set.
          fileParallelism: false,
          // Seeded databases are built once per run and copied for each suite.
          globalSetup: ['packages/api/test/templates.ts'],
        },
      },
      'packages/web/vite.config.ts',
    ],
  },
});
