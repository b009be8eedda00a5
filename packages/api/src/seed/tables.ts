import { boolean, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';

/**
 * The database's first start, once: whether it wrote the demo, when it began and when it finished. Written in
 * the transaction that found the database empty (no branch company yet); a database that held data before
 * this row existed gets it too, marked as no demo. Later starts read it and write no demo rows.
 */
export const installation = pgTable('installation', {
  id: smallint('id').primaryKey().default(1),
  /** Whether the first start wrote the demo data (false: DEMO_DATA=0, or the data was there before). */
  demo: boolean('demo').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set once the first start's writes are done; null: it stopped half-way (or is under way in another process). */
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
