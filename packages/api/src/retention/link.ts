import { leadEnums, retentionStates } from '@cp/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db';
import { drivers } from '../drivers/tables';
import { leads } from '../leads/tables';
import { retentionLeads } from './tables';

/** Serialises the writers of one mobile's 留资 in the branch company until the transaction ends. */
export async function lockRetentionMobile(tx: Executor, tenantId: number, mobile: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`retention-mobile:${tenantId}:${mobile}`}))`);
}

export interface Link {
  linkedLeadId: number | null;
  linkedDriverId: number | null;
  linked: string | null;
}

/**
 * What the mobile already is in the branch company: a driver (by the drivers' unique mobile) and the newest
 * 线索 holding it. A 留资 links to them instead of starting a copy; `linked` names them for the list.
 */
export async function linkOfMobile(tx: Executor, tenantId: number, mobile: string): Promise<Link> {
  const [driver] = await tx
    .select({ id: drivers.id, name: drivers.name })
    .from(drivers)
    .where(and(eq(drivers.tenantId, tenantId), eq(drivers.mobile, mobile)));
  const [lead] = await tx
    .select({ id: leads.id, contactName: leads.contactName, status: leads.status })
    .from(leads)
    .where(and(eq(leads.tenantId, tenantId), eq(leads.mobile, mobile)))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(1);
  const words = [
    ...(driver ? [`司机：${driver.name}`] : []),
    ...(lead ? [`线索：${lead.contactName}（${leadEnums.status.label(lead.status)}）`] : []),
  ];
  return {
    linkedLeadId: lead?.id ?? null,
    linkedDriverId: driver?.id ?? null,
    linked: words.length ? words.join('；') : null,
  };
}

/** The open 留资 (待跟进, 跟进中) of one list holding the mobile, newest first. */
export async function openRetentionOf(tx: Executor, tenantId: number, channel: number, mobile: string) {
  const [open] = await tx
    .select({
      id: retentionLeads.id,
      contactName: retentionLeads.contactName,
      lastSubmittedAt: retentionLeads.lastSubmittedAt,
    })
    .from(retentionLeads)
    .where(
      and(
        eq(retentionLeads.tenantId, tenantId),
        eq(retentionLeads.mobile, mobile),
        eq(retentionLeads.channel, channel),
        inArray(retentionLeads.status, [retentionStates.pending, retentionStates.following]),
      ),
    )
    .orderBy(desc(retentionLeads.firstTouchAt))
    .limit(1);
  return open ?? null;
}
