// How an approval's end reaches its business: the modules subscribe by business type, and the engine announces
// each outcome in the transaction of the decision.
import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { businessNow } from '../clock';
import type { Tx } from '../db';

export type ApprovalOutcome = 'approved' | 'rejected' | 'withdrawn';

/** What a business module hears when one of its approvals ends: in the same transaction as the decision. */
export interface OutcomeEvent {
  tx: Tx;
  tenantId: number;
  businessId: number;
  instanceId: number;
  outcome: ApprovalOutcome;
  /** Who decided (the last approver, or the initiator who withdrew). */
  userId: number;
  comment: string | null;
}

type OutcomeHandler = (event: OutcomeEvent) => Promise<void>;
const handlers = new Map<number, OutcomeHandler[]>();

/**
 * The business module of `businessType` follows its approvals' outcomes: 通过 moves its record on, 驳回 and
 * 撤回 send it back. Registered when the module loads; subscribers of one type are called in the order they
 * registered (a 线下收款's state first, then the bill it pays).
 */
export function onApprovalOutcome(businessType: number, handler: OutcomeHandler): void {
  handlers.set(businessType, [...(handlers.get(businessType) ?? []), handler]);
}

/** The columns a record whose state is its approval's outcome keeps (线下收款, 产品报价). */
interface DecidedTable extends PgTable {
  id: PgColumn;
  tenantId: PgColumn;
  status: PgColumn;
  decidedAt: PgColumn;
  updatedAt: PgColumn;
  updatedBy: PgColumn;
}

/**
 * A business whose record only waits for its approval: each outcome sets the record's state and when it was
 * decided, once — a record no longer `pending` is left as it is.
 */
export function stateFollowsApproval(
  businessType: number,
  table: DecidedTable,
  pending: number,
  states: Readonly<Record<ApprovalOutcome, number>>,
): void {
  onApprovalOutcome(businessType, async ({ tx, tenantId, businessId, outcome, userId }) => {
    const now = businessNow();
    await tx
      .update(table)
      .set({ status: states[outcome], decidedAt: now, updatedAt: now, updatedBy: userId } as never)
      .where(and(eq(table.id, businessId), eq(table.tenantId, tenantId), eq(table.status, pending)));
  });
}

/** Tells the business module of `businessType` how one of its approvals ended, subscriber after subscriber. */
export async function announceOutcome(businessType: number, event: OutcomeEvent): Promise<void> {
  for (const handler of handlers.get(businessType) ?? []) await handler(event);
}
