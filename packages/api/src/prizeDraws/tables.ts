import { drawRecordResource, participantResource, prizeDrawResource, prizeResource } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns, idColumn, refColumn, versionColumn } from '../db/columns';
import { listIndexes } from '../db/list-indexes';

const moment = (name: string) => timestamp(name, { withTimezone: true });
const trigram = (column: unknown) => sql`${column} gin_trgm_ops`;

/** A draw: its period, its rules and its secret seed, of which only the SHA-256 is shown until it ends. */
export const prizeDraws = pgTable(
  'prize_draws',
  {
    id: idColumn(),
    name: text('name').notNull(),
    startsAt: moment('starts_at').notNull(),
    endsAt: moment('ends_at').notNull(),
    rules: text('rules'),
    status: smallint('status').notNull().default(0),
    /** 32 random bytes, hex: every outcome is an HMAC of it. */
    seed: text('seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    endedAt: moment('ended_at'),
    ...businessColumns(),
    version: versionColumn(),
  },
  (table) =>
    listIndexes('prize_draws', table, prizeDrawResource, [
      uniqueIndex('prize_draws_tenant_name_key').on(table.tenantId, table.name),
      index('prize_draws_tenant_starts_idx').on(table.tenantId, table.startsAt),
      index('prize_draws_tenant_status_idx').on(table.tenantId, table.status, table.startsAt),
      index('prize_draws_tenant_updated_idx').on(table.tenantId, table.updatedAt),
      index('prize_draws_name_trgm_idx').using('gin', trigram(table.name)),
    ]),
);

/** A prize of a draw: `given` only grows, and never past `stock` (the draw's conditional update). */
export const prizes = pgTable(
  'prize_draw_prizes',
  {
    id: idColumn(),
    drawId: refColumn('draw_id').notNull(),
    name: text('name').notNull(),
    level: smallint('level').notNull(),
    /** Basis points (万分之). */
    probability: integer('probability').notNull(),
    stock: integer('stock').notNull(),
    given: integer('given').notNull().default(0),
    value: bigint('value', { mode: 'number' }),
    image: text('image').array().notNull().default(sql`'{}'::text[]`),
    ...businessColumns(),
    version: versionColumn(),
  },
  (table) =>
    listIndexes('prize_draw_prizes', table, prizeResource, [
      index('prize_draw_prizes_tenant_draw_idx').on(table.tenantId, table.drawId, table.level),
    ]),
);

/** Who may draw, and how often: added one by one or imported; the mobile is unique within a draw. */
export const participants = pgTable(
  'prize_draw_participants',
  {
    id: idColumn(),
    drawId: refColumn('draw_id').notNull(),
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    externalRef: text('external_ref'),
    chances: integer('chances').notNull().default(1),
    used: integer('used').notNull().default(0),
    status: smallint('status').notNull().default(0),
    ...businessColumns(),
    version: versionColumn(),
  },
  (table) =>
    listIndexes('prize_draw_participants', table, participantResource, [
      uniqueIndex('prize_draw_participants_mobile_key').on(table.tenantId, table.mobile, table.drawId),
      index('prize_draw_participants_tenant_draw_idx').on(table.tenantId, table.drawId, table.createdAt),
      index('prize_draw_participants_tenant_created_idx').on(table.tenantId, table.createdAt),
      index('prize_draw_participants_name_trgm_idx').using('gin', trigram(table.name)),
      index('prize_draw_participants_mobile_trgm_idx').using('gin', trigram(table.mobile)),
    ]),
);

/** One draw of one participant: what the seed gave (`digest`, `draw`) and what it won. Never changed. */
export const drawRecords = pgTable(
  'prize_draw_records',
  {
    id: idColumn(),
    drawId: refColumn('draw_id').notNull(),
    participantId: refColumn('participant_id').notNull(),
    participantName: text('participant_name').notNull(),
    mobile: text('mobile').notNull(),
    attempt: integer('attempt').notNull(),
    drawnAt: moment('drawn_at').notNull(),
    digest: text('digest').notNull(),
    draw: integer('draw').notNull(),
    won: boolean('won').notNull(),
    prizeId: refColumn('prize_id'),
    prizeName: text('prize_name'),
    prizeLevel: smallint('prize_level'),
    channel: smallint('channel').notNull(),
    operator: text('operator').notNull(),
    note: text('note'),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('prize_draw_records', table, drawRecordResource, [
      uniqueIndex('prize_draw_records_attempt_key').on(table.tenantId, table.participantId, table.attempt),
      index('prize_draw_records_tenant_draw_idx').on(table.tenantId, table.drawId, table.drawnAt),
      index('prize_draw_records_tenant_won_idx').on(table.tenantId, table.drawId, table.won, table.drawnAt),
      index('prize_draw_records_tenant_drawn_idx').on(table.tenantId, table.drawnAt),
      index('prize_draw_records_name_trgm_idx').using('gin', trigram(table.participantName)),
      index('prize_draw_records_mobile_trgm_idx').using('gin', trigram(table.mobile)),
    ]),
);
