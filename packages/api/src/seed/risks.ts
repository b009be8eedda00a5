import { sql } from 'drizzle-orm';
import type { Db } from '../db';

/**
 * Dates the flags the first scan raised over freshly written demo vehicles as a daily scan would have
 * raised them: an expiry 30 days before it falls due (at 02:00), GPS silence 3 days after the last
 * position, frequent violations when the latest one was entered — never before the vehicle was
 * registered, never after now.
 */
export async function dateFirstFlags(db: Db, tenantIds: readonly number[], since: Date): Promise<void> {
  if (tenantIds.length === 0) return;
  await db.execute(sql`
    update vehicle_risks r set detected_at = d.at, created_at = d.at, updated_at = d.at
    from (
      select f.id, least(now(), greatest(v.created_at, case
        when f.rule in (0, 1, 2, 3) then ((f.due_date - 30)::timestamp + interval '2 hours') at time zone 'Asia/Shanghai'
        when f.rule = 4 then v.gps_last_seen_at + interval '3 days'
        else (select max(w.created_at) from vehicle_violations w
          where w.vehicle_id = v.id and w.occurred_at > now() - interval '90 days')
      end)) as at
      from vehicle_risks f join vehicles v on v.id = f.vehicle_id
      where f.tenant_id in (${sql.join(
        tenantIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and f.created_at >= ${since}
    ) d
    where r.id = d.id`);
}
