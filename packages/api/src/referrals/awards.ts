import {
  awardResource,
  awardScreens,
  defaultAwardAmount,
  maxAwardAmount,
  referralStage,
  referralStages,
} from '@cp/contracts';
import { and, desc, eq, inArray, notExists, or, type SQL, sql } from 'drizzle-orm';
import { businessNow } from '../clock';
import { writtenBy } from '../db/columns';
import { businessError } from '../http/errors';
import { defineServerLookup } from '../lookups/registry';
import { translateUnique } from '../resource/db-errors';
import { defineServerResource } from '../resource/family';
import { contains } from '../resource/query';
import { referralAwards, referrals } from './tables';

const taken = 'referral_awards_tenant_referral_key';

/**
 * 奖励申请: an inviter's reward for a referral whose invitee got their car (已交车), one per referral (a
 * rejected application does not count). The amount is the stages' rewards unless the applicant gives one;
 * the applicant is who applies. 审核通过 / 驳回 (with a reason), then 发放 with the payment's reference and date.
 */
export const awardFamily = defineServerResource({
  resource: awardResource,
  table: referralAwards,
  screens: Object.values(awardScreens),
  async prepare(values, ctx) {
    const [referral] = await ctx.tx
      .select({ stage: referrals.stage, inviterId: referrals.inviterId, name: referrals.inviteeName })
      .from(referrals)
      .where(and(eq(referrals.tenantId, ctx.auth.tenantId), eq(referrals.id, Number(values.referralId))));
    if (!referral) throw businessError('拉新记录：不存在');
    if (referral.stage !== referralStages.delivered) {
      throw businessError(`拉新记录当前为「${referralStage.label(referral.stage)}」，交车后才能申请奖励`);
    }
    const amount = values.amount ?? defaultAwardAmount;
    if (Number(amount) > maxAwardAmount) throw businessError(`奖励金额：不能超过${maxAwardAmount / 100}元`);
    return {
      ...values,
      amount,
      inviterId: referral.inviterId,
      applicantId: ctx.auth.userId,
      inviteeName: referral.name,
    };
  },
  async insert(values, ctx) {
    const { inviteeName, ...own } = values;
    try {
      const [row] = await ctx.tx
        .insert(referralAwards)
        .values({
          ...(own as unknown as typeof referralAwards.$inferInsert),
          referralId: Number(own.referralId),
          ...writtenBy(ctx.auth),
        })
        .returning({ id: referralAwards.id });
      return Number(row?.id);
    } catch (error) {
      throw translateUnique(error, { [taken]: `拉新记录「${String(inviteeName)}」的奖励申请已存在` });
    }
  },
  actions: {
    approve: { patch: () => ({ reviewedAt: businessNow() }) },
    reject: { patch: (body) => ({ rejectReason: body.reason, reviewedAt: businessNow() }) },
    pay: { patch: (body) => ({ paymentReference: body.paymentReference, paidOn: body.paidOn }) },
  },
});

/**
 * The referral an award names: a search offers the branch company's delivered referrals with no live
 * award, by invitee name or mobile; `ids` names any referral (an award's, in lists and history).
 */
defineServerLookup('referral', {
  async search(db, tenantId, { text, ids, limit }) {
    const conditions: (SQL | undefined)[] = [eq(referrals.tenantId, tenantId)];
    if (ids) conditions.push(inArray(referrals.id, [...ids]));
    else {
      conditions.push(eq(referrals.stage, referralStages.delivered));
      conditions.push(
        notExists(
          db
            .select({ one: sql`1` })
            .from(referralAwards)
            .where(
              and(
                eq(referralAwards.tenantId, tenantId),
                eq(referralAwards.referralId, referrals.id),
                sql`${referralAwards.status} <> 3`,
              ),
            ),
        ),
      );
    }
    const typed = text?.trim();
    if (typed) conditions.push(or(contains(referrals.inviteeName, typed), contains(referrals.inviteeMobile, typed)));
    const rows = await db
      .select({ id: referrals.id, name: referrals.inviteeName, mobile: referrals.inviteeMobile })
      .from(referrals)
      .where(and(...conditions))
      .orderBy(desc(referrals.deliveredAt), desc(referrals.id))
      .limit(limit);
    return rows.map((row) => ({ id: Number(row.id), name: `${row.name}（${row.mobile}）` }));
  },
});
