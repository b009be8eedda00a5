import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one on a two-core machine, every file in turn.
    // Test files spend much of their time waiting (on PostgreSQL, on timers), so two run side by side.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
          environment: 'node',
          // Property tests run hundreds of cases: a time-out against a hang, not a speed bound.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['packages/api/src/**/*.test.ts', 'packages/api/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          // A deadline against a hang, not a speed bound: a suite's first app may build the demo template it
          // opens (eighteen months of lease books replayed, about 30 s on a quiet machine, minutes on a busy one).
          hookTimeout: 600_000,
          // Every suite has a database of its own (an in-memory PGlite, or a new database on the server of
          // DATABASE_URL), copied from a template the run's global setup keeps: suites run side by side.
          globalSetup: ['packages/api/test/templates.ts'],
          // The server's modules are imported once per worker, not once per file: each file builds its own
          // app on its own database, and nothing a file changes outlives it but what the server keeps per
          // process anyway (remembered counts, statement names). Half the API phase was imports before.
          isolate: false,
        },
      },
      'packages/web/vite.config.ts',
    ],
  },
});
