import {
  allianceFollowUpResource,
  allianceFollowUpScreens,
  alliancePartnerResource,
  alliancePartnerScreens,
  allianceRetentionResource,
  allianceRetentionScreens,
  retentionChannel,
  retentionFollowUpResource,
  retentionFollowUpScreens,
  retentionResource,
  retentionScreens,
  retentionSource,
} from '@cp/contracts';
import { and, asc, desc, eq, gte, ne, sql } from 'drizzle-orm';
import { businessNow, businessToday } from '../clock';
import { mobileSuffix } from '../db/columns';
import { businessError } from '../http/errors';
import { defineServerLookup } from '../lookups/registry';
import { defineServerResource, type Row, type WriteContext } from '../resource/family';
import { protectionEnd, retentionActions } from './actions';
import { linkOfMobile, lockRetentionMobile, openRetentionOf } from './link';
import { alliancePartners, retentionFollowUps, retentionLeads } from './tables';

const byMobile = (value: unknown) => mobileSuffix(retentionLeads.mobile, value);

/** What a new 留资 of either list starts with: its first touch now, and what its mobile already is. */
async function firstTouch(ctx: WriteContext, channel: number, values: Row) {
  const tenantId = ctx.auth.tenantId;
  const mobile = String(values.mobile);
  await lockRetentionMobile(ctx.tx, tenantId, mobile);
  const open = await openRetentionOf(ctx.tx, tenantId, channel, mobile);
  if (open) throw businessError(`手机号${mobile}已有未结束的留资（${open.contactName}），请在该留资上跟进`);
  const now = businessNow();
  return { firstTouchAt: now, lastSubmittedAt: now, ...(await linkOfMobile(ctx.tx, tenantId, mobile)) };
}

/** 留资管理: staff add 电话 and 门店 留资 here; the app's come through its inbound route. */
const retentionFamily = defineServerResource({
  resource: retentionResource,
  table: retentionLeads,
  screens: retentionScreens,
  slice: { channel: retentionChannel.direct },
  expose: ['linkedLeadId'],
  filters: { mobile: byMobile },
  async prepare(values, ctx) {
    const source = Number(values.source);
    if (source !== 2 && source !== 3) {
      throw businessError(`来源：新增留资只能是电话或门店，${retentionSource.label(source)}留资不能手工新增`);
    }
    return { ...values, ...(await firstTouch(ctx, retentionChannel.direct, values)) };
  },
  actions: retentionActions,
});

/**
 * Whether the mobile is in a partner's protection period: the partner's own report stands (a repeat is
 * refused), another partner's report is refused — the first touch keeps the lead.
 */
async function refuseProtected(ctx: WriteContext, mobile: string, partnerId: number) {
  const [held] = await ctx.tx
    .select({
      partner: alliancePartners.name,
      until: retentionLeads.protectedUntil,
      partnerId: retentionLeads.partnerId,
    })
    .from(retentionLeads)
    .innerJoin(alliancePartners, eq(alliancePartners.id, retentionLeads.partnerId))
    .where(
      and(
        eq(retentionLeads.tenantId, ctx.auth.tenantId),
        eq(retentionLeads.channel, retentionChannel.alliance),
        eq(retentionLeads.mobile, mobile),
        gte(retentionLeads.protectedUntil, businessToday()),
      ),
    )
    .orderBy(desc(retentionLeads.firstTouchAt))
    .limit(1);
  if (!held) return;
  if (held.partnerId === partnerId) throw businessError(`手机号${mobile}已由该合作方报备，保护期至${held.until}`);
  throw businessError(`手机号${mobile}在合作方「${held.partner}」的保护期内（至${held.until}），不能重复报备`);
}

/** 联盟留资: a partner's report, its staff member checked, held in the partner's protection period. */
const allianceFamily = defineServerResource({
  resource: allianceRetentionResource,
  table: retentionLeads,
  screens: allianceRetentionScreens,
  slice: { channel: retentionChannel.alliance },
  sliceCheck: 'retention_leads_channel_fields_check',
  expose: ['linkedLeadId'],
  filters: { mobile: byMobile },
  async prepare(values, ctx, before) {
    // An edit changes what the partner told of the person; the report itself (mobile, partner, staff) stays.
    if (before) return values;
    const [partner] = await ctx.tx
      .select()
      .from(alliancePartners)
      .where(and(eq(alliancePartners.tenantId, ctx.auth.tenantId), eq(alliancePartners.id, Number(values.partnerId))));
    if (!partner) throw businessError('合作方：不存在');
    if (!partner.active) throw businessError(`合作方「${partner.name}」已停止合作，不能报备留资`);
    const staff = values.partnerStaff == null ? null : String(values.partnerStaff);
    if (staff && partner.staff.length > 0 && !partner.staff.includes(staff)) {
      throw businessError(`合作方员工：「${staff}」不是${partner.name}登记的员工（${partner.staff.join('、')}）`);
    }
    await lockRetentionMobile(ctx.tx, ctx.auth.tenantId, String(values.mobile));
    await refuseProtected(ctx, String(values.mobile), partner.id);
    const touch = await firstTouch(ctx, retentionChannel.alliance, values);
    return {
      ...values,
      ...touch,
      source: 4,
      protectedUntil: protectionEnd(businessToday(), partner.protectionDays),
    };
  },
  actions: retentionActions,
});

const partnerFamily = defineServerResource({
  resource: alliancePartnerResource,
  table: alliancePartners,
  screens: alliancePartnerScreens,
  prepare(values) {
    const staff = (values.staff as string[] | null | undefined) ?? [];
    const long = staff.find((name) => name.length > 20);
    if (long) throw businessError(`合作方员工：「${long}」超过20个字`);
    return values;
  },
});

const leadColumns = { contactName: retentionLeads.contactName };
const followUpsOf = (channel: number) =>
  sql`exists (select 1 from ${retentionLeads} where ${retentionLeads.id} = ${retentionFollowUps.leadId} and ${retentionLeads.channel} = ${channel})`;

const retentionFollowUpFamily = defineServerResource({
  resource: retentionFollowUpResource,
  table: retentionFollowUps,
  screens: retentionFollowUpScreens,
  parent: { table: retentionLeads, via: retentionFollowUps.leadId, id: retentionLeads.id, columns: leadColumns },
  only: followUpsOf(retentionChannel.direct),
});

const allianceFollowUpFamily = defineServerResource({
  resource: allianceFollowUpResource,
  table: retentionFollowUps,
  screens: allianceFollowUpScreens,
  parent: { table: retentionLeads, via: retentionFollowUps.leadId, id: retentionLeads.id, columns: leadColumns },
  only: followUpsOf(retentionChannel.alliance),
});

defineServerLookup('alliancePartner', {
  all: (db, tenantId) =>
    db
      .select({ id: alliancePartners.id, name: alliancePartners.name })
      .from(alliancePartners)
      .where(eq(alliancePartners.tenantId, tenantId))
      .orderBy(asc(alliancePartners.name)),
  // A stopped partner names its leads but takes no new ones.
  options: async (db, tenantId) => {
    const rows = await db
      .select({ id: alliancePartners.id, name: alliancePartners.name })
      .from(alliancePartners)
      .where(and(eq(alliancePartners.tenantId, tenantId), ne(alliancePartners.active, false)))
      .orderBy(asc(alliancePartners.name));
    return rows.map((row) => ({ label: row.name, value: String(row.id) }));
  },
});

export const retentionFamilies = [
  retentionFamily,
  allianceFamily,
  partnerFamily,
  retentionFollowUpFamily,
  allianceFollowUpFamily,
];
