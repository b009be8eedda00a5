// An order's rent schedule: its terms as the contracts' `rentSchedule` reads them, checked in the form's words, and
// written as its receivables.
import { type RentStage, rentSchedule, ScheduleError, type ScheduleInput, type ScheduleRow } from '@cp/contracts';
import type { Tx } from '../db';
import { writtenBy } from '../db/columns';
import { businessError } from '../http/errors';
import type { Row } from '../resource/family';
import { cityOfOrder, orderReceivables } from './tables';

/** The schedule terms of an order row (or of checked form values). */
export function scheduleInput(row: Row): ScheduleInput {
  return {
    startDate: String(row.startDate),
    termMonths: Number(row.termMonths),
    rentReceipt: Number(row.rentReceipt) as 0 | 1 | 2,
    rent: Number(row.rent),
    stages: (row.stages as RentStage[] | null) ?? [],
    timing: Number(row.rentTiming) === 2 ? 'arrears' : 'advance',
    rentFreeDays: Number(row.rentFreeDays ?? 0),
    // 一次性支付: one rent receivable for the whole term.
    lumpSum: Number(row.rentSettlement) === 1,
  };
}

/** The schedule the terms give, or the terms' problem in the form's words. */
export function checkedSchedule(input: ScheduleInput): ScheduleRow[] {
  try {
    return rentSchedule(input);
  } catch (error) {
    if (error instanceof ScheduleError) throw businessError(error.message);
    throw error;
  }
}

/** Who writes: the transaction and the branch company and user it writes for (a request's, or a job's). */
export type Writer = { tx: Tx; auth: { tenantId: number; userId: number | null; userName?: string } };

/** An order's rent receivables as its schedule gives them. */
export async function insertSchedule(ctx: Writer, order: Row, rows: readonly ScheduleRow[]) {
  if (rows.length === 0) return;
  await ctx.tx.insert(orderReceivables).values(
    rows.map((row) => ({
      orderId: Number(order.id),
      driverId: Number(order.driverId),
      cityId: cityOfOrder(Number(order.id)),
      kind: 1,
      period: row.period,
      stage: row.stage,
      periodStart: row.startDate,
      periodEnd: row.endDate,
      dueDate: row.dueDate,
      amount: row.amount,
      ...writtenBy(ctx.auth),
    })),
  );
}
