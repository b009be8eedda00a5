import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { rowsOf } from '../db/migrate';

/** Days ahead an expiry counts as a risk; days of GPS silence; violations within 90 days. */
const riskWindows = { expiryDays: 30, gpsSilentDays: 3, violationCount: 3 } as const;

interface RiskRule {
  rule: number;
  /** Vehicles (alias v) the rule flags; `due` and `detail` columns. */
  select: SQL;
}

const expiry = (rule: number, column: string, title: string): RiskRule => ({
  rule,
  select: sql`select v.id, v.tenant_id, ${sql.raw(`v.${column}`)} as due,
    ${title}::text || '：' || to_char(${sql.raw(`v.${column}`)}, 'YYYY-MM-DD') || '到期' as detail
    from vehicles v where not v.deleted and v.stage <> 9 and ${sql.raw(`v.${column}`)} <= current_date + ${riskWindows.expiryDays}::int`,
});

const rules: RiskRule[] = [
  expiry(0, 'compulsory_end', '交强险'),
  expiry(1, 'commercial_end', '商业险'),
  expiry(2, 'next_inspection_date', '年检'),
  expiry(3, 'operation_certificate_expiry', '运输证'),
  {
    rule: 4,
    select: sql`select v.id, v.tenant_id, null::date as due,
      'GPS设备 ' || v.gps_device_no || ' 最后定位于 ' || to_char(v.gps_last_seen_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') as detail
      from vehicles v where not v.deleted and v.stage <> 9 and v.gps_device_no is not null
        and v.gps_last_seen_at < now() - make_interval(days => ${riskWindows.gpsSilentDays}::int)`,
  },
  {
    rule: 5,
    select: sql`select v.id, v.tenant_id, null::date as due, '近90天违章 ' || n.count || ' 次' as detail
      from vehicles v join (select vehicle_id, count(*) as count from vehicle_violations
        where occurred_at > now() - interval '90 days' group by vehicle_id) n on n.vehicle_id = v.id
      where not v.deleted and v.stage <> 9 and n.count >= ${riskWindows.violationCount}::int`,
  },
];

export interface ScanOutcome {
  /** Flags this scan added. */
  flagged: number;
  /** Flags waiting for 处理 after it, the new ones included. */
  pending: number;
}

/**
 * Flags vehicles by every rule; a vehicle already flagged and not yet handled for a rule is not flagged
 * again; a car sold (已售出) is no longer the fleet's. Says how many flags it added and how many wait for 处理 now (of the tenant, or of all tenants).
 */
export async function scanRisks(db: Db, tenantId?: number): Promise<ScanOutcome> {
  let flagged = 0;
  for (const { rule, select } of rules) {
    const scope = tenantId === undefined ? sql`true` : sql`c.tenant_id = ${tenantId}`;
    const result = await db.execute(sql`
      insert into vehicle_risks (vehicle_id, tenant_id, rule, detail, due_date)
      select c.id, c.tenant_id, ${rule}::smallint, c.detail, c.due from (${select}) c
      where ${scope} and not exists (select 1 from vehicle_risks r where r.vehicle_id = c.id and r.rule = ${rule}::smallint and r.status = 0)
      returning id`);
    flagged += rowsOf(result).length;
  }
  const scope = tenantId === undefined ? sql`true` : sql`tenant_id = ${tenantId}`;
  const [open] = rowsOf<{ n: number | string }>(
    await db.execute(sql`select count(*) as n from vehicle_risks where status = 0 and ${scope}`),
  );
  return { flagged, pending: Number(open?.n ?? 0) };
}
