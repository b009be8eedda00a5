import type { Tx } from '../db';
import type { Row, WriteContext } from '../resource/family';

/** Who moved money, in which transaction (a payment, its reversal, a relief). */
interface Moved {
  tx: Tx;
  auth: { tenantId: number; userId: number };
}

type Handler = (ctx: Moved, orderIds: readonly number[]) => Promise<void>;
const handlers: Handler[] = [];

/**
 * Follows the money of orders: called in the transaction that moved it, once its receivables, overdue
 * accounts and bills are in step (断电管理 restores a car whose arrears are paid).
 */
export function onOrderMoneyMoved(handler: Handler): void {
  handlers.push(handler);
}

export async function orderMoneyMoved(ctx: Moved, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  for (const handler of handlers) await handler(ctx, orderIds);
}

/** A 催收 contact escalated to 申请断电: its record, the overdue account (as the action read it) and the result. */
type Escalation = (ctx: WriteContext, recordId: number, account: Row, result: string) => Promise<void>;
const escalations: Escalation[] = [];

/** 断电管理 takes 催收's 申请断电 as a request of its own, in the contact's transaction. */
export function onPowerOffEscalation(handler: Escalation): void {
  escalations.push(handler);
}

export async function collectionEscalated(ctx: WriteContext, recordId: number, account: Row, result: string) {
  for (const handler of escalations) await handler(ctx, recordId, account, result);
}
