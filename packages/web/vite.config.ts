import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { antdStyles } from './antdStyles';
import { precompress } from './precompress';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), antdStyles(), precompress()],
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:8080' } },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['src/test/setup.ts'],
    // A time-out stops a test that hangs; it is no speed bound. antd dialogs render several times slower on
    // a busy 2-core machine than on a quiet one (5 s, vitest's default, failed five tests there).
    testTimeout: 60_000,
  },
});
