import { marketplaceOrderResource, marketplaceOrderStates } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { auditLog } from '../audit/tables';
import { businessNowSql } from '../clock';
import type { Db } from '../db';
import { rowsOf } from '../db/migrate';
import type { RoutePlugin } from '../http/schemas';
import { defineJobKind } from '../jobs/kinds';
import { marketplaceOrderLines, marketplaceOrders, marketplaceProducts } from './tables';

const { unpaid, shipped, received, closed } = marketplaceOrderStates;
const entity = marketplaceOrderResource.key;

/**
 * 超时关闭: every unpaid order past its 支付截止 closed, its pieces back in stock and a line in its 变更记录, in
 * one statement. An order being paid or cancelled this moment is skipped and taken by the next run if still
 * unpaid; the update re-reads the state, so two runners close (and restock) each order once.
 */
export async function closeUnpaidOrders(db: Db): Promise<number> {
  const [done] = rowsOf<{ n: number }>(
    await db.execute(sql`
      with due as (
        select id from ${marketplaceOrders}
        where status = ${unpaid} and pay_deadline <= ${businessNowSql()}
        order by id
        for update skip locked
      ), closed as (
        update ${marketplaceOrders} o set status = ${closed}, closed_at = ${businessNowSql()},
          version = o.version + 1, updated_at = ${businessNowSql()}
        from due where o.id = due.id and o.status = ${unpaid}
        returning o.id, o.tenant_id
      ), back as (
        select l.product_id, sum(l.quantity)::int as quantity
        from ${marketplaceOrderLines} l join closed c on c.id = l.order_id
        group by l.product_id
      ), restocked as (
        update ${marketplaceProducts} p set stock = p.stock + back.quantity
        from back where p.id = back.product_id
        returning p.id
      ), recorded as (
        insert into ${auditLog} (tenant_id, user_name, action, entity, entity_id, changes, at)
        select tenant_id, '系统（超时关闭）', 'close', ${entity}, id::text,
          jsonb_build_object('status', jsonb_build_object('from', ${unpaid}::int, 'to', ${closed}::int)), ${businessNowSql()}
        from closed
        returning 1
      )
      select (select count(*)::int from recorded) as n, (select count(*) from restocked) as restocked`),
  );
  return done?.n ?? 0;
}

/** 自动收货: every shipped order past its 自动收货时间 completed, once, with a line in its 变更记录. */
export async function autoReceiveOrders(db: Db): Promise<number> {
  const [done] = rowsOf<{ n: number }>(
    await db.execute(sql`
      with due as (
        select id from ${marketplaceOrders}
        where status = ${shipped} and auto_receive_at <= ${businessNowSql()}
        order by id
        for update skip locked
      ), received as (
        update ${marketplaceOrders} o set status = ${received}, received_at = ${businessNowSql()}, receive_way = 2,
          version = o.version + 1, updated_at = ${businessNowSql()}
        from due where o.id = due.id and o.status = ${shipped}
        returning o.id, o.tenant_id
      ), recorded as (
        insert into ${auditLog} (tenant_id, user_name, action, entity, entity_id, changes, at)
        select tenant_id, '系统（自动收货）', 'receive', ${entity}, id::text,
          jsonb_build_object('status', jsonb_build_object('from', ${shipped}::int, 'to', ${received}::int)), ${businessNowSql()}
        from received
        returning 1
      )
      select count(*)::int as n from recorded`),
  );
  return done?.n ?? 0;
}

/** Every minute: an unpaid order closes within a minute of its deadline, a shipped one is received on time. */
const timersJob = defineJobKind<Record<string, never>>({
  kind: 'marketplace.orderTimers',
  everyMs: 60_000,
  run: async ({ db }) => ({ closed: await closeUnpaidOrders(db), received: await autoReceiveOrders(db) }),
});

export const timerRoutes: RoutePlugin<{ db: Db }> = async (app) => {
  app.jobs.define(timersJob);
};
