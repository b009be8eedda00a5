import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './precompress';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompress()],
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:8080' } },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['src/test/setup.ts'],
  },
});
