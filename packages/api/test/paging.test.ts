import { totalCap } from '@cp/contracts';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cappedCount, filterKey } from '../src/db/paging';
import { type FreshDatabase, freshDatabase } from './harness';

const things = pgTable('paging_things', { id: integer('id').primaryKey(), kind: integer('kind').notNull() });

describe('filterKey', () => {
  it('names the filter, not the page or the order', () => {
    const key = filterKey('vehicles', 1, { page: 1, limit: 20, sort: 'mileage', order: 'desc', stage: '5,7' });
    expect(filterKey('vehicles', 1, { page: 7, limit: 50, stage: '5,7' })).toBe(key);
    expect(filterKey('vehicles', 1, { page: 1, limit: 20, stage: '5' })).not.toBe(key);
    expect(filterKey('vehicles', 2, { page: 1, limit: 20, stage: '5,7' })).not.toBe(key);
    expect(filterKey('violations', 1, { page: 1, limit: 20, stage: '5,7' })).not.toBe(key);
  });
});

describe('cappedCount', () => {
  let fresh: FreshDatabase;
  let database: FreshDatabase['database'];
  beforeAll(async () => {
    fresh = await freshDatabase();
    database = fresh.database;
    await database.db.execute(sql`create table paging_things (id integer primary key, kind integer not null)`);
    await database.db.execute(
      sql`insert into paging_things select n, case when n <= 5 then 1 else 2 end from generate_series(1, ${totalCap + 1}) n`,
    );
  });
  afterAll(async () => {
    await database.close();
    await fresh.drop();
  });

  it('counts a small filter exactly every time, with or without a key', async () => {
    const small = eq(things.kind, 1);
    expect(await cappedCount(database.db, things, small, 'things|kind=1')).toBe(5);
    await database.db.insert(things).values({ id: totalCap + 2, kind: 1 });
    expect(await cappedCount(database.db, things, small, 'things|kind=1')).toBe(6);
    expect(await cappedCount(database.db, things, small)).toBe(6);
  });

  it('stops at the cap and remembers a capped filter by its key, without counting it again', async () => {
    const all = sql`true`;
    expect(await cappedCount(database.db, things, all, 'things|all')).toBe(totalCap + 1);
    await database.db.execute(sql`delete from paging_things where id > 100`);
    // Remembered for a while: the pager keeps showing 10000+ while the user pages through the list.
    expect(await cappedCount(database.db, things, all, 'things|all')).toBe(totalCap + 1);
    // Another key (another filter, tenant or list) is counted afresh, and so is a count without a key.
    expect(await cappedCount(database.db, things, all, 'things|everything')).toBe(100);
    expect(await cappedCount(database.db, things, all)).toBe(100);
  });
});
