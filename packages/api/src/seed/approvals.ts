import { approvalBusinessTypes, approvalMethods, approvalTaskStates } from '@cp/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { approveTask, rejectTask, withdrawInstance } from '../approvals/decisions';
import { startApproval } from '../approvals/engine';
import { offlinePaymentTitle } from '../approvals/families';
import {
  approvalInstances,
  approvalProcesses,
  approvalTasks,
  offlinePayments,
  type ProcessNode,
} from '../approvals/tables';
import type { Db, Tx } from '../db';
import { roles, tenants, users } from '../identity/tables';
import type { WriteContext } from '../resource/family';
import { storeSeedFile } from './files';
import { approverRoleCodes } from './platform';

type Roles = { manager: number; finance: number };
const byRole = (name: string, method: number, roleIds: number[]): ProcessNode => ({
  name,
  method,
  userIds: [],
  roleIds,
});

/** The process of each business type: who decides, in which order (docs/DOMAIN_DECISIONS.md 审批流程). */
function processes({ manager, finance }: Roles): [type: number, name: string, nodes: ProcessNode[]][] {
  const { any, all } = approvalMethods;
  const t = approvalBusinessTypes;
  return [
    [t.leaseOrder, '租赁订单审批', [byRole('运营经理审批', any, [manager]), byRole('财务审核', any, [finance])]],
    [t.retailWorkOrder, '零售工单审批', [byRole('运营经理审批', any, [manager]), byRole('财务审核', any, [finance])]],
    [t.productQuote, '产品报价审批', [byRole('运营经理审批', any, [manager])]],
    [t.returnCheckout, '退车结算审批', [byRole('运营经理审批', any, [manager]), byRole('财务复核', any, [finance])]],
    [t.refund, '押金退款审批', [byRole('运营经理与财务会签', all, [manager, finance])]],
    [t.relief, '费用减免审批', [byRole('运营经理审批', any, [manager]), byRole('财务审核', any, [finance])]],
    [t.offlinePayment, '线下收款确认', [byRole('财务确认到账', any, [finance])]],
    [t.award, '奖励申请审批', [byRole('运营经理审批', any, [manager])]],
    [t.exchange, '换车审批', [byRole('运营经理审批', any, [manager])]],
    [t.orderChange, '订单变更审批', [byRole('运营经理审批', any, [manager]), byRole('财务审核', any, [finance])]],
  ];
}

async function rolesOf(db: Db | Tx, tenantId: number): Promise<Roles | undefined> {
  const rows = await db.select({ id: roles.id, code: roles.code }).from(roles).where(eq(roles.tenantId, tenantId));
  const id = (code: string) => rows.find((row) => row.code === code)?.id;
  const manager = id(approverRoleCodes.manager);
  const finance = id(approverRoleCodes.finance);
  return manager && finance ? { manager, finance } : undefined;
}

/** Every business type's process in each branch company, where it has none yet (an edited one is kept). */
export async function seedApprovalProcesses(db: Db): Promise<void> {
  for (const tenant of await db.select().from(tenants).orderBy(asc(tenants.id))) {
    await seedTenantApprovalProcesses(db, tenant.id);
  }
}

/** One branch company's default processes (a new one's, made on 新增公司), where it has none yet. */
export async function seedTenantApprovalProcesses(db: Db | Tx, tenantId: number): Promise<void> {
  const found = await rolesOf(db, tenantId);
  if (!found) return;
  for (const [businessType, name, nodes] of processes(found)) {
    await db.insert(approvalProcesses).values({ tenantId, businessType, name, nodes }).onConflictDoNothing();
  }
}

/** A voucher photo stand-in: a receipt-coloured slip with a few dark lines of "text". */
export function voucherImage(): Buffer {
  const [width, height] = [480, 300];
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 4;
      const line = y > 40 && (y - 40) % 40 < 6 && x > 40 && x < width - 40 - ((y * 7) % 120);
      const shade = line ? 90 : 250;
      png.data[at] = shade;
      png.data[at + 1] = line ? 90 : 246;
      png.data[at + 2] = line ? 100 : 232;
      png.data[at + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

const day = 86_400_000;

/** The same bookkeeping the kit's action runner does for a task, for decisions the seed takes. */
export async function decide(tx: Tx, ctx: WriteContext, instanceId: number, approve: boolean, comment: string) {
  const [task] = await tx
    .select()
    .from(approvalTasks)
    .where(and(eq(approvalTasks.instanceId, instanceId), eq(approvalTasks.status, approvalTaskStates.pending)))
    .limit(1);
  if (!task) return;
  const decider = { ...ctx, auth: { ...ctx.auth, userId: task.approverId } } as WriteContext;
  if (approve) await approveTask(decider, task, { comment });
  else await rejectTask(decider, task, { comment });
  await tx
    .update(approvalTasks)
    .set({
      status: approve ? approvalTaskStates.approved : approvalTaskStates.rejected,
      handledAt: new Date(),
      comment,
      version: sql`${approvalTasks.version} + 1`,
    })
    .where(eq(approvalTasks.id, task.id));
}

/** An approval's rows dated with its business record, as if started then (the seed starts them now). */
export async function dateApproval(tx: Tx, instanceId: number, at: Date) {
  await tx.execute(sql`update approval_instances set created_at = ${at} where id = ${instanceId}`);
  await tx.execute(sql`update approval_tasks set created_at = ${at} where instance_id = ${instanceId}`);
}

type Outcome = 'pending' | 'approved' | 'rejected' | 'withdrawn';
const demoPayments: [
  payer: string,
  amount: number,
  method: number,
  daysAgo: number,
  purpose: string,
  outcome: Outcome,
][] = [
  ['张建国', 350_000, 2, 1, '10月租金（银行转账到对公账户）', 'pending'],
  ['刘海波', 120_000, 1, 2, '违章罚款代缴（门店现金）', 'pending'],
  ['陈志强', 500_000, 2, 6, '车辆押金', 'approved'],
  ['杨秀英', 280_000, 3, 9, '9月租金（微信转账）', 'approved'],
  ['赵磊', 88_800, 4, 12, '维修费用（支付宝）', 'rejected'],
  ['孙伟', 300_000, 2, 15, '首付款（转账金额与合同不符，重新提交）', 'withdrawn'],
];

/**
 * 线下收款 in each branch company that has none: recorded by the 运营经理, each through its approval —
 * two waiting for 财务 (线下审批), two confirmed, one rejected, one withdrawn.
 */
export async function seedDemoOfflinePayments(db: Db, dataDir: string | undefined, now = new Date()): Promise<void> {
  const [manager] = await db.select({ id: users.id }).from(users).where(eq(users.loginId, 'manager'));
  if (!manager) return;
  for (const tenant of await db.select().from(tenants).orderBy(asc(tenants.id))) {
    const [existing] = await db
      .select({ id: offlinePayments.id })
      .from(offlinePayments)
      .where(eq(offlinePayments.tenantId, tenant.id))
      .limit(1);
    if (existing || !(await rolesOf(db, tenant.id))) continue;
    for (const [payer, amount, method, daysAgo, purpose, outcome] of demoPayments) {
      const voucher = dataDir
        ? await storeSeedFile(db, dataDir, tenant.id, `${payer}到账凭证.png`, voucherImage())
        : null;
      await db.transaction(async (tx) => {
        const ctx = { tx, auth: { tenantId: tenant.id, userId: manager.id } } as unknown as WriteContext;
        const createdAt = new Date(now.getTime() - daysAgo * day);
        const [payment] = await tx
          .insert(offlinePayments)
          .values({
            tenantId: tenant.id,
            payerName: payer,
            amount,
            method,
            receivedOn: new Date(createdAt.getTime() - day).toISOString().slice(0, 10),
            reference:
              method === 1 ? null : `LX${createdAt.toISOString().slice(0, 10).replaceAll('-', '')}${amount % 9973}`,
            purpose,
            vouchers: voucher ? [voucher] : [],
            createdBy: manager.id,
            updatedBy: manager.id,
            createdAt,
            updatedAt: createdAt,
          })
          .returning({ id: offlinePayments.id });
        if (!payment) return;
        const instanceId = await startApproval(ctx, {
          businessType: approvalBusinessTypes.offlinePayment,
          businessId: payment.id,
          title: offlinePaymentTitle(payer, amount),
        });
        if (outcome === 'approved') await decide(tx, ctx, instanceId, true, '已核对银行流水，金额一致');
        if (outcome === 'rejected') await decide(tx, ctx, instanceId, false, '凭证模糊，无法核对到账');
        if (outcome === 'withdrawn') {
          await withdrawInstance(ctx, { id: instanceId });
          await tx
            .update(approvalInstances)
            .set({ status: 4, endedAt: new Date() })
            .where(eq(approvalInstances.id, instanceId));
        }
        await dateApproval(tx, instanceId, createdAt);
      });
    }
  }
}
