import { z } from 'zod';
import { text } from '../values';

const money = z.number().meta({ description: '金额（分）' });

/**
 * One kind of money a customer owes, added up over all their receivables: each kind its principal; late fees
 * of every kind are one line of their own (滞纳金, kind 7), never counted as the kind's money received.
 */
export const accountKindTotal = z.object({
  kind: z.number(),
  due: money,
  received: money,
  relieved: money,
  outstanding: money,
});

/**
 * 查看账户: a customer's whole account — every order, what each kind of receivable came to, what was paid,
 * what is overdue, and the deposit held.
 */
export const customerAccount = z.object({
  driver: z.object({ id: text(), name: text(), mobile: text() }),
  totals: z.object({
    due: money,
    lateFee: money,
    received: money,
    relieved: money,
    outstanding: money,
    overdue: money,
    /** Deposit received and not refunded or settled. */
    deposit: money,
  }),
  byKind: z.array(accountKindTotal),
  orders: z.array(
    z.object({
      id: text(),
      orderNo: text(),
      status: z.number(),
      startDate: text(),
      endDate: text(),
      rent: money,
      outstanding: money,
      overdueDays: z.number(),
    }),
  ),
  payments: z.array(
    z.object({
      id: text(),
      paymentNo: text(),
      paidOn: text(),
      amount: money,
      allocated: money,
      channel: z.number(),
      status: z.number(),
    }),
  ),
});

export type CustomerAccount = z.infer<typeof customerAccount>;
