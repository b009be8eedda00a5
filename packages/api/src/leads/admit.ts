import { eventKind, leadEnums, leadStatus, openLeadStates } from '@cp/contracts';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { allocate } from '../channels/allocate';
import type { Tx } from '../db';
import { businessError } from '../http/errors';
import { users } from '../identity/tables';
import type { Row, WriteContext } from '../resource/family';
import { leadCountsOf } from './counts';
import { recordLeadEvents } from './events';
import { applyInvalidRules, enabledRules } from './rules';
import { leads } from './tables';

export async function userNameOf(tx: Tx, userId: number): Promise<string> {
  const [user] = await tx.select({ userName: users.userName }).from(users).where(eq(users.id, userId));
  return user?.userName ?? `#${userId}`;
}

/**
 * The open lead of the branch company holding this mobile, other than `exceptId`. Taken under a lock on the
 * mobile, so two requests adding it at once see each other: the second is the duplicate.
 */
export async function openLeadWithMobile(tx: Tx, tenantId: number, mobile: string, exceptId?: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lead-mobile:${tenantId}:${mobile}`}))`);
  const [open] = await tx
    .select({ id: leads.id, contactName: leads.contactName, status: leads.status, batchId: leads.batchId })
    .from(leads)
    .where(
      and(
        eq(leads.tenantId, tenantId),
        eq(leads.mobile, mobile),
        inArray(leads.status, [...openLeadStates]),
        ...(exceptId ? [ne(leads.id, exceptId)] : []),
      ),
    )
    .limit(1);
  return open ?? null;
}

export function duplicateMessage(mobile: string, open: { contactName: string; status: number }): string {
  return `手机号${mobile}已有未结束的线索（${open.contactName}，${leadEnums.status.label(open.status)}）`;
}

/**
 * A new lead (added by hand or uploaded), in the caller's transaction: refused when its mobile is an open
 * lead here already; allocated by the rules (待跟进 with a salesperson, 待分配 without); marked 无效 when an
 * enabled rule says so. Each step is written to 线索日志, and the lead is counted for 线索统计. Answers the id,
 * its salesperson and why it is 无效 when a rule made it so.
 */
export async function admitLead(ctx: WriteContext, values: Row, origin: { source: number; batchId?: number }) {
  const { tx, auth } = ctx;
  const mobile = String(values.mobile);
  const open = await openLeadWithMobile(tx, auth.tenantId, mobile);
  if (open) throw businessError(duplicateMessage(mobile, open));
  const cityId = values.cityId == null ? null : Number(values.cityId);
  const channelId = values.channelId == null ? null : Number(values.channelId);
  const salespersonId = await allocate(tx, auth.tenantId, { channelId, cityId });
  const [inserted] = await tx
    .insert(leads)
    .values({
      ...(values as typeof leads.$inferInsert),
      cityId,
      source: origin.source,
      batchId: origin.batchId ?? null,
      salespersonId,
      status: salespersonId ? leadStatus.allocated : leadStatus.unallocated,
      tenantId: auth.tenantId,
      createdBy: auth.userId,
      updatedBy: auth.userId,
    })
    .returning();
  if (!inserted) throw new Error('insert returned no row');
  const id = inserted.id;
  const counts = await leadCountsOf(ctx);
  counts.move(null, inserted);
  const actor = { tenantId: auth.tenantId, leadId: id, actorName: auth.userName, userId: auth.userId };
  await recordLeadEvents(tx, [
    { ...actor, kind: eventKind.created, summary: `${leadEnums.source.label(origin.source)}新增线索` },
    ...(salespersonId
      ? [{ ...actor, kind: eventKind.allocated, summary: `按分配规则分配给${await userNameOf(tx, salespersonId)}` }]
      : []),
  ]);
  const marked = await applyInvalidRules(
    tx,
    auth.tenantId,
    await ctx.memo('invalidRules', () => enabledRules(tx, auth.tenantId)),
    counts,
    [id],
  );
  if (marked === 0) return { id, salespersonId, invalidReason: null };
  const [lead] = await tx.select({ invalidReason: leads.invalidReason }).from(leads).where(eq(leads.id, id));
  return { id, salespersonId, invalidReason: lead?.invalidReason ?? null };
}
