import { maskSensitive, maxAssigned } from '@cp/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db';
import { drivers } from '../drivers/tables';
import { businessError, notFound } from '../http/errors';
import { issueOne, templateTagIds } from './issue';
import type { Actor } from './refund';
import { couponTemplates } from './tables';

const mobilePattern = /^1\d{10}$/;

/** The mobiles of a pasted or uploaded list: one a line, or separated by commas, semicolons or spaces. */
function mobilesOf(list: string | undefined) {
  const mobiles = [...new Set((list ?? '').split(/[\s,，;；、]+/).filter((item) => item !== ''))];
  const bad = mobiles.find((mobile) => !mobilePattern.test(mobile));
  if (bad !== undefined) throw businessError(`手机号名单：「${bad.slice(0, 20)}」不是11位手机号`);
  return mobiles;
}

const listed = (items: readonly string[]) =>
  `${items.slice(0, 5).join('、')}${items.length > 5 ? `等${items.length}个` : ''}`;

/** The drivers named by id or by mobile, each once, in id order; one the branch company does not have is refused. */
async function chosenDrivers(tx: Tx, actor: Actor, ids: readonly string[], mobiles: readonly string[]) {
  const tenant = eq(drivers.tenantId, actor.tenantId);
  const columns = { id: drivers.id, mobile: drivers.mobile, name: drivers.name };
  const wanted = [...new Set(ids.map(Number))];
  const byId = wanted.length
    ? await tx
        .select(columns)
        .from(drivers)
        .where(and(tenant, inArray(drivers.id, wanted)))
    : [];
  if (byId.length < wanted.length) throw notFound('司机');
  const byMobile = mobiles.length
    ? await tx
        .select(columns)
        .from(drivers)
        .where(and(tenant, inArray(drivers.mobile, [...mobiles])))
    : [];
  const known = new Set(byMobile.map((driver) => driver.mobile));
  const unknown = mobiles.filter((mobile) => !known.has(mobile));
  if (unknown.length) {
    throw businessError(`手机号名单：${listed(unknown.map((m) => maskSensitive('mobile', m)))}不是本公司的司机`);
  }
  const all = new Map([...byId, ...byMobile].map((driver) => [driver.id, driver]));
  return [...all.values()].sort((a, b) => a.id - b.id);
}

/**
 * 指定发放 (the template locked by the lifecycle's runner): one coupon to each driver chosen — by the lookup or a
 * list of mobiles — free of charge and 未使用 at once, through the claim's own conditional update and limit,
 * recorded as 后台 with the operator. All or nothing: a driver over the limit, an unknown mobile or too little
 * stock refuses the whole 发放, naming why. Answers how many were issued.
 */
export async function assignCoupon(
  tx: Tx,
  actor: Actor,
  couponId: number,
  body: { driverIds?: string[] | undefined; mobiles?: string | undefined },
) {
  const mobiles = mobilesOf(body.mobiles);
  if ((body.driverIds ?? []).length === 0 && mobiles.length === 0) {
    throw businessError('请选择司机或填写手机号名单');
  }
  const chosen = await chosenDrivers(tx, actor, body.driverIds ?? [], mobiles);
  if (chosen.length > maxAssigned) throw businessError(`一次最多指定发放给${maxAssigned}位司机`);
  const [template] = await tx
    .select()
    .from(couponTemplates)
    .where(and(eq(couponTemplates.id, couponId), eq(couponTemplates.tenantId, actor.tenantId)));
  if (!template) throw notFound('优惠券');
  const left = template.totalStock - template.issued;
  if (left < chosen.length) {
    throw businessError(`优惠券「${template.name}」剩余${left}张，不够发放给${chosen.length}位司机`);
  }
  const tagIds = await templateTagIds(tx, actor.tenantId, couponId);
  const issuer = { ...actor, source: 2 as const };
  const orderIds: string[] = [];
  for (const driver of chosen) orderIds.push(String((await issueOne(tx, issuer, template, driver, tagIds)).id));
  return { issued: orderIds.length, orderIds };
}
