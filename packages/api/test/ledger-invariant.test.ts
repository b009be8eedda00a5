import { addDays, beijingDay, type CustomerAccount, type PageResult } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { runOverdueDay } from '../src/finance/overdue';
import { startDueRenewals } from '../src/orders/renewals';
import { callsAs, writesBy } from './calls';
import { startTestApp, type TestContext } from './harness';
import { booksProblems, owedByRows } from './ledger-support';
import { type Car, decide, leaseOrderTerms, stockCars } from './task-support';

let ctx: TestContext;
let ops: string;
let manager: string;
let finance: string;
let admin: string;
let tenantId: number;
let unitId: string;
let drivers: string[];
let stock: Car[];
const today = beijingDay(new Date());
/** The overdue job's next day: the demo did today, each job step does the next. */
let jobDay = addDays(today, 1);
let steps = 0;
let exchanges = 0;

const query = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await ctx.database.db.execute(statement));
const { get } = callsAs(() => ({ ctx, token: admin }));
const { post } = writesBy(() => ctx);

beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 150 });
  ops = await ctx.login('ops', 'ops123');
  manager = await ctx.login('manager', 'manager123');
  finance = await ctx.login('finance', 'finance123');
  admin = await ctx.login('admin', 'admin123');
  const [tenant] = await query<{ id: number }>(sql`select id from tenants where code = 'BJ'`);
  tenantId = Number(tenant?.id);
  drivers = (
    await query<{ id: string }>(sql`select d.id::text from drivers d where d.tenant_id = ${tenantId} and d.status = 1
      and not exists (select 1 from lease_orders o where o.driver_id = d.id) order by d.id`)
  ).map((row) => row.id);
  stock = await stockCars(ctx, tenantId);
  unitId = String((await get<PageResult<{ id: string }>>('/api/accounting-units?limit=1')).data.list[0]?.id);
});
afterAll(() => ctx.close());

/** Decides the task of a business record waiting for `token` (通过). */
const approve = async (token: string, businessType: number, businessId: string) =>
  expect((await decide(ctx, token, businessType, businessId, 'approve', { comment: '同意' })).msg).toBe('success');

/** After every step: the branch company's books keep every rule, and 查看账户 adds up to the rows. */
async function expectBalanced(driverId: string, after: string, afterJob = false) {
  steps += 1;
  expect(await booksProblems(ctx.database.db, tenantId, { afterJob }), `after ${after}`).toEqual([]);
  const account = (await get<CustomerAccount>(`/api/customer-accounts/${driverId}`, admin)).data;
  expect(account.totals.outstanding).toBe((await owedByRows(ctx.database.db, driverId)).outstanding);
}

const terms = fc.record({
  rent: fc.integer({ min: 50_000, max: 800_000 }),
  deposit: fc.constantFrom(0, 300_000, 800_000),
  firstPayment: fc.constantFrom(0, 200_000),
  graceDays: fc.integer({ min: 0, max: 10 }),
  lateFeeRate: fc.integer({ min: 0, max: 30 }),
  rentTiming: fc.constantFrom(1, 2),
  termMonths: fc.integer({ min: 3, max: 12 }),
  /** The handover, recorded after the fact: this many days ago. */
  back: fc.integer({ min: 0, max: 160 }),
  /** 商务约定事项: 违约金 (8) or none. */
  businessItems: fc.constantFrom([] as number[], [8]),
});

const step = fc.oneof(
  fc.record({
    kind: fc.constant('pay' as const),
    share: fc.double({ min: 0.05, max: 1.3, noNaN: true }),
    ago: fc.nat(),
  }),
  fc.record({ kind: fc.constant('reverse' as const), which: fc.nat() }),
  fc.record({ kind: fc.constant('job' as const) }),
  fc.record({ kind: fc.constant('delay' as const), months: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('relief' as const), share: fc.double({ min: 0.05, max: 1, noNaN: true }) }),
  fc.record({
    kind: fc.constant('exchange' as const),
    rentDifference: fc.integer({ min: -50_000, max: 50_000 }),
    damage: fc.constantFrom(0, 60_000),
  }),
);

const ending = fc.constantFrom('none' as const, 'renewal' as const, 'return' as const, 'return with damage' as const);

describe('the ledger invariant over generated lease books', () => {
  it("the demo's books keep every rule, in both branch companies", async () => {
    for (const tenant of await query<{ id: number }>(sql`select id from tenants order by id`)) {
      expect(await booksProblems(ctx.database.db, tenant.id)).toEqual([]);
    }
  });

  it('catches a fen moved by hand: a check that cannot fail is none', async () => {
    const [paid] = await query<{ id: string }>(
      sql`select id::text from order_receivables where tenant_id = ${tenantId} and received > 0 order by order_receivables.id limit 1`,
    );
    await ctx.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update order_receivables set received = received + 1 where id = ${Number(paid?.id)}`);
        expect((await booksProblems(tx, tenantId)).join('\n')).toContain('received is the sum of the live allocations');
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await booksProblems(ctx.database.db, tenantId)).toEqual([]);
  });

  it('keeps every rule after every step: payments early, late, partial and over, reversals, reliefs, the daily job, extensions, exchanges, renewals, returns with damage, early ends with 违约金, settlements and refunds', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(terms, fc.array(step, { minLength: 2, maxLength: 7 }), ending, async (t, plan, end) => {
        const driverId = drivers[run] as string;
        const car = stock[run] as Car;
        run += 1;
        const handover = addDays(today, -t.back);
        const saved = await post<{ id: string }>(
          '/api/lease-orders',
          ops,
          leaseOrderTerms({
            driverId,
            cityId: car.cityId,
            modelId: car.modelId,
            rentTiming: t.rentTiming,
            startDate: handover,
            termMonths: t.termMonths,
            rent: t.rent,
            deposit: t.deposit,
            firstPayment: t.firstPayment,
            graceDays: t.graceDays,
            lateFeeRate: t.lateFeeRate,
            businessItems: t.businessItems,
          }),
        );
        expect(saved.msg).toBe('success');
        const orderId = saved.data.id;
        expect((await post(`/api/lease-orders/${orderId}/submit`, ops)).msg).toBe('success');
        await approve(manager, 1, orderId);
        await approve(finance, 1, orderId);
        const filled = await post(`/api/lease-orders/${orderId}/fill-delivery`, ops, {
          vehicleId: car.id,
          mileage: 1_000_000,
          energyLevel: 80,
          deliveredOn: handover,
        });
        expect(filled.msg).toBe('success');
        await expectBalanced(driverId, 'the handover');

        for (const next of plan) {
          if (next.kind === 'pay') {
            const { outstanding } = await owedByRows(ctx.database.db, driverId);
            const amount = Math.max(1, Math.round((outstanding || 10_000) * next.share));
            const paid = await post('/api/payments', admin, {
              driverId,
              amount,
              paidOn: addDays(today, -(next.ago % (t.back + 1))),
              channel: 2,
            });
            expect(paid.msg).toBe('success');
          } else if (next.kind === 'reverse') {
            const live = await query<{ id: string }>(
              sql`select id::text from payments where driver_id = ${Number(driverId)} and status = 1 order by payments.id`,
            );
            const payment = live[next.which % Math.max(live.length, 1)];
            if (payment) {
              // Refused only where deposit money it paid is already offset or refunded; either way the books hold.
              const reversed = await post(`/api/payments/${payment.id}/reverse`, admin, { reason: '客户转账退回' });
              expect(reversed.msg === 'success' || /押金/.test(reversed.msg)).toBe(true);
            }
          } else if (next.kind === 'job') {
            await runOverdueDay(ctx.database.db, tenantId, jobDay);
            jobDay = addDays(jobDay, 1);
          } else if (next.kind === 'relief') {
            // 减免 of a bill being collected, asked by one and decided by 运营经理 then 财务.
            const [bill] = await query<{ id: string; owed: number }>(sql`
              select id::text, (amount + late_fee - received - relieved)::int as owed from bills
              where order_id = ${Number(orderId)} and status in (2, 3, 5) and amount + late_fee - received - relieved > 0
              order by due_date limit 1`);
            if (bill) {
              const amount = Math.max(1, Math.floor(bill.owed * next.share));
              const asked = await post(`/api/bills/${bill.id}/relief`, admin, { amount, reason: '车辆故障停运' });
              expect(asked.msg).toBe('success');
              const [relief] = await query<{ id: string }>(
                sql`select id::text from bill_reliefs where bill_id = ${Number(bill.id)} order by bill_reliefs.id desc limit 1`,
              );
              await approve(manager, 6, String(relief?.id));
              await approve(finance, 6, String(relief?.id));
            }
          } else if (next.kind === 'exchange') {
            // 换车: approved by the 运营经理, handed over with the old car's damage charged (换车结算款).
            const [order] = await query<{ status: number; delivery_state: number }>(
              sql`select status, delivery_state from lease_orders where id = ${Number(orderId)}`,
            );
            if (order?.status === 3 && order.delivery_state === 1) {
              exchanges += 1;
              const newCar = stock[stock.length - exchanges] as Car;
              const asked = await post<{ exchangeId: string }>(`/api/lease-orders/${orderId}/exchange`, ops, {
                newVehicleId: newCar.id,
                reason: '车辆故障',
                rentDifference: next.rentDifference,
              });
              expect(asked.msg).toBe('success');
              await approve(manager, 9, asked.data.exchangeId);
              const handed = await post(`/api/exchange-orders/${asked.data.exchangeId}/handover`, ops, {
                oldMileage: 1_002_000,
                oldEnergyLevel: 50,
                oldDamage: next.damage ? '左后门凹陷' : '无',
                ...(next.damage ? { oldDamageFee: next.damage } : {}),
                newMileage: 1_000_000,
                newEnergyLevel: 90,
              });
              expect(handed.msg).toBe('success');
            }
          } else {
            const [order] = await query<{ status: number; delivery_state: number }>(
              sql`select status, delivery_state from lease_orders where id = ${Number(orderId)}`,
            );
            if (order?.status === 3 && order.delivery_state === 1) {
              const asked = await post<{ changeRequestId: string }>(`/api/lease-orders/${orderId}/delay`, ops, {
                extraMonths: next.months,
              });
              expect(asked.msg).toBe('success');
              await approve(manager, 10, asked.data.changeRequestId);
              await approve(finance, 10, asked.data.changeRequestId);
            }
          }
          // Right after the daily job, every late fee is the rule's value and what is past due is on an account.
          await expectBalanced(driverId, JSON.stringify(next), next.kind === 'job');
        }

        if (end === 'none') return;
        if (end === 'renewal') {
          // 续租: a new order from the day after the end, approved, started on its day by the renewals job.
          const [before] = await query<{ end_date: string; delivery_state: number }>(
            sql`select end_date::text, delivery_state from lease_orders where id = ${Number(orderId)}`,
          );
          if (before?.delivery_state !== 1) return;
          const renewed = await post<{ renewalId: string }>(`/api/lease-orders/${orderId}/continue`, ops, {
            termMonths: 6,
            rent: t.rent,
          });
          expect(renewed.msg).toBe('success');
          const renewalId = renewed.data.renewalId;
          expect((await post(`/api/lease-orders/${renewalId}/submit`, ops)).msg).toBe('success');
          await approve(manager, 1, renewalId);
          await approve(finance, 1, renewalId);
          await expectBalanced(driverId, 'the renewal approved');
          await startDueRenewals(ctx.database.db, addDays(String(before.end_date), 1));
          const [started] = await query<{ old: number; renewal: number }>(sql`
            select (select status from lease_orders where id = ${Number(orderId)}) as old,
              (select delivery_state from lease_orders where id = ${Number(renewalId)}) as renewal`);
          expect(started).toEqual({ old: 4, renewal: 1 });
          await expectBalanced(driverId, 'the renewal started');
          return;
        }
        expect((await post(`/api/lease-orders/${orderId}/end-lease`, ops, { reason: '司机退租' })).msg).toBe('success');
        const [order] = await query<{ return_id: string }>(
          sql`select return_id::text from lease_orders where id = ${Number(orderId)}`,
        );
        const accepted = await post(`/api/vehicle-returns/${order?.return_id}/accept`, ops, {
          mileage: 1_004_000,
          energyLevel: 60,
          damage: end === 'return with damage' ? '前保险杠破损' : '',
          photos: [],
        });
        expect(accepted.msg).toBe('success');
        // Back before the end of a term whose 商务约定事项 has 违约金: the early end is charged it.
        const [term] = await query<{ end_date: string }>(
          sql`select end_date::text from lease_orders where id = ${Number(orderId)}`,
        );
        const early = t.businessItems.includes(8) && today < String(term?.end_date);
        const calculated = await post<{ settlementId: string; total: number }>(
          `/api/return-calculations/${orderId}/calculate`,
          ops,
          {
            accountingUnitId: unitId,
            ...(end === 'return with damage' ? { damageFee: 150_000 } : {}),
            ...(early ? { penaltyFee: 2 * t.rent } : {}),
          },
        );
        expect(calculated.msg).toBe('success');
        await approve(manager, 4, calculated.data.settlementId);
        await approve(finance, 4, calculated.data.settlementId);
        await expectBalanced(driverId, 'the settlement');
        const [refund] = await query<{ id: string }>(
          sql`select id::text from deposit_refunds where settlement_id = ${Number(calculated.data.settlementId)}`,
        );
        if (refund) {
          await approve(manager, 5, refund.id);
          await approve(finance, 5, refund.id);
          const paid = await post(`/api/deposit-refunds/${refund.id}/pay`, finance, {
            payeeName: '司机本人',
            bankName: '中国建设银行',
            bankAccount: '6217000010001234569',
            paidOn: today,
            paymentReference: `TK${run}`,
          });
          expect(paid.msg).toBe('success');
          await expectBalanced(driverId, 'the refund paid out');
        }
        // Settled: the order owes nothing but its one balance, and its deposit held is paid back or offset.
        const [held] = await query<{ held: string }>(sql`
          select (coalesce((select sum(a.amount) from payment_allocations a join order_receivables r on r.id = a.receivable_id
            where r.order_id = ${Number(orderId)} and r.kind = 2 and not a.reversed), 0)
            - coalesce((select sum(amount) from deposit_movements where order_id = ${Number(orderId)}), 0))::text as held`);
        expect(Number(held?.held)).toBe(0);
      }),
      { numRuns: 12, endOnFailure: true },
    );
    expect(steps).toBeGreaterThan(12 * 3);
    const [made] = await query<{ reliefs: number; exchanges: number; renewals: number; settlements: number }>(sql`
      select (select count(*) from bill_relief_lines where tenant_id = ${tenantId})::int as reliefs,
        (select count(*) from exchange_orders where tenant_id = ${tenantId} and status = 4)::int as exchanges,
        (select count(*) from deposit_movements where tenant_id = ${tenantId} and kind = 5)::int as renewals,
        (select count(*) from return_settlements where tenant_id = ${tenantId} and status = 2)::int as settlements`);
    console.info(
      `ledger invariant: ${run} generated lease books, the rules checked after each of ${steps} steps (the branch company now holds ${JSON.stringify(made)})`,
    );
  });
});
