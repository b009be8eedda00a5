import { randomUUID } from 'node:crypto';
import { pointsEntryKinds as kinds, pointsSources } from '@cp/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
import { businessNow, businessToday } from '../clock';
import type { Executor } from '../db';
import { drivers } from '../drivers/tables';
import { businessError, notFound } from '../http/errors';
import { pointsAccounts, pointsEntries, pointsTasks } from './tables';

/** Who a ledger row is for and who wrote it (null: the system — a job, an event without a session). */
export interface Holder {
  tenantId: number;
  driverId: number;
  userId: number | null;
}

/** One row of the ledger as the services write it. */
interface Move extends Holder {
  kind: number;
  source: number;
  title: string;
  points: number;
  bizType: string;
  bizId: string;
  reason?: string | null;
  availableFrom?: string | null;
  expiresOn?: string | null;
}

type Account = typeof pointsAccounts.$inferSelect;

/** The outcome of a write to the ledger: the row written, or the row of the same business already there. */
export type Moved = { entryId: number; balance: number } | { duplicate: number };

/**
 * The driver's account, locked for the transaction (made, empty, on the driver's first row): every row of
 * one driver is written under this lock, so the checks before it (caps, balance) hold until it commits. A
 * driver of another branch company is not found.
 */
export async function lockAccount(tx: Executor, holder: Holder): Promise<Account> {
  const where = and(eq(pointsAccounts.id, holder.driverId), eq(pointsAccounts.tenantId, holder.tenantId));
  const [held] = await tx.select().from(pointsAccounts).where(where).for('update');
  if (held) return held;
  const [driver] = await tx
    .select({ id: drivers.id })
    .from(drivers)
    .where(and(eq(drivers.id, holder.driverId), eq(drivers.tenantId, holder.tenantId)));
  if (!driver) throw notFound('司机');
  await tx
    .insert(pointsAccounts)
    .values({
      id: holder.driverId,
      driverId: holder.driverId,
      tenantId: holder.tenantId,
      createdBy: holder.userId,
      updatedBy: holder.userId,
    })
    .onConflictDoNothing();
  const [made] = await tx.select().from(pointsAccounts).where(where).for('update');
  if (!made) throw notFound('司机');
  return made;
}

/** Awards not yet spendable on `day` (their 可用日期 after it), net of their reversals: 冻结中. */
async function frozenOf(tx: Executor, holder: Holder, day = businessToday()): Promise<number> {
  const [row] = await tx
    .select({ frozen: sql<number>`greatest(0, coalesce(sum(${pointsEntries.points}), 0))::int` })
    .from(pointsEntries)
    .where(
      and(
        eq(pointsEntries.tenantId, holder.tenantId),
        eq(pointsEntries.driverId, holder.driverId),
        gt(pointsEntries.availableFrom, day),
      ),
    );
  return Number(row?.frozen ?? 0);
}

/**
 * Which sum of the account a row moves, by its kind and sign: 获得, a positive 调整 and the reversal of an award
 * are 累计获得; 消费, a negative 调整 and the reversal of a spend are 累计消费; 过期 is 已过期.
 */
function sumsOf(kind: number, points: number) {
  const earned = kind === kinds.earn || (kind === kinds.adjust && points > 0) || (kind === kinds.reverse && points < 0);
  if (kind === kinds.expire) return { earned: 0, spent: 0, expired: -points };
  return earned ? { earned: points, spent: 0, expired: 0 } : { earned: 0, spent: -points, expired: 0 };
}

/**
 * Writes one row of the ledger under the account's lock: refused when it would take the balance below zero, a
 * business already in the ledger answered as `duplicate` with nothing changed, the account's sums and balance
 * moved by a conditional update in the same transaction.
 */
async function move(tx: Executor, account: Account, row: Move): Promise<Moved> {
  const balance = account.balance + row.points;
  if (balance < 0) throw businessError(`积分余额不足：当前余额${account.balance}分`);
  const [entry] = await tx
    .insert(pointsEntries)
    .values({
      tenantId: row.tenantId,
      driverId: row.driverId,
      kind: row.kind,
      source: row.source,
      title: row.title,
      points: row.points,
      balanceAfter: balance,
      availableFrom: row.availableFrom ?? null,
      expiresOn: row.expiresOn ?? null,
      bizType: row.bizType,
      bizId: row.bizId,
      reason: row.reason ?? null,
      createdBy: row.userId,
      updatedBy: row.userId,
    })
    .onConflictDoNothing()
    .returning({ id: pointsEntries.id });
  if (!entry) return { duplicate: await entryOf(tx, row.tenantId, row.bizType, row.bizId).then((e) => e?.id ?? 0) };
  const sums = sumsOf(row.kind, row.points);
  const [moved] = await tx
    .update(pointsAccounts)
    .set({
      earned: sql`${pointsAccounts.earned} + ${sums.earned}`,
      spent: sql`${pointsAccounts.spent} + ${sums.spent}`,
      expired: sql`${pointsAccounts.expired} + ${sums.expired}`,
      balance: sql`${pointsAccounts.balance} + ${row.points}`,
      version: sql`${pointsAccounts.version} + 1`,
      updatedAt: businessNow(),
      updatedBy: row.userId,
    })
    .where(and(eq(pointsAccounts.id, account.id), sql`${pointsAccounts.balance} + ${row.points} >= 0`))
    .returning({ balance: pointsAccounts.balance });
  if (moved?.balance !== balance) throw new Error(`points account ${account.id} moved outside its lock`);
  account.balance = balance;
  if (row.kind === kinds.earn || row.kind === kinds.reverse) {
    // A task's figures on 积分任务 (a row of another source matches no task and moves nothing).
    await tx
      .update(pointsTasks)
      .set({
        completions: sql`${pointsTasks.completions} + ${row.kind === kinds.earn ? 1 : 0}`,
        issued: sql`${pointsTasks.issued} + ${row.points}`,
      })
      .where(and(eq(pointsTasks.tenantId, row.tenantId), eq(pointsTasks.code, row.source)));
  }
  return { entryId: entry.id, balance };
}

/** The ledger row of a business, if there is one. */
export async function entryOf(tx: Executor, tenantId: number, bizType: string, bizId: string) {
  const [entry] = await tx
    .select()
    .from(pointsEntries)
    .where(
      and(eq(pointsEntries.tenantId, tenantId), eq(pointsEntries.bizType, bizType), eq(pointsEntries.bizId, bizId)),
    );
  return entry;
}

/** Writes a row for a holder: locks the account, then `move`. */
export async function record(tx: Executor, row: Move, account?: Account): Promise<Moved> {
  return move(tx, account ?? (await lockAccount(tx, row)), row);
}

/**
 * Spends points (an exchange of 快递商品): at most what is available — the balance less what is still frozen —
 * under the account's lock, so parallel spends never take the balance below zero. Keyed by the spend's
 * business: a retried spend is spent once.
 */
export async function spendPoints(
  tx: Executor,
  spend: Holder & { points: number; bizType: string; bizId: string; title: string },
): Promise<Moved> {
  if (!Number.isInteger(spend.points) || spend.points <= 0) throw businessError('消费积分应为正整数');
  const account = await lockAccount(tx, spend);
  const done = await entryOf(tx, spend.tenantId, spend.bizType, spend.bizId);
  if (done) return { duplicate: done.id };
  const available = account.balance - (await frozenOf(tx, spend));
  if (spend.points > available)
    throw businessError(`可用积分不足：可用${Math.max(0, available)}分，需要${spend.points}分`);
  return move(tx, account, { ...spend, kind: kinds.spend, source: pointsSources.exchange, points: -spend.points });
}

/**
 * 调整积分: staff add (positive) or take (negative) points, with the reason kept on the row; a deduction takes at
 * most what is available. An added point never expires (it is no task's award).
 */
export async function adjustPoints(tx: Executor, adjustment: Holder & { points: number; reason: string }) {
  const reason = adjustment.reason.trim();
  if (!reason) throw businessError('调整原因：不能为空');
  if (!Number.isInteger(adjustment.points) || adjustment.points === 0) throw businessError('调整积分：应为非0整数');
  const account = await lockAccount(tx, adjustment);
  if (adjustment.points < 0) {
    const available = account.balance - (await frozenOf(tx, adjustment));
    if (-adjustment.points > available) {
      throw businessError(`调整积分：扣减不能超过可用积分${Math.max(0, available)}分，积分余额不能小于0`);
    }
  }
  const verb = adjustment.points > 0 ? '增加' : '扣减';
  return move(tx, account, {
    ...adjustment,
    reason,
    kind: kinds.adjust,
    source: pointsSources.adjustment,
    title: `后台调整：${verb}${Math.abs(adjustment.points)}分`,
    bizType: 'adjustment',
    bizId: randomUUID(),
  });
}

/**
 * 冲正: undoes an award or a spend by a row of its own (the original is never edited), keyed by the original
 * so it happens once. An award's reversal takes back what the balance still holds of it (the rest was spent)
 * and keeps its dates, so what was frozen or expiring of it is no more; a spend's gives the points back.
 */
export async function reversePoints(
  tx: Executor,
  reversal: { tenantId: number; userId: number | null; bizType: string; bizId: string; reason: string },
): Promise<Moved | null> {
  const original = await entryOf(tx, reversal.tenantId, reversal.bizType, reversal.bizId);
  if (!original) return null;
  if (original.kind !== kinds.earn && original.kind !== kinds.spend)
    throw businessError('只有获得与消费的积分可以冲正');
  const holder = { tenantId: reversal.tenantId, driverId: original.driverId, userId: reversal.userId };
  const account = await lockAccount(tx, holder);
  const done = await entryOf(tx, reversal.tenantId, 'reversal', String(original.id));
  if (done) return { duplicate: done.id };
  const points = original.kind === kinds.spend ? -original.points : -Math.min(original.points, account.balance);
  if (points === 0) return null;
  return move(tx, account, {
    ...holder,
    kind: kinds.reverse,
    source: original.source,
    title: `冲正：${original.title}`,
    points,
    bizType: 'reversal',
    bizId: String(original.id),
    reason: reversal.reason,
    ...(original.kind === kinds.earn ? { availableFrom: original.availableFrom, expiresOn: original.expiresOn } : {}),
  });
}
