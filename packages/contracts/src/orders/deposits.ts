import { z } from 'zod';
import { defineEnum } from '../enums';
import { text } from '../values';

/**
 * A row of an order's deposit ledger (押金台账). 收取 and 冲销 are read from the allocations of payments to the
 * order's 押金 receivables (never kept twice); the others are rows of their own (`deposit_movements`), posted by
 * the event that moves held money: a settlement's offset and forfeit, a refund's payout, a renewal's carry-over.
 */
export const depositEntryKind = defineEnum('押金变动', [
  [0, '收取'],
  [1, '结算抵扣'],
  [2, '退还'],
  [3, '没收'],
  [4, '转出至续租'],
  [5, '自原订单转入'],
]);
export const depositEntryKinds = {
  collected: 0,
  offset: 1,
  refunded: 2,
  forfeited: 3,
  carriedOut: 4,
  carriedIn: 5,
} as const;

/** The movement kinds kept as rows (everything but 收取). */
export type DepositMovementKind = Exclude<(typeof depositEntryKinds)[keyof typeof depositEntryKinds], 0>;

export interface DepositTotals {
  collected: number;
  offset: number;
  refunded: number;
  forfeited: number;
  carriedOut: number;
  carriedIn: number;
  held: number;
}

/**
 * held = collected − offset − refunded − forfeited − carried out + carried in. `collected` is what the
 * order's deposit receivables received (reversals taken back); the movements are the held money's own rows.
 */
export function depositTotals(
  collected: number,
  movements: readonly { kind: number; amount: number }[],
): DepositTotals {
  const sum = (kind: number) =>
    movements.filter((movement) => movement.kind === kind).reduce((total, movement) => total + movement.amount, 0);
  const totals = {
    collected,
    offset: sum(depositEntryKinds.offset),
    refunded: sum(depositEntryKinds.refunded),
    forfeited: sum(depositEntryKinds.forfeited),
    carriedOut: sum(depositEntryKinds.carriedOut),
    carriedIn: sum(depositEntryKinds.carriedIn),
  };
  return {
    ...totals,
    held: totals.collected - totals.offset - totals.refunded - totals.forfeited - totals.carriedOut + totals.carriedIn,
  };
}

const money = z.number().meta({ description: '金额（分）' });

/** 押金台账 of an order: its rows (signed: + into the deposit held, − out of it) and totals. */
export const depositLedger = z.object({
  orderId: text(),
  orderNo: text(),
  /** The deposit the contract asks for. */
  agreed: money,
  collected: money,
  offset: money,
  refunded: money,
  forfeited: money,
  carriedOut: money,
  carriedIn: money,
  held: money,
  entries: z.array(
    z.object({
      day: text(),
      kind: z.number(),
      amount: money,
      /** The payment, settlement, refund or order it came from. */
      reference: text(),
      note: text(),
    }),
  ),
});
export type DepositLedger = z.infer<typeof depositLedger>;
