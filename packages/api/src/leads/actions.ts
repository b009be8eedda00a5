import { customerLookupOf, eventKind, leadEnums } from '@cp/contracts';
import { writtenBy } from '../db/columns';
import { businessError } from '../http/errors';
import { existingIds, registeredLookups } from '../lookups/registry';
import type { ActionImpl, Row, WriteContext } from '../resource/family';
import { userNameOf } from './admit';
import { recordLeadEvents } from './events';
import { leadFollowUps } from './tables';

const logEvent = (ctx: WriteContext, row: Row, kind: number, summary: string) =>
  recordLeadEvents(ctx.tx, [
    {
      tenantId: ctx.auth.tenantId,
      leadId: Number(row.id),
      kind,
      summary,
      actorName: ctx.auth.userName,
      userId: ctx.auth.userId,
    },
  ]);

const withRemark = (text: string, remark: unknown) => (remark ? `${text}（${String(remark)}）` : text);

/** What 分配, 跟进 and 无效 write besides moving the lead's state. */
export const leadActions: Record<string, ActionImpl> = {
  allocate: {
    async run(ctx, row, body) {
      const salespersonId = Number(body.salespersonId);
      const found = await existingIds(ctx.db, ctx.auth.tenantId, 'user', [salespersonId], ctx.tx);
      if (!found.has(salespersonId)) throw businessError('销售人员不存在');
      const name = await userNameOf(ctx.tx, salespersonId);
      const from = row.salespersonId ? `由${await userNameOf(ctx.tx, Number(row.salespersonId))}改` : '';
      await logEvent(ctx, row, eventKind.allocated, withRemark(`${from}分配给${name}`, body.remark));
      return null;
    },
    patch: (body) => ({ salespersonId: Number(body.salespersonId) }),
  },
  followUp: {
    async run(ctx, row, body) {
      const followedAt = new Date(String(body.followedAt));
      const [record] = await ctx.tx
        .insert(leadFollowUps)
        .values({
          leadId: Number(row.id),
          followedAt,
          way: Number(body.way),
          answered: body.answered === true,
          content: String(body.content),
          intentionLevel: Number(body.intentionLevel),
          nextFollowUpDate: (body.nextFollowUpDate as string | undefined) ?? null,
          followerName: ctx.auth.userName,
          ...writtenBy(ctx.auth),
        })
        .returning({ id: leadFollowUps.id });
      const way = leadEnums.followUpWay.label(Number(body.way));
      const answered = body.answered ? '已接通' : '未接通';
      const level = leadEnums.intentionLevel.label(Number(body.intentionLevel));
      await logEvent(
        ctx,
        row,
        eventKind.followedUp,
        `${way}跟进（${answered}），意向等级${level}：${String(body.content)}`,
      );
      return { id: String(record?.id) };
    },
    patch(body, row) {
      const followedAt = new Date(String(body.followedAt));
      const last = row.lastFollowedAt ? new Date(String(row.lastFollowedAt)) : null;
      return {
        intentionLevel: Number(body.intentionLevel),
        nextFollowUpDate: (body.nextFollowUpDate as string | undefined) ?? null,
        lastFollowedAt: last && last > followedAt ? last : followedAt,
        followUpCount: Number(row.followUpCount ?? 0) + 1,
        unansweredCount: body.answered ? 0 : Number(row.unansweredCount ?? 0) + 1,
      };
    },
  },
  invalidate: {
    async run(ctx, row, body) {
      await logEvent(ctx, row, eventKind.invalidated, `标记无效：${String(body.reason)}`);
      return null;
    },
    patch: (body) => ({ invalidReason: String(body.reason) }),
  },
};

/** The name of a row of a lookup (a customer), checked to be the branch company's; null when it is not. */
async function customerName(ctx: WriteContext, key: string, id: number): Promise<string | null> {
  const lookup = registeredLookups().find((candidate) => candidate.def.key === key);
  if (!lookup) throw businessError('该类型的客户资料尚未开通，暂不能激活为该类型');
  if (lookup.all) {
    if (!(await existingIds(ctx.db, ctx.auth.tenantId, key, [id], ctx.tx)).has(id)) return null;
    const rows = await lookup.all(ctx.tx, ctx.auth.tenantId);
    return rows.find((row) => row.id === id)?.name ?? null;
  }
  const [row] = (await lookup.search?.(ctx.tx, ctx.auth.tenantId, { ids: [id], limit: 1 })) ?? [];
  return row?.name ?? null;
}

leadActions.activate = {
  async run(ctx, row, body) {
    const kind = Number(body.customerKind);
    const name = await customerName(ctx, customerLookupOf(kind), Number(body.customerId));
    if (name === null) throw businessError(`${leadEnums.customerKind.label(kind)}不存在`);
    await logEvent(ctx, row, eventKind.activated, `激活为${leadEnums.customerKind.label(kind)}：${name}`);
    return { name };
  },
  patch: (body, _row, _ctx, result) => ({
    activatedKind: Number(body.customerKind),
    activatedCustomerId: Number(body.customerId),
    activatedCustomer: (result as { name: string }).name,
  }),
};
