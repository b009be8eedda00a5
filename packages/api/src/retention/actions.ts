import { addDays, eventKind, leadEnums, leadSource, retentionFollowUpResult, retentionSource } from '@cp/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { businessNow, businessToday } from '../clock';
import { writtenBy } from '../db/columns';
import { drivers } from '../drivers/tables';
import { businessError } from '../http/errors';
import { admitLeads } from '../leads/admit';
import { recordLeadEvents } from '../leads/events';
import { leads } from '../leads/tables';
import type { ActionImpl, Row, WriteContext } from '../resource/family';
import { retentionFollowUps } from './tables';

/** `retentionTarget`'s values. */
const converts = { toLead: 1, toDriver: 2 } as const;

/** Whether a conversion now falls in the partner's protection period (a partner's 留资 only). */
const credited = (row: Row) =>
  row.partnerId == null ? null : row.protectedUntil != null && businessToday() <= String(row.protectedUntil);

const converted = (to: number, link: Row, row: Row) => ({
  convertedTo: to,
  convertedAt: businessNow(),
  partnerCredited: credited(row),
  ...link,
});

/** How the 留资 reads in 线索日志 where it came from. */
function originWords(row: Row): string {
  const source = retentionSource.label(Number(row.source));
  const first = new Date(String(row.firstTouchAt)).toISOString().slice(0, 10);
  return `由留资转入（来源${source}，首次留资${first}${row.partnerStaff ? `，报备人${String(row.partnerStaff)}` : ''}）`;
}

/**
 * 转为线索: admitted through 客户管理's own door (`admitLeads`: allocation rules, 无效线索 rules); a mobile that is an
 * open 线索 already is linked, never copied. Either way the 留资's follow-ups are written into the lead's
 * 线索日志 at their own times, so its history reads on both sides.
 */
async function toLead(ctx: WriteContext, row: Row, business: number) {
  const values = {
    contactName: row.contactName,
    mobile: row.mobile,
    cityId: row.cityId ?? null,
    business,
    remark: originWords(row),
  };
  const [answer] = await admitLeads(ctx, [values], { source: leadSource.manual });
  if (!answer) throw new Error('admitLeads answered nothing');
  const leadId = 'open' in answer ? answer.open.id : answer.id;
  const [lead] = await ctx.tx
    .select({ contactName: leads.contactName, status: leads.status })
    .from(leads)
    .where(and(eq(leads.tenantId, ctx.auth.tenantId), eq(leads.id, leadId)));
  const history = await ctx.tx
    .select()
    .from(retentionFollowUps)
    .where(and(eq(retentionFollowUps.tenantId, ctx.auth.tenantId), eq(retentionFollowUps.leadId, Number(row.id))))
    .orderBy(asc(retentionFollowUps.followedAt));
  const base = { tenantId: ctx.auth.tenantId, leadId, kind: eventKind.followedUp, userId: ctx.auth.userId };
  await recordLeadEvents(ctx.tx, [
    ...history.map((record) => ({
      ...base,
      actorName: record.followerName,
      at: record.followedAt,
      summary: `留资跟进（${leadEnums.followUpWay.label(record.way)}，${retentionFollowUpResult.label(record.result)}）：${record.content}`,
    })),
    {
      ...base,
      kind: eventKind.edited,
      actorName: ctx.auth.userName,
      summary: 'open' in answer ? `关联${originWords(row)}` : originWords(row),
    },
  ]);
  const state = lead ? leadEnums.status.label(lead.status) : '';
  return {
    linkedLeadId: leadId,
    linked: `线索：${lead?.contactName ?? row.contactName}（${state}）`,
    joined: 'open' in answer,
  };
}

/** 跟进, 转为线索, 关联司机 and 无效 of a 留资, in either list. */
export const retentionActions: Record<string, ActionImpl> = {
  followUp: {
    async run(ctx, row, body) {
      const [record] = await ctx.tx
        .insert(retentionFollowUps)
        .values({
          leadId: Number(row.id),
          followedAt: new Date(String(body.followedAt)),
          way: Number(body.way),
          result: Number(body.result),
          content: String(body.content),
          nextFollowUpDate: (body.nextFollowUpDate as string | undefined) ?? null,
          followerName: ctx.auth.userName,
          ...writtenBy(ctx.auth),
        })
        .returning({ id: retentionFollowUps.id });
      return { id: String(record?.id) };
    },
    patch(body, row) {
      const followedAt = new Date(String(body.followedAt));
      const last = row.lastFollowedAt ? new Date(String(row.lastFollowedAt)) : null;
      const latest = !last || followedAt >= last;
      return {
        followUpCount: Number(row.followUpCount ?? 0) + 1,
        lastFollowedAt: latest ? followedAt : last,
        ...(latest
          ? { lastResult: Number(body.result), nextFollowUpDate: (body.nextFollowUpDate as string | undefined) ?? null }
          : {}),
      };
    },
  },
  toLead: {
    run: async (ctx, row, body) => toLead(ctx, row, Number(body.business)),
    patch: (_body, row, _ctx, result) => {
      const { linkedLeadId, linked } = result as { linkedLeadId: number; linked: string };
      return converted(converts.toLead, { linkedLeadId, linked }, row);
    },
  },
  toDriver: {
    async run(ctx, _row, body) {
      const [driver] = await ctx.tx
        .select({ id: drivers.id, name: drivers.name })
        .from(drivers)
        .where(and(eq(drivers.tenantId, ctx.auth.tenantId), eq(drivers.id, Number(body.driverId))));
      if (!driver) throw businessError('司机：不存在');
      return { linkedDriverId: driver.id, linked: `司机：${driver.name}` };
    },
    patch: (_body, row, _ctx, result) => converted(converts.toDriver, result as Row, row),
  },
  invalidate: {
    patch: (body) => ({ invalidReason: String(body.reason) }),
  },
};

/** The last day of a partner's protection period that starts on `day`. */
export const protectionEnd = (day: string, days: number) => addDays(day, days);
