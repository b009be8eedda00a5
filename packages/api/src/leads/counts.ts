import { beijingDay, leadEnums } from '@cp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db';
import type { Row, WriteContext } from '../resource/family';

/** What 线索统计 counts a lead by. */
export interface CountedLead {
  tenantId: number;
  createdAt: Date;
  channelId: number | null;
  cityId: number | null;
  salespersonId: number | null;
  status: number;
  followUpCount: number;
}

/** A row of `lead_daily_counts`: a branch company's leads of a Beijing day in one channel, city and salesperson. */
export interface LeadGroup {
  tenantId: number;
  day: string;
  channelId: number | null;
  cityId: number | null;
  salespersonId: number | null;
}

const statuses = leadEnums.status.values;
/** The count columns, `leads_n` then `followed_n` for each lead state n. */
const measures = [...statuses.map((status) => `leads_${status}`), ...statuses.map((status) => `followed_${status}`)];
const groupColumns = 'tenant_id, day, channel_id, city_id, salesperson_id';

const idOrNull = (value: unknown) => (value == null ? null : Number(value));

/** A lead row as the kit reads it (or null), as the counts see it. */
export function countedLead(row: Row | null | undefined): CountedLead | null {
  if (!row) return null;
  return {
    tenantId: Number(row.tenantId),
    createdAt: new Date(row.createdAt as Date | string),
    channelId: idOrNull(row.channelId),
    cityId: idOrNull(row.cityId),
    salespersonId: idOrNull(row.salespersonId),
    status: Number(row.status),
    followUpCount: Number(row.followUpCount ?? 0),
  };
}

/** Adds rows of group columns and counts (`select`, `values`) to `lead_daily_counts`, group by group. */
function addTo(rows: SQL): SQL {
  return sql`insert into lead_daily_counts (${sql.raw(`${groupColumns}, ${measures.join(', ')}`)}) ${rows}
    on conflict (${sql.raw(groupColumns)}) do update set
    ${sql.raw(measures.map((name) => `${name} = lead_daily_counts.${name} + excluded.${name}`).join(', '))}`;
}

/**
 * Counts the leads `where` selects (of table `leads`) in `lead_daily_counts`, in one statement: for leads
 * written around the writers (the scale generator's million, a test's rows).
 */
export function countLeadsWhere(where: SQL): SQL {
  const counted = [
    ...statuses.map((status) => `count(*) filter (where status = ${status})`),
    ...statuses.map((status) => `count(*) filter (where status = ${status} and follow_up_count > 0)`),
  ];
  return addTo(sql`select tenant_id, (created_at at time zone 'Asia/Shanghai')::date, channel_id, city_id,
    salesperson_id, ${sql.raw(counted.join(', '))} from leads where ${where} group by 1, 2, 3, 4, 5`);
}

const keyOf = (group: LeadGroup) =>
  [group.tenantId, group.day, group.channelId, group.cityId, group.salespersonId] as const;

/** One order of groups for every transaction (empty before any id), so two never wait on each other's rows. */
function compareGroups(a: LeadGroup, b: LeadGroup): number {
  const [x, y] = [keyOf(a), keyOf(b)];
  for (let i = 0; i < x.length; i++) {
    const [p, q] = [x[i] ?? null, y[i] ?? null];
    if (p === q) continue;
    if (p === null) return -1;
    if (q === null) return 1;
    return p < q ? -1 : 1;
  }
  return 0;
}

interface Change {
  group: LeadGroup;
  /** Per lead state: leads, then followed-up leads, as `measures`. */
  counts: number[];
}

/**
 * What a transaction's lead writes change in `lead_daily_counts`, gathered as they happen and written at its
 * end (`write`): a lead that moves to another state, salesperson, channel or city is taken from its old group
 * and added to its new one. Written last and in one order of groups, a group row is locked only in the
 * transaction's last moment, after every lead and allocation rule it locks, so two writers never wait on each
 * other in a circle; two transactions adding to one group both count (the second adds to what the first
 * committed).
 */
export class LeadCounts {
  private readonly changes = new Map<string, Change>();

  /** `n` leads of `group` in state `status` (followed up or not); a negative `n` takes them away. */
  add(group: LeadGroup, status: number, followed: boolean, n: number): void {
    const index = statuses.indexOf(status as (typeof statuses)[number]);
    if (index < 0) throw new Error(`lead state ${status} has no count column`);
    const key = JSON.stringify(keyOf(group));
    const change = this.changes.get(key) ?? { group, counts: measures.map(() => 0) };
    this.changes.set(key, change);
    change.counts[index] = (change.counts[index] ?? 0) + n;
    if (followed) change.counts[statuses.length + index] = (change.counts[statuses.length + index] ?? 0) + n;
  }

  /** A lead counted as `before` (null: it is new) is now counted as `after` (null: it is gone). */
  move(before: CountedLead | null, after: CountedLead | null): void {
    if (before) this.add(groupOf(before), before.status, before.followUpCount > 0, -1);
    if (after) this.add(groupOf(after), after.status, after.followUpCount > 0, 1);
  }

  async write(db: Executor): Promise<void> {
    const changes = [...this.changes.values()]
      .filter((change) => change.counts.some((n) => n !== 0))
      .sort((a, b) => compareGroups(a.group, b.group));
    this.changes.clear();
    for (let start = 0; start < changes.length; start += 1000) {
      const rows = changes.slice(start, start + 1000).map(
        ({ group, counts }) =>
          sql`(${group.tenantId}, ${group.day}::date, ${group.channelId}, ${group.cityId}, ${group.salespersonId},
            ${sql.join(
              counts.map((n) => sql`${n}`),
              sql`, `,
            )})`,
      );
      await db.execute(addTo(sql`values ${sql.join(rows, sql`, `)}`));
    }
  }
}

function groupOf(lead: CountedLead): LeadGroup {
  return {
    tenantId: lead.tenantId,
    day: beijingDay(lead.createdAt),
    channelId: lead.channelId,
    cityId: lead.cityId,
    salespersonId: lead.salespersonId,
  };
}

/** The counts of the write's transaction, written when its work is done (before it commits). */
export function leadCountsOf(ctx: WriteContext): Promise<LeadCounts> {
  return ctx.memo('leadCounts', async () => {
    const counts = new LeadCounts();
    ctx.beforeCommit(() => counts.write(ctx.tx));
    return counts;
  });
}
