import { envelope, idText, marketplaceOrderResource, orderPayment } from '@cp/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db';
import { access, sessionOf } from '../http/access';
import { notFound } from '../http/errors';
import { ok } from '../http/reply';
import type { RoutePlugin } from '../http/schemas';
import { users } from '../identity/tables';
import { marketplaceOrders, marketplacePayments } from './tables';

/** 收退款记录 of an order on its detail page: its payment and refund rows as written, with who wrote them. */
export const paymentRoutes: RoutePlugin<{ db: Db }> = async (app, { db }) => {
  app.get(
    `${marketplaceOrderResource.endpoint}/:id/payments`,
    {
      config: { access: access.permission(marketplaceOrderResource.permissions.list) },
      schema: {
        summary: '商城订单的收款与退款记录',
        tags: [marketplaceOrderResource.title],
        params: z.strictObject({ id: idText.meta({ title: '订单' }) }),
        response: { 200: envelope(z.array(orderPayment)) },
      },
    },
    async (request) => {
      const { tenantId } = sessionOf(request);
      const id = Number(request.params.id);
      const [order] = await db
        .select({ id: marketplaceOrders.id })
        .from(marketplaceOrders)
        .where(and(eq(marketplaceOrders.tenantId, tenantId), eq(marketplaceOrders.id, id)));
      if (!order) throw notFound('订单');
      const rows = await db
        .select({
          kind: marketplacePayments.kind,
          method: marketplacePayments.method,
          amount: marketplacePayments.amount,
          reference: marketplacePayments.reference,
          at: marketplacePayments.at,
          operatorName: users.userName,
        })
        .from(marketplacePayments)
        .leftJoin(users, eq(users.id, marketplacePayments.createdBy))
        .where(and(eq(marketplacePayments.tenantId, tenantId), eq(marketplacePayments.orderId, id)))
        .orderBy(asc(marketplacePayments.id));
      return ok(rows.map((row) => ({ ...row, at: row.at.toISOString(), operatorName: row.operatorName ?? null })));
    },
  );
};
