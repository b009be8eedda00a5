import { claimStates, leaseOrderStates } from '@cp/contracts';
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Db } from '../db';
import { users } from '../identity/tables';
import { leaseOrders } from '../orders/tables';
import { seedEachBranch } from '../seed/branches';
import { bindPolicy, type ClaimWriter, creditClaim } from './claims';
import { policies, policyClaims } from './tables';

const demoPolicies = [
  ['新司机首月租金减免', 1, -20, 40, 50_000, 5_000_000],
  ['推荐新司机奖励', 5, -60, 120, 80_000, 3_000_000],
  ['春节续租优惠', 6, -300, -240, 30_000, 1_000_000],
  ['夏季免租三天', 2, 15, 75, 45_000, 2_000_000],
  ['长租司机返现', 4, -400, 60, 30_000, 1_500_000],
] as const;

/** Where each demo claim ends up: 待核销, 核单失败, 核单通过, 核销中, 已核销 (twice), 已作废. */
const story = ['waiting', 'failed', 'passed', 'verifying', 'verified', 'verified', 'voided'] as const;

/**
 * The story of one claim, through the same functions as the page's actions (the ledger shows the credits);
 * 确认核销 is 财务's, as every payment of the books is (`finance`).
 */
async function play(w: ClaimWriter, finance: number, id: number, step: (typeof story)[number]) {
  const set = (values: Partial<typeof policyClaims.$inferInsert>) =>
    w.tx.update(policyClaims).set(values).where(eq(policyClaims.id, id));
  if (step === 'waiting') return;
  if (step === 'failed') return set({ checkOrder: 2, checkNote: '司机首付款未按期缴清，不符合政策条件' });
  if (step === 'voided') return set({ status: claimStates.voided, cancelReason: '司机自愿放弃本次优惠' });
  await set({ checkOrder: 1, checkNote: '资料齐全，符合政策条件' });
  if (step === 'passed') return;
  await set({ status: claimStates.verifying });
  if (step === 'verifying') return;
  const [claim] = await w.tx.select().from(policyClaims).where(eq(policyClaims.id, id));
  if (!claim) return;
  const byFinance: ClaimWriter = { tx: w.tx, auth: { ...w.auth, userId: finance } };
  await set({ ...(await creditClaim(byFinance, claim)), status: claimStates.verified });
}

/** Five policies per branch company, and 长租司机返现 bound to its orders in force, claims in every state. */
export async function seedPolicies(db: Db) {
  await seedEachBranch(db, policies, (branch) =>
    demoPolicies.map(([name, type, from, to, benefit, budget], n) => ({
      ...{ name, type, benefit, budget, startDate: branch.day(-from), endDate: branch.day(-to) },
      description: `${name}：符合条件的司机每人可享受${benefit / 100}元，预算用完即止。`,
      createdAt: branch.ago(Math.max(1, -from + 10 + n)),
    })),
  );
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.loginId, 'admin'));
  const [finance] = await db.select({ id: users.id }).from(users).where(eq(users.loginId, 'finance'));
  if (!admin || !finance) return;
  const cashBack = await db
    .select()
    .from(policies)
    .where(eq(policies.name, '长租司机返现'))
    .orderBy(asc(policies.tenantId));
  for (const policy of cashBack) {
    await db.transaction(async (tx) => {
      const w: ClaimWriter = { tx, auth: { tenantId: policy.tenantId, userId: admin.id } };
      const [bound] = await tx
        .select({ id: policyClaims.id })
        .from(policyClaims)
        .where(eq(policyClaims.tenantId, policy.tenantId))
        .limit(1);
      if (bound) return;
      const orders = await tx
        .select({ id: leaseOrders.id })
        .from(leaseOrders)
        .where(
          and(
            eq(leaseOrders.tenantId, policy.tenantId),
            inArray(leaseOrders.status, [
              leaseOrderStates.pending,
              leaseOrderStates.inApproval,
              leaseOrderStates.performing,
            ]),
            gte(leaseOrders.startDate, policy.startDate),
            lte(leaseOrders.startDate, policy.endDate),
          ),
        )
        .orderBy(asc(leaseOrders.id))
        .limit(story.length);
      for (const [n, order] of orders.entries()) {
        const id = await bindPolicy(w, order.id, policy.id, n === 0 ? '签约时客户经理申请' : null);
        await play(w, finance.id, id, story[n] ?? 'waiting');
      }
    });
  }
}
