import { couponKind, enums, envelope, idText, text } from '@cp/contracts';
import { and, desc, eq, gte, inArray, lt, lte } from 'drizzle-orm';
import { z } from 'zod';
import { appCallerOf, appDriverOf } from '../appApi/auth';
import { businessNow } from '../clock';
import type { Db } from '../db';
import { access } from '../http/access';
import { ok } from '../http/reply';
import type { RoutePlugin } from '../http/schemas';
import { defineJobKind } from '../jobs/kinds';
import { claimCoupon, payCouponOrder } from './issue';
import { couponOrders, couponTemplates } from './tables';
import { closeUnpaidOrders, expireCoupons } from './timers';
import { useCouponOrder } from './use';

const money = (title: string) => z.number().int().meta({ title, description: '分' });
const moment = (title: string) => z.string().nullable().meta({ title, description: 'ISO 8601' });

const offer = z
  .object({
    id: idText.meta({ title: '优惠券编号' }),
    name: text().meta({ title: '优惠券名称' }),
    kind: z.number().int().meta({ title: '发放方式', description: '1 免费领取 / 2 付费购买' }),
    kindName: text().meta({ title: '发放方式名称' }),
    price: money('售价').nullable(),
    faceValue: money('优惠总额'),
    stageSummary: text().meta({ title: '优惠内容' }),
    threshold: money('使用门槛').nullable(),
    remaining: z.number().int().meta({ title: '剩余张数' }),
    perDriverLimit: z.number().int().meta({ title: '每人限领' }),
    claimEnd: moment('领取截止时间'),
    description: text().nullable().meta({ title: '使用说明' }),
  })
  .meta({ id: 'AppCouponOffer' });

const held = z
  .object({
    id: idText.meta({ title: '券订单编号' }),
    orderNo: text().meta({ title: '券订单号' }),
    couponId: idText.meta({ title: '优惠券编号' }),
    couponName: text().meta({ title: '优惠券名称' }),
    status: z
      .number()
      .int()
      .meta({ title: '状态', description: '0 待支付 / 1 支付超时 / 2 未使用 / 3 已使用 / 4 已过期 / 5 已退款' }),
    statusName: text().meta({ title: '状态名称' }),
    price: money('支付金额'),
    faceValue: money('优惠总额'),
    stageSummary: text().meta({ title: '优惠内容' }),
    payDeadline: moment('支付截止时间'),
    validFrom: moment('有效期开始'),
    validTo: moment('有效期结束'),
    usedAt: moment('使用时间'),
    useChannel: text().nullable().meta({ title: '使用方式', description: '如：商城订单SC0000000012、租赁订单…' }),
    threshold: money('使用门槛').nullable(),
    source: z.number().int().meta({ title: '来源', description: '1 APP领取或购买 / 2 后台指定发放' }),
  })
  .meta({ id: 'AppCouponOrder' });

type Order = typeof couponOrders.$inferSelect;
const iso = (value: Date | null) => (value ? value.toISOString() : null);
const heldAnswer = (order: Order): z.output<typeof held> => ({
  id: String(order.id),
  orderNo: order.orderNo,
  couponId: String(order.couponId),
  couponName: order.couponName,
  status: order.status,
  statusName: enums.couponUse.label(order.status) ?? '',
  price: order.price,
  faceValue: order.faceValue,
  stageSummary: order.stageSummary,
  payDeadline: iso(order.payDeadline),
  validFrom: iso(order.validFrom),
  validTo: iso(order.validTo),
  usedAt: iso(order.usedAt),
  useChannel: order.useChannel,
  threshold: order.threshold,
  source: order.source,
});

const byId = z.strictObject({ id: idText.meta({ title: '编号' }) });
const payBody = z.strictObject({
  paymentRef: text()
    .trim()
    .regex(/^[A-Za-z0-9_-]{6,64}$/, '应为6到64位的字母、数字、下划线或横线')
    .meta({ title: '支付流水号' }),
});
const noBody = z.strictObject({}).optional();
const useBody = z
  .strictObject({
    marketplaceOrderNo: text()
      .regex(/^SC\d{8,12}$/, '格式不正确')
      .optional()
      .meta({ title: '商城订单编号', description: '用于待支付的商城订单：抵扣后按应付金额支付' }),
    leaseOrderNo: text()
      .trim()
      .min(1, '不能为空')
      .max(40, '不能超过40个字符')
      .optional()
      .meta({ title: '租赁订单编号', description: '用于履约中租赁订单的月租金：有使用门槛的券须指明' }),
  })
  .optional();

/** Every minute: purchases unpaid past their deadline are closed and their stock given back. */
const closeUnpaidJob = defineJobKind<Record<string, never>>({
  kind: 'coupons.closeUnpaid',
  everyMs: 60_000,
  run: async ({ db }) => ({ closed: await closeUnpaidOrders(db) }),
});

/** Every ten minutes: unused coupons past their end (23:59:59 Beijing time) become 已过期. */
const expireJob = defineJobKind<Record<string, never>>({
  kind: 'coupons.expire',
  everyMs: 10 * 60_000,
  run: async ({ db }) => ({ expired: await expireCoupons(db) }),
});

const tags = ['司机APP'];

/**
 * The app's coupon calls: what is offered to the driver now, claim or buy one, report a purchase paid
 * (idempotent by its payment reference), the driver's coupons, and use one. The branch company is the key's,
 * the driver the `X-App-Driver` header's; another branch company's or driver's ids are not found.
 */
export const couponAppRoutes: RoutePlugin<{ db: Db }> = async (app, { db }) => {
  app.jobs.define(closeUnpaidJob);
  app.jobs.define(expireJob);

  app.get(
    '/api/app/coupons',
    {
      config: { access: access.app('optional') },
      schema: {
        summary: '在售优惠券：已上架、在领取时间内且有剩余的免费领取及付费购买券',
        tags,
        response: { 200: envelope(z.array(offer)) },
      },
    },
    async (request) => {
      const { tenantId } = appCallerOf(request);
      const now = businessNow();
      const rows = await db
        .select()
        .from(couponTemplates)
        .where(
          and(
            eq(couponTemplates.tenantId, tenantId),
            eq(couponTemplates.listing, 0),
            inArray(couponTemplates.kind, [1, 2]),
            lte(couponTemplates.claimStart, now),
            gte(couponTemplates.claimEnd, now),
            lt(couponTemplates.issued, couponTemplates.totalStock),
          ),
        )
        .orderBy(desc(couponTemplates.createdAt))
        .limit(100);
      return ok(
        rows.map((row) => ({
          id: String(row.id),
          name: row.name,
          kind: row.kind,
          kindName: couponKind.label(row.kind) ?? '',
          price: row.price,
          faceValue: row.faceValue,
          stageSummary: row.stageSummary,
          threshold: row.threshold,
          remaining: row.totalStock - row.issued,
          perDriverLimit: row.perDriverLimit,
          claimEnd: iso(row.claimEnd),
          description: row.description,
        })),
      );
    },
  );

  app.post(
    '/api/app/coupons/:id/claim',
    {
      config: { access: access.app('required') },
      schema: {
        summary: '领取或购买优惠券：免费券立即为未使用，付费券为待支付（超过支付时限自动关闭）',
        tags,
        params: byId,
        body: noBody,
        response: { 200: envelope(held) },
      },
    },
    async (request) => {
      const { tenantId } = appCallerOf(request);
      const order = await claimCoupon(
        db,
        { tenantId, userId: null, source: 1 },
        Number(request.params.id),
        appDriverOf(request),
      );
      return ok(heldAnswer(order));
    },
  );

  app.post(
    '/api/app/coupon-orders/:id/pay',
    {
      config: { access: access.app('required') },
      schema: {
        summary: '回传券订单支付结果：同一支付流水号重复回传只记一次',
        tags,
        params: byId,
        body: payBody,
        response: { 200: envelope(held) },
      },
    },
    async (request) => {
      const { tenantId } = appCallerOf(request);
      const order = await payCouponOrder(
        db,
        tenantId,
        appDriverOf(request),
        Number(request.params.id),
        request.body.paymentRef,
      );
      return ok(heldAnswer(order));
    },
  );

  app.get(
    '/api/app/coupon-orders',
    {
      config: { access: access.app('required') },
      schema: {
        summary: '司机的优惠券（最近200张）',
        tags,
        querystring: z.strictObject({
          status: z.coerce
            .number()
            .int()
            .min(0, '取值无效，可选值：0、1、2、3、4、5')
            .max(5, '取值无效，可选值：0、1、2、3、4、5')
            .optional()
            .meta({ title: '状态' }),
        }),
        response: { 200: envelope(z.array(held)) },
      },
    },
    async (request) => {
      const { tenantId } = appCallerOf(request);
      const { status } = request.query;
      const rows = await db
        .select()
        .from(couponOrders)
        .where(
          and(
            eq(couponOrders.tenantId, tenantId),
            eq(couponOrders.driverId, appDriverOf(request)),
            status === undefined ? undefined : eq(couponOrders.status, status),
          ),
        )
        .orderBy(desc(couponOrders.createdAt), desc(couponOrders.id))
        .limit(200);
      return ok(rows.map(heldAnswer));
    },
  );

  app.post(
    '/api/app/coupon-orders/:id/use',
    {
      config: { access: access.app('required') },
      schema: {
        summary:
          '使用优惠券：仅未使用且在有效期内的券可用；用于商城订单时核对使用门槛与适用商品标签，用于租金时核对月租金门槛并按月抵扣',
        tags,
        params: byId,
        body: useBody,
        response: { 200: envelope(held) },
      },
    },
    async (request) => {
      const { tenantId } = appCallerOf(request);
      const order = await useCouponOrder(
        db,
        tenantId,
        appDriverOf(request),
        Number(request.params.id),
        request.body ?? {},
      );
      return ok(heldAnswer(order));
    },
  );
};
