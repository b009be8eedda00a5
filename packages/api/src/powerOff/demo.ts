import { beijingDay, powerCommandKinds, powerOffStates } from '@cp/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { atBusinessTime, businessNow } from '../clock';
import { loadConfig } from '../config';
import type { Db, Tx } from '../db';
import { rowsOf } from '../db/migrate';
import { recordPayment } from '../finance/books';
import { tenants, users } from '../identity/tables';
import type { WriteContext } from '../resource/family';
import { decide } from '../seed/approvals';
import { dispatch, gateway, queueCommand } from './commands';
import { deviceOf } from './devices';
import { createRequest, overdueOwed } from './requests';
import { moveTerminal, type SimulatorMove } from './simulator';
import { powerCommands, powerOffRequests as q } from './tables';

const hour = 3_600_000;
const settings = loadConfig().powerOff;

type Order = { id: number; driver_id: number; vehicle_id: number };
type Story = {
  daysAgo: number;
  reason: number;
  remark: string;
  /** What happens after the application, hours after it. */
  ending: 'pending' | 'rejected' | 'approved' | 'cut' | 'paid' | 'moving' | 'offline';
};

const stories: Story[] = [
  { daysAgo: 9, reason: 0, remark: '逾期两期未还，多次催收无果', ending: 'cut' },
  { daysAgo: 20, reason: 0, remark: '逾期租金未付，电话不接', ending: 'paid' },
  { daysAgo: 2, reason: 0, remark: '逾期一个月，车辆仍在营运', ending: 'moving' },
  { daysAgo: 6, reason: 0, remark: '逾期未还，车辆停在外地', ending: 'offline' },
  { daysAgo: 4, reason: 1, remark: '违章未处理超过15条，限期处理', ending: 'approved' },
  { daysAgo: 12, reason: 2, remark: '年检逾期未上线检测', ending: 'rejected' },
  { daysAgo: 1, reason: 3, remark: '保养超里程3000公里，需回场维保', ending: 'pending' },
];

/** Orders in force whose car is with the driver and has a terminal, owing past due (or not), oldest first. */
async function ordersOf(db: Db, tenantId: number, owing: boolean): Promise<Order[]> {
  return rowsOf<Order>(
    await db.execute(sql`
      select o.id::int, o.driver_id::int, o.vehicle_id::int from lease_orders o join vehicles v on v.id = o.vehicle_id
      where o.tenant_id = ${tenantId} and o.status = 3 and o.delivery_state = 1 and coalesce(v.gps_device_no, '') <> ''
        and ${owing ? sql`` : sql`not`} exists (select 1 from order_receivables r where r.order_id = o.id and r.status = 3)
        and not exists (select 1 from power_off_requests p where p.vehicle_id = o.vehicle_id)
      order by o.id limit 8`),
  );
}

/** Runs `work` at a moment of the story, in a transaction of its own, as `userId` of the branch company. */
const at = <T>(
  db: Db,
  moment: Date,
  auth: { tenantId: number; userId: number },
  work: (ctx: WriteContext) => Promise<T>,
) => atBusinessTime(moment, () => db.transaction((tx) => work({ tx, auth } as unknown as WriteContext)));

async function commandOf(tx: Tx, requestId: number) {
  const [command] = await tx
    .select({ id: powerCommands.id })
    .from(powerCommands)
    .where(eq(powerCommands.requestId, requestId))
    .orderBy(asc(powerCommands.id));
  return Number(command?.id);
}

/** 断电 or 复电 as the buttons take them: the request moves, the command is queued and sent at `moment`. */
async function command(
  db: Db,
  moment: Date,
  auth: { tenantId: number; userId: number },
  requestId: number,
  kind: number,
) {
  await at(db, moment, auth, async (ctx) => {
    const [request] = await ctx.tx.select().from(q).where(eq(q.id, requestId)).for('update');
    if (!request) return;
    const status = kind === powerCommandKinds.cut ? powerOffStates.cutting : powerOffStates.restoring;
    await ctx.tx
      .update(q)
      .set({ status, version: request.version + 1, updatedAt: businessNow() })
      .where(eq(q.id, requestId));
    await queueCommand(ctx.tx, ctx.auth, request, kind);
  });
  await atBusinessTime(moment, async () =>
    dispatch(db, settings, await db.transaction((tx) => commandOf(tx, requestId))),
  );
}

async function move(
  db: Db,
  moment: Date,
  auth: { tenantId: number; userId: number },
  vehicleId: number,
  moves: SimulatorMove[],
) {
  await at(db, moment, auth, async (ctx) => {
    const imei = await deviceOf(ctx.tx, gateway, ctx.auth, vehicleId);
    for (const one of imei ? moves : []) await moveTerminal(ctx.tx, ctx.auth.tenantId, imei as string, one);
  });
}

/**
 * 断电申请 in each branch company, through the services at past moments: one cut, one restored when its arrears
 * were paid, one waiting on a moving car, one failed while its terminal stayed offline, one approved and
 * waiting, one turned down, one waiting for approval.
 */
export async function seedPowerOff(db: Db): Promise<void> {
  const [manager] = await db.select({ id: users.id }).from(users).where(eq(users.loginId, 'manager'));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.loginId, 'admin'));
  if (!manager || !admin) return;
  const now = businessNow().getTime();
  for (const tenant of await db.select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.id))) {
    const [existing] = await db.select({ id: q.id }).from(q).where(eq(q.tenantId, tenant.id)).limit(1);
    if (existing) continue;
    const owing = await ordersOf(db, tenant.id, true);
    const clean = await ordersOf(db, tenant.id, false);
    const auth = { tenantId: tenant.id, userId: admin.id };
    for (const story of stories) {
      const order = (story.reason === 0 ? owing : clean).shift();
      if (!order) continue;
      const applied = now - story.daysAgo * 24 * hour;
      const moment = (hours: number) => new Date(applied + hours * hour);
      const made = await at(db, moment(0), auth, (ctx) =>
        createRequest(ctx, { orderId: order.id, reason: story.reason, remark: story.remark }),
      );
      if (story.ending === 'pending') continue;
      const approve = story.ending !== 'rejected';
      await at(db, moment(3), auth, (ctx) =>
        decide(ctx.tx, ctx, made.instanceId, approve, approve ? '同意，按流程断电' : '先安排上门催告，暂不断电'),
      );
      if (!approve || story.ending === 'approved') continue;
      if (story.ending === 'moving') await move(db, moment(4), auth, order.vehicle_id, [{ drive: 62 }]);
      if (story.ending === 'offline') await move(db, moment(4), auth, order.vehicle_id, [{ online: false }]);
      await command(db, moment(5), auth, made.id, powerCommandKinds.cut);
      if (story.ending === 'offline') {
        await atBusinessTime(moment(5 + settings.waitHours + 1), async () =>
          dispatch(db, settings, await db.transaction((tx) => commandOf(tx, made.id))),
        );
      }
      if (story.ending === 'paid') {
        await at(db, moment(5 * 24), { tenantId: tenant.id, userId: manager.id }, async (ctx) => {
          const amount = await overdueOwed(ctx.tx, tenant.id, order.id);
          if (amount <= 0) return;
          const paidOn = beijingDay(new Date(applied + 5 * 24 * hour));
          await recordPayment(
            ctx,
            { driverId: order.driver_id, amount, paidOn, channel: 2, remark: '补缴逾期租金' },
            { orderId: order.id },
          );
        });
        const [restore] = await db
          .select({ id: powerCommands.id })
          .from(powerCommands)
          .where(and(eq(powerCommands.requestId, made.id), eq(powerCommands.kind, powerCommandKinds.restore)));
        if (restore) await atBusinessTime(moment(5 * 24 + 0.1), () => dispatch(db, settings, restore.id));
      }
    }
  }
}
