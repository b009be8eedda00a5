import { defineConfig } from 'vitest/config';

/** End-to-end tests: the built console served by the API, driven in headless Chromium. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['src/**/*.e2e.ts'],
    globalSetup: ['src/support/globalSetup.ts'],
    environment: 'node',
    // One browser at a time on a small machine; files run one after another.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
