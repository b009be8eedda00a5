import { cooperationStates } from '@cp/contracts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db';
import { businessError, notFound } from '../http/errors';
import { customers } from './tables';

/** A customer's B端 terms, as a fleet order of theirs starts from them (客户管理 keeps them). */
export interface CustomerTerms {
  customerId: number;
  name: string;
  /** 结算方式 (`settlementMode`): 1 月结, 2 季结, 3 半年结, 4 年结, 5 预付. */
  settlementMode: number;
  billingDay: number;
  paymentDays: number;
  /** 授信额度, fen. */
  creditLimit: number;
  cooperationStatus: number;
}

/**
 * The terms of the branch company's customer, read in the caller's transaction; `forNewOrder` refuses a
 * customer the company no longer does business with (暂停合作 / 终止合作).
 */
export async function customerTerms(
  db: Executor,
  tenantId: number,
  customerId: number,
  options: { forNewOrder?: boolean } = {},
): Promise<CustomerTerms> {
  const [row] = await db
    .select({
      customerId: customers.id,
      name: customers.name,
      settlementMode: customers.settlementMode,
      billingDay: customers.billingDay,
      paymentDays: customers.paymentDays,
      creditLimit: customers.creditLimit,
      cooperationStatus: customers.cooperationStatus,
    })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.tenantId, tenantId)));
  if (!row) throw notFound('客户');
  if (options.forNewOrder && row.cooperationStatus !== cooperationStates.active) {
    throw businessError(`客户 ${row.name} 不在合作中，不能新建订单`);
  }
  return row;
}
