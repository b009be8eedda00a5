import {
  approvalBusinessTypes,
  leaseDeliveryStates,
  referralResource,
  referralScreens,
  referralStages,
} from '@cp/contracts';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { onApprovalOutcome } from '../approvals/outcomes';
import { auditLog } from '../audit/tables';
import { businessNow } from '../clock';
import type { Executor } from '../db';
import { drivers } from '../drivers/tables';
import { businessError } from '../http/errors';
import { leaseOrders } from '../orders/tables';
import { awardReferralDelivered } from '../points/award';
import { defineServerResource, type Row, type WriteContext } from '../resource/family';
import { referrals } from './tables';

/** The column holding the time each stage was reached. */
const stageTimes: Readonly<Record<number, keyof typeof referrals.$inferSelect>> = {
  [referralStages.registered]: 'registeredAt',
  [referralStages.signed]: 'signedAt',
  [referralStages.delivered]: 'deliveredAt',
};

/** The lifecycle action that reaches each stage: what the history calls a step `advanceReferral` took. */
const stageActions: Readonly<Record<number, string>> = {
  [referralStages.registered]: 'register',
  [referralStages.signed]: 'sign',
  [referralStages.delivered]: 'deliver',
};

/** The driver of the branch company with this mobile, if the invitee is one already. */
async function driverByMobile(tx: Executor, tenantId: number, mobile: string): Promise<number | null> {
  const [row] = await tx
    .select({ id: drivers.id })
    .from(drivers)
    .where(and(eq(drivers.tenantId, tenantId), eq(drivers.mobile, mobile)))
    .limit(1);
  return row ? Number(row.id) : null;
}

/** A driver linked as the invitee: one of the branch company's, and not the inviter. */
async function inviteeDriver(ctx: WriteContext, row: Row, given: unknown): Promise<number | null> {
  if (given === null || given === undefined || given === '') {
    return driverByMobile(ctx.tx, ctx.auth.tenantId, String(row.inviteeMobile));
  }
  const id = Number(given);
  const [driver] = await ctx.tx
    .select({ id: drivers.id })
    .from(drivers)
    .where(and(eq(drivers.tenantId, ctx.auth.tenantId), eq(drivers.id, id)));
  if (!driver) throw businessError('注册司机：不存在');
  if (id === Number(row.inviterId)) throw businessError('注册司机：不能是邀请司机本人');
  return id;
}

/**
 * 司机拉新: a driver invited someone. The invitee's mobile is theirs while the referral is open (a unique
 * index over open referrals answers `被邀请人手机号 … 已存在`, also when two requests race); a driver does not
 * invite themself. Each stage records when it was reached; 确认注册 links the driver record the invitee became
 * (the one named, or the branch company's driver with their mobile).
 */
export const referralFamily = defineServerResource({
  resource: referralResource,
  table: referrals,
  screens: Object.values(referralScreens),
  async prepare(values, ctx) {
    if (values.inviterId != null && typeof values.inviteeMobile === 'string') {
      const [inviter] = await ctx.tx
        .select({ mobile: drivers.mobile })
        .from(drivers)
        .where(and(eq(drivers.tenantId, ctx.auth.tenantId), eq(drivers.id, Number(values.inviterId))));
      if (inviter?.mobile === values.inviteeMobile) throw businessError('被邀请人手机号：不能是邀请司机本人的手机号');
    }
    return values;
  },
  actions: {
    register: {
      async run(ctx, row, body) {
        return { inviteeDriverId: await inviteeDriver(ctx, row, body.inviteeDriverId) };
      },
      patch: (_body, _row, _ctx, result) => ({
        inviteeDriverId: (result as { inviteeDriverId: number | null }).inviteeDriverId,
        registeredAt: businessNow(),
      }),
    },
    sign: { patch: () => ({ signedAt: businessNow() }) },
    deliver: {
      // 已交车 is where the inviter's award comes from: only a car really handed over to the invitee reaches it.
      async run(ctx, row) {
        const driverId = row.inviteeDriverId
          ? Number(row.inviteeDriverId)
          : await driverByMobile(ctx.tx, ctx.auth.tenantId, String(row.inviteeMobile));
        const [order] = driverId
          ? await ctx.tx
              .select({ id: leaseOrders.id })
              .from(leaseOrders)
              .where(
                and(
                  eq(leaseOrders.tenantId, ctx.auth.tenantId),
                  eq(leaseOrders.driverId, driverId),
                  inArray(leaseOrders.deliveryState, [
                    leaseDeliveryStates.delivered,
                    leaseDeliveryStates.returning,
                    leaseDeliveryStates.returned,
                  ]),
                ),
              )
              .limit(1)
          : [];
        if (!order) {
          throw businessError(`被邀请人${String(row.inviteeName)}还没有已交车的租赁订单，不能确认交车`);
        }
        await awardReferralDelivered(
          ctx.tx,
          { tenantId: ctx.auth.tenantId, userId: ctx.auth.userId },
          {
            id: Number(row.id),
            inviterId: Number(row.inviterId),
            inviteeName: String(row.inviteeName),
          },
        );
        return null;
      },
      patch: () => ({ deliveredAt: businessNow() }),
    },
    invalidate: { patch: (body) => ({ invalidReason: body.reason, invalidatedAt: businessNow() }) },
  },
});

/** Who the order family names: the invitee by mobile, or the driver record they became. */
export type ReferralInvitee = { inviteeMobile: string } | { driverId: number };

/**
 * Moves the open referral of an invitee forward to `stage` (已注册, 已签约 or 已交车), in the caller's
 * transaction: the order family calls it when a lease is signed or a car delivered. Stages passed over get
 * the same time; a referral already there or beyond is left alone. It records the step in the referral's
 * history (by `actor`, or 系统). Answers the referral's id, or null when the invitee has no open referral.
 */
export async function advanceReferral(
  tx: Executor,
  tenantId: number,
  invitee: ReferralInvitee,
  stage: number,
  actor: { userId: number; userName: string } | null = null,
): Promise<number | null> {
  const target = stageTimes[stage];
  if (!target) throw new Error(`advanceReferral: ${stage} is not a stage a referral advances to`);
  const who =
    'inviteeMobile' in invitee
      ? eq(referrals.inviteeMobile, invitee.inviteeMobile)
      : eq(referrals.inviteeDriverId, invitee.driverId);
  const [row] = await tx
    .select()
    .from(referrals)
    .where(and(eq(referrals.tenantId, tenantId), who, ne(referrals.stage, referralStages.invalid)))
    // One still on its way before one already delivered; the latest first.
    .orderBy(sql`${referrals.stage} = ${referralStages.delivered}`, desc(referrals.id))
    .limit(1)
    .for('update');
  if (!row) return null;
  if (row.stage >= stage) return row.id;
  const now = businessNow();
  const set: Row = { stage };
  for (const [reached, column] of Object.entries(stageTimes)) {
    const at = Number(reached);
    if (at > row.stage && at <= stage) set[column] = now;
  }
  if (stage >= referralStages.registered && row.inviteeDriverId === null) {
    set.inviteeDriverId =
      'driverId' in invitee ? invitee.driverId : await driverByMobile(tx, tenantId, row.inviteeMobile);
  }
  await tx
    .update(referrals)
    .set({ ...set, updatedAt: now, updatedBy: actor?.userId ?? null, version: row.version + 1 })
    .where(eq(referrals.id, row.id));
  const changes = Object.fromEntries(
    Object.entries(set).map(([key, to]) => [key, { from: (row as Row)[key] ?? null, to }]),
  );
  await tx.insert(auditLog).values({
    tenantId,
    userId: actor?.userId ?? null,
    userName: actor?.userName ?? '系统',
    action: stageActions[stage] ?? 'register',
    entity: referralResource.key,
    entityId: String(row.id),
    changes,
  });
  if (stage >= referralStages.delivered) {
    await awardReferralDelivered(tx, { tenantId, userId: actor?.userId ?? null }, row);
  }
  return row.id;
}

/**
 * The order family's word that the driver `driverId` signed a lease (its approval passed) or got the car
 * (填写交车信息): their open referral — linked to them, or else found by their mobile — moves forward to
 * `stage` (`advanceReferral`), in the caller's transaction. Nothing happens for a driver nobody invited.
 */
export async function followInvitee(
  tx: Executor,
  tenantId: number,
  driverId: number,
  stage: number,
  actor: { userId: number; userName: string } | null = null,
): Promise<number | null> {
  const linked = await advanceReferral(tx, tenantId, { driverId }, stage, actor);
  if (linked !== null) return linked;
  const [driver] = await tx
    .select({ mobile: drivers.mobile })
    .from(drivers)
    .where(and(eq(drivers.id, driverId), eq(drivers.tenantId, tenantId)));
  if (!driver?.mobile) return null;
  const [open] = await tx
    .select({ id: referrals.id })
    .from(referrals)
    .where(
      and(
        eq(referrals.tenantId, tenantId),
        eq(referrals.inviteeMobile, driver.mobile),
        sql`${referrals.inviteeDriverId} is null`,
        ne(referrals.stage, referralStages.invalid),
      ),
    )
    .limit(1);
  return open ? advanceReferral(tx, tenantId, { inviteeMobile: driver.mobile }, stage, actor) : null;
}

/** A lease order's approval passing is the invitee's signing: their referral reaches 已签约. */
onApprovalOutcome(approvalBusinessTypes.leaseOrder, async ({ tx, tenantId, businessId, outcome }) => {
  if (outcome !== 'approved') return;
  const [order] = await tx
    .select({ driverId: leaseOrders.driverId })
    .from(leaseOrders)
    .where(and(eq(leaseOrders.id, businessId), eq(leaseOrders.tenantId, tenantId)));
  if (order) await followInvitee(tx, tenantId, order.driverId, referralStages.signed);
});
