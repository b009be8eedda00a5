import {
  type CouponStage,
  couponMoneyResource,
  couponOrderResource,
  couponResource,
  couponScreens,
  couponTagResource,
  couponUseStates,
} from '@cp/contracts';
import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { businessNow } from '../clock';
import { businessError } from '../http/errors';
import { defineServerLookup } from '../lookups/registry';
import { marketplaceProductCouponTags } from '../marketplace/tables';
import { defineServerResource, type Row, type WriteContext } from '../resource/family';
import { contains } from '../resource/query';
import { assignCoupon } from './assign';
import { defaultPayMinutes, defaultValidDays, grantStages, stageSummaryOf, useRefusal } from './issue';
import { refundCoupon } from './refund';
import { couponMoney, couponOrders, couponTags, couponTemplates, couponTemplateTags } from './tables';

/** A tag coupons carry is kept (the app still shows it there): it is 停用, not deleted. */
const couponTagFamily = defineServerResource({
  resource: couponTagResource,
  table: couponTags,
  screens: [couponScreens.couponProductsTags],
  async beforeRemove(row, ctx) {
    const [used] = await ctx.tx
      .select({ n: count() })
      .from(couponTemplateTags)
      .where(and(eq(couponTemplateTags.tenantId, ctx.auth.tenantId), eq(couponTemplateTags.tagId, Number(row.id))));
    if (used && used.n > 0) throw businessError(`标签「${row.name}」已被${used.n}张优惠券使用，不能删除，请停用`);
    const [products] = await ctx.tx
      .select({ n: count() })
      .from(marketplaceProductCouponTags)
      .where(
        and(
          eq(marketplaceProductCouponTags.tenantId, ctx.auth.tenantId),
          eq(marketplaceProductCouponTags.tagId, Number(row.id)),
        ),
      );
    if (products && products.n > 0) {
      throw businessError(`标签「${row.name}」已被${products.n}件商城商品使用，不能删除，请停用`);
    }
  },
});

const ids = (value: unknown) => (Array.isArray(value) ? value.map(Number) : []);

/** A 停用 tag stays on the coupons carrying it, but is never newly attached. */
async function refuseStoppedTags(ctx: WriteContext, values: Row, before?: Row) {
  const kept = new Set(ids(before?.tagIds));
  const added = ids(values.tagIds).filter((id) => !kept.has(id));
  if (added.length === 0) return;
  const [stopped] = await ctx.tx
    .select({ name: couponTags.name })
    .from(couponTags)
    .where(and(eq(couponTags.tenantId, ctx.auth.tenantId), inArray(couponTags.id, added), ne(couponTags.status, 1)))
    .limit(1);
  if (stopped) throw businessError(`适用商品标签：「${stopped.name}」已停用，不能添加`);
}

/** The template's id inside a correlated subquery: drizzle writes a column of the selected table unqualified. */
const template = sql.raw('"coupon_templates"."id"');
const tenant = sql.raw('"coupon_templates"."tenant_id"');
const ofOrders = (what: string, where: string) =>
  sql`(select ${sql.raw(what)} from ${couponOrders} o where o.tenant_id = ${tenant} and o.coupon_id = ${template} and ${sql.raw(where)})`;
const counted = (state: number) => ofOrders('count(*)::int', `o.status = ${state}`).mapWith(Number);
const ofMoney = (kinds: string) =>
  sql`(select coalesce(sum(m.amount), 0)::bigint from ${couponMoney} m where m.tenant_id = ${tenant} and m.coupon_id = ${template} and m.kind in (${sql.raw(kinds)}))`.mapWith(
    Number,
  );
const { timedOut, unused, used, expired, refunded } = couponUseStates;
/** Each month's sum of a kind of money rows, in words: 2026-10 200.00元；2026-11 99.00元 (by Beijing month of the row when not a rent month). */
const byMonth = (kind: number, month: string, sign = '') =>
  sql<
    string | null
  >`(select string_agg(s.month || ' ' || to_char(${sql.raw(sign)}s.total / 100.0, 'FM999999990.00') || '元', '；' order by s.month) from (select ${sql.raw(month)} as month, sum(m.amount) as total from ${couponMoney} m where m.tenant_id = ${tenant} and m.coupon_id = ${template} and m.kind = ${kind} group by 1) s)`;

/**
 * 优惠券: its stages summed and worded when saved; the price only for 付费购买, the validity fields only for
 * their type; 发放总量 never below what is issued (checked on the locked row). Its figures — sold, by state,
 * money received and the discount granted per month — are sums of its orders and money rows, never stored.
 */
const couponFamily = defineServerResource({
  resource: couponResource,
  table: couponTemplates,
  screens: [couponScreens.couponManage],
  computed: {
    remaining: sql<number>`(${couponTemplates.totalStock} - ${couponTemplates.issued})`,
    sold: ofOrders('count(*)::int', `o.kind = 2 and o.paid_at is not null`).mapWith(Number),
    unusedCount: counted(unused),
    usedCount: counted(used),
    expiredCount: counted(expired),
    timedOutCount: counted(timedOut),
    refundedCount: counted(refunded),
    assignedCount: ofOrders('count(*)::int', 'o.kind = 3').mapWith(Number),
    received: ofMoney('1'),
    refunded: sql`(- ${ofMoney('2')})`.mapWith(Number),
    discountGranted: ofMoney('3'),
    discountByMonth: byMonth(3, 'm.month'),
    refundByMonth: byMonth(2, "to_char(m.created_at at time zone 'Asia/Shanghai', 'YYYY-MM')", '-'),
  },
  actions: {
    assign: { run: (ctx, row, body) => assignCoupon(ctx.tx, ctx.auth, Number(row.id), body) },
  },
  links: {
    tagIds: {
      table: couponTemplateTags,
      own: couponTemplateTags.couponId,
      other: couponTemplateTags.tagId,
      values: (ctx) => ({ tenantId: ctx.auth.tenantId }),
    },
  },
  async prepare(values, ctx, before) {
    const merged = { ...before, ...values } as Row;
    const next: Row = { ...values };
    if ('stages' in values) {
      const stages = (values.stages ?? []) as CouponStage[];
      const months = new Set(stages.map((stage) => stage.monthOffset));
      if (months.size !== stages.length) throw businessError('分期优惠：同一个月只能有一期');
      next.stageSummary = stageSummaryOf(stages);
      next.faceValue = stages.reduce((sum, stage) => sum + stage.amount, 0);
    }
    if (Number(merged.kind) !== 2) next.price = null;
    if (Number(merged.kind) === 2 && merged.payMinutes == null) next.payMinutes = defaultPayMinutes;
    if (Number(merged.validityType) === 1) next.validDays = null;
    else Object.assign(next, { validFrom: null, validTo: null, validDays: merged.validDays ?? defaultValidDays });
    if (before) {
      const [locked] = await ctx.tx
        .select({ issued: couponTemplates.issued })
        .from(couponTemplates)
        .where(and(eq(couponTemplates.id, Number(before.id)), eq(couponTemplates.tenantId, ctx.auth.tenantId)))
        .for('update');
      if (locked && Number(merged.totalStock) < locked.issued) {
        throw businessError(`发放总量：不能少于已发放的${locked.issued}张`);
      }
    }
    await refuseStoppedTags(ctx, values as Row, before as Row | undefined);
    return next;
  },
});

/**
 * 券订单: read on the console, made by the app. 核销 is the staff's use of a coupon: the row (locked by the
 * runner) must be 未使用 and within its window now, and its stages are granted month by month.
 */
const couponOrderFamily = defineServerResource({
  resource: couponOrderResource,
  table: couponOrders,
  screens: [couponScreens.couponOrderManage],
  actions: {
    verify: {
      async run(ctx, row) {
        const now = businessNow();
        const order = row as unknown as typeof couponOrders.$inferSelect;
        const refusal = useRefusal(
          { status: Number(row.status), validFrom: dateOf(row.validFrom), validTo: dateOf(row.validTo) },
          now,
        );
        if (refusal) throw businessError(refusal);
        await grantStages(ctx.tx, { ...order, id: Number(row.id), tenantId: ctx.auth.tenantId }, now, ctx.auth.userId);
        return null;
      },
      patch: (body) => ({ usedAt: businessNow(), useChannel: '后台核销', useRemark: body.remark ?? null }),
    },
    refund: {
      async run(ctx, row) {
        await refundCoupon(ctx.tx, ctx.auth, { ...row, id: Number(row.id), tenantId: ctx.auth.tenantId });
        return null;
      },
      patch: (body, _row, ctx) => ({
        refundReason: body.reason,
        refundedAt: businessNow(),
        refundedBy: ctx.auth.userId,
      }),
    },
  },
});

const dateOf = (value: unknown) => (value == null ? null : new Date(value as string));

/** 资金流水: written by sales, reversals and uses only; never changed or deleted. */
const couponMoneyFamily = defineServerResource({
  resource: couponMoneyResource,
  table: couponMoney,
  screens: [couponScreens.couponMoney],
});

export const couponFamilies = [couponTagFamily, couponFamily, couponOrderFamily, couponMoneyFamily];

const tagOrder = [asc(couponTags.displayOrder), asc(couponTags.id)];

defineServerLookup('couponTag', {
  all: (db, tenantId) =>
    db
      .select({ id: couponTags.id, name: sql<string>`${couponTags.name}` })
      .from(couponTags)
      .where(eq(couponTags.tenantId, tenantId))
      .orderBy(...tagOrder),
  options: async (db, tenantId) =>
    (
      await db
        .select({ id: couponTags.id, name: sql<string>`${couponTags.name}` })
        .from(couponTags)
        .where(and(eq(couponTags.tenantId, tenantId), eq(couponTags.status, 1)))
        .orderBy(...tagOrder)
    ).map((row) => ({ label: row.name, value: String(row.id) })),
});

defineServerLookup('coupon', {
  all: (db, tenantId) =>
    db
      .select({ id: couponTemplates.id, name: couponTemplates.name })
      .from(couponTemplates)
      .where(eq(couponTemplates.tenantId, tenantId))
      .orderBy(desc(couponTemplates.id)),
});

defineServerLookup('couponOrder', {
  async search(db, tenantId, { text, ids: chosen, limit }) {
    const conditions: (SQL | undefined)[] = [eq(couponOrders.tenantId, tenantId)];
    if (chosen) conditions.push(inArray(couponOrders.id, [...chosen]));
    if (text) conditions.push(contains(couponOrders.orderNo, text));
    return db
      .select({ id: couponOrders.id, name: couponOrders.orderNo })
      .from(couponOrders)
      .where(and(...conditions))
      .orderBy(desc(couponOrders.id))
      .limit(limit);
  },
});
