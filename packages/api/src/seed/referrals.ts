import { incentiveRule, splitPool } from '@cp/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db';
import { accounts, users } from '../identity/tables';
import { incentiveAllocations, incentiveParts } from '../referrals/tables';

const day = 86_400_000;

/** The months behind `now`, oldest first: each one's first and last day, as calendar dates. */
function pastMonths(now: Date, count: number) {
  return Array.from({ length: count }, (_, index) => {
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - count + index, 1));
    const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0));
    return {
      start: start.toISOString().slice(0, 10),
      end: end.toISOString().slice(0, 10),
      month: start.getUTCMonth() + 1,
    };
  });
}

/**
 * 激励分配 of a branch company: a monthly staff incentive for each of the past months, split evenly or by
 * weight, saved a few days after its month ended; one voided. Written once: a name already there is kept.
 */
export async function seedDemoIncentives(db: Db, tenantId: number, now = new Date()) {
  const staff = await db
    .select({ id: users.id, name: users.userName })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(and(eq(accounts.tenantId, tenantId), eq(accounts.status, 1)))
    .orderBy(asc(users.id));
  if (staff.length === 0) return;
  const existing = new Set(
    (
      await db
        .select({ name: incentiveAllocations.name })
        .from(incentiveAllocations)
        .where(eq(incentiveAllocations.tenantId, tenantId))
    ).map((row) => row.name),
  );
  for (const [index, period] of pastMonths(now, 4).entries()) {
    const name = `${period.month}月门店拉新激励`;
    if (existing.has(name)) continue;
    const rule = index % 2 === 0 ? 1 : 2;
    const people = staff.map((person, at) => ({ ...person, weight: rule === 2 ? at + 1 : null }));
    const totalAmount = 300_000 + index * 125_050 + tenantId * 10_001;
    const split = splitPool(totalAmount, rule, people);
    if ('problem' in split) continue;
    const createdAt = new Date(Math.min(Date.parse(`${period.end}T10:00:00+08:00`) + 3 * day, now.getTime() - day));
    const cancelled = index === 1;
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(incentiveAllocations)
        .values({
          tenantId,
          name,
          periodStart: period.start,
          periodEnd: period.end,
          totalAmount,
          rule,
          participantCount: people.length,
          status: cancelled ? 2 : 1,
          remark: `${incentiveRule.label(rule)}，按月度拉新目标完成情况发放`,
          cancelReason: cancelled ? '激励总额录入有误，已重新分配' : null,
          cancelledAt: cancelled ? new Date(createdAt.getTime() + 2 * 3_600_000) : null,
          createdAt,
          updatedAt: cancelled ? new Date(createdAt.getTime() + 2 * 3_600_000) : createdAt,
        })
        .returning({ id: incentiveAllocations.id });
      await tx.insert(incentiveParts).values(
        people.map((person, position) => ({
          tenantId,
          allocationId: Number(row?.id),
          position,
          personKind: 2,
          personId: person.id,
          personName: person.name,
          weight: person.weight,
          referralCount: null,
          amount: split.amounts[position] ?? 0,
        })),
      );
    });
  }
}
