import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every `tables.ts` (and `*-tables.ts`) of a feature folder: a new family's table needs no list.
  schema: './src/**/*tables.ts',
  out: './drizzle',
});
