import {
  addDays,
  addMonthsClamped,
  pointsEntryKinds,
  pointsTask,
  pointsTaskCodes,
  receivableStates,
} from '@cp/contracts';
import { and, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import { businessToday } from '../clock';
import type { Executor } from '../db';
import { orderReceivables } from '../orders/tables';
import { ensureTaskCatalogue } from './catalogue';
import { entryOf, type Holder, lockAccount, type Moved, record, reversePoints } from './ledger';
import { pointsEntries, pointsTasks } from './tables';

/** An event that may earn a task's points: the driver, the task, and the business it is (its key in the ledger). */
export interface Completion extends Holder {
  task: number;
  bizType: string;
  bizId: string;
  /** What the ledger row says; the task's name by default. */
  title?: string;
}

/** Why a completion earned nothing, or the row it wrote (or found: the same business counts once). */
export type Awarded = Moved | { skipped: string };

async function taskOf(tx: Executor, tenantId: number, code: number) {
  const find = () =>
    tx
      .select()
      .from(pointsTasks)
      .where(and(eq(pointsTasks.tenantId, tenantId), eq(pointsTasks.code, code)))
      .then((rows) => rows[0]);
  const found = await find();
  if (found) return found;
  await ensureTaskCatalogue(tx, tenantId);
  return find();
}

/** How often the driver has earned the task: in all, and on `day` (Beijing). */
async function completionsOf(tx: Executor, holder: Holder, code: number, day: string) {
  const [counted] = await tx
    .select({
      total: sql<number>`count(*)::int`,
      today: sql<number>`(count(*) filter (where (${pointsEntries.createdAt} at time zone 'Asia/Shanghai')::date = ${day}::date))::int`,
    })
    .from(pointsEntries)
    .where(
      and(
        eq(pointsEntries.tenantId, holder.tenantId),
        eq(pointsEntries.driverId, holder.driverId),
        eq(pointsEntries.source, code),
        eq(pointsEntries.kind, pointsEntryKinds.earn),
      ),
    );
  return { total: Number(counted?.total ?? 0), today: Number(counted?.today ?? 0) };
}

/**
 * The one door of task points, in the transaction of the event that earns them: the task must be 启用 and
 * today (Beijing) within its window, the driver under its daily and total caps (counted under the account's
 * lock, so parallel completions cannot pass a cap); the award expires after the task's validity and is
 * frozen for its freeze days. The same business (bizType + bizId) awards once however often it is told.
 */
export async function awardPoints(tx: Executor, completion: Completion): Promise<Awarded> {
  const done = await entryOf(tx, completion.tenantId, completion.bizType, completion.bizId);
  if (done) return { duplicate: done.id };
  const task = await taskOf(tx, completion.tenantId, completion.task);
  const name = pointsTask.label(completion.task);
  if (!task) return { skipped: `没有积分任务「${name}」` };
  if (task.status !== 1) return { skipped: `积分任务「${name}」已停用` };
  const today = businessToday();
  if ((task.startsOn && today < task.startsOn) || (task.endsOn && today > task.endsOn)) {
    return { skipped: `不在积分任务「${name}」的时间内` };
  }
  const account = await lockAccount(tx, completion);
  const counted = await completionsOf(tx, completion, completion.task, today);
  if (task.dailyCap > 0 && counted.today >= task.dailyCap) return { skipped: `已达每日上限${task.dailyCap}次` };
  if (task.totalCap > 0 && counted.total >= task.totalCap) return { skipped: `已达累计上限${task.totalCap}次` };
  return record(
    tx,
    {
      ...completion,
      kind: pointsEntryKinds.earn,
      source: completion.task,
      title: completion.title ?? name,
      points: task.points,
      availableFrom: task.freezeDays > 0 ? addDays(today, task.freezeDays) : null,
      expiresOn: task.validityMonths > 0 ? addMonthsClamped(today, task.validityMonths) : null,
    },
    account,
  );
}

/**
 * 按时交租: each rent receivable a payment has just paid off, on or before its due date (the payment's 到账日期),
 * earns its driver the task once (keyed by the receivable). Called in the payment's transaction.
 */
export async function awardRentPaidOnTime(
  tx: Executor,
  by: { tenantId: number; userId: number | null },
  payment: { driverId: unknown; paidOn: unknown },
  receivableIds: readonly number[],
): Promise<void> {
  const holder = { tenantId: by.tenantId, userId: by.userId, driverId: Number(payment.driverId) };
  const paidOn = String(payment.paidOn);
  if (receivableIds.length === 0) return;
  const onTime = await tx
    .select({ id: orderReceivables.id, period: orderReceivables.period })
    .from(orderReceivables)
    .where(
      and(
        eq(orderReceivables.tenantId, holder.tenantId),
        eq(orderReceivables.driverId, holder.driverId),
        inArray(orderReceivables.id, [...receivableIds]),
        eq(orderReceivables.kind, 1), // 租金
        eq(orderReceivables.status, receivableStates.paid),
        gte(orderReceivables.dueDate, paidOn),
      ),
    )
    .orderBy(orderReceivables.id);
  for (const receivable of onTime) {
    await awardPoints(tx, {
      ...holder,
      task: pointsTaskCodes.rentOnTime,
      bizType: 'receivable',
      bizId: String(receivable.id),
      title: `按时交租：第${receivable.period}期租金`,
    });
  }
}

/**
 * 推荐司机成功: an invitee of the driver got their car (the referral reached 已交车) — the inviter earns the task
 * once for that referral. Called in the transaction that moves the referral, whichever way it got there (the
 * order's 交车, or staff's 确认交车).
 */
export async function awardReferralDelivered(
  tx: Executor,
  by: { tenantId: number; userId: number | null },
  referral: { id: number; inviterId: number; inviteeName: string },
): Promise<Awarded> {
  return awardPoints(tx, {
    tenantId: by.tenantId,
    userId: by.userId,
    driverId: referral.inviterId,
    task: pointsTaskCodes.referral,
    bizType: 'referral',
    bizId: String(referral.id),
    title: `推荐司机成功：${referral.inviteeName}`,
  });
}

/**
 * A payment reversed (冲销): each rent receivable it had paid that is no longer paid gives back its 按时交租
 * award through a 冲正 row (keyed by the award, so once). Paid again later, the receivable earns nothing more:
 * its award's business was spent on the first payment. Called in the reversal's transaction.
 */
export async function reverseRentPaidOnTime(
  tx: Executor,
  by: { tenantId: number; userId: number | null },
  receivableIds: readonly number[],
  reason: string,
): Promise<void> {
  if (receivableIds.length === 0) return;
  const unpaid = await tx
    .select({ id: orderReceivables.id })
    .from(orderReceivables)
    .where(
      and(
        eq(orderReceivables.tenantId, by.tenantId),
        inArray(orderReceivables.id, [...receivableIds]),
        ne(orderReceivables.status, receivableStates.paid),
      ),
    )
    .orderBy(orderReceivables.id);
  for (const receivable of unpaid) {
    await reversePoints(tx, {
      ...by,
      bizType: 'receivable',
      bizId: String(receivable.id),
      reason: `收款冲销：${reason}`,
    });
  }
}
