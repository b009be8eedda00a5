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
    /** Deposit held over the customer's orders: collected less offset, refunded, kept and carried (押金台账). */
    deposit: money,
    /** Money paid back to the customer (押金退款 paid out). */
    refunded: money,
  }),
  /** Each order's deposit ledger totals (押金台账). */
  deposits: z.array(
    z.object({
      orderId: text(),
      orderNo: text(),
      agreed: money,
      collected: money,
      offset: money,
      refunded: money,
      forfeited: money,
      carriedOut: money,
      carriedIn: money,
      held: money,
    }),
  ),
  /** 押金退款 of the customer's settlements: what is owed back and whether it was paid out. */
  refunds: z.array(
    z.object({
      id: text(),
      refundNo: text(),
      orderNo: text(),
      settlementNo: text(),
      amount: money,
      status: z.number(),
      paidOn: text().nullable(),
    }),
  ),
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
