import { contentInteractionResource, contentInteractionScreens, contentResource, contentScreens } from '@cp/contracts';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { drivers } from '../drivers/tables';
import { defineServerLookup } from '../lookups/registry';
import { defineServerResource } from '../resource/family';
import { contains } from '../resource/query';
import { refuseStoppedTags, tagsUsedBy } from '../tags/usage';
import { contentCities, contentInteractions, contents, contentTags } from './tables';

/** 推送状态 from the window and the moment the statement runs (a list's statement is prepared once). */
const pushState = sql<number>`(case when now() < ${contents.pushStartsAt} then 0 when now() >= ${contents.pushEndsAt} then 2 else 1 end)`;

/** 留资人数 / 浏览人数 in basis points (each driver's 留资 counts once); none while nobody has viewed. */
const conversionRate = sql<number>`(case when ${contents.viewerCount} = 0 then null else least(10000, (${contents.leadCount} * 10000 + ${contents.viewerCount} / 2) / ${contents.viewerCount}) end)::int`;

const tenantOf = (ctx: { auth: { tenantId: number } }) => ({ tenantId: ctx.auth.tenantId });

/** 内容管理: the contents, their audience in link tables, the counters as `recordInteraction` keeps them. */
export const contentFamily = defineServerResource({
  resource: contentResource,
  table: contents,
  screens: contentScreens,
  computed: { pushState, conversionRate },
  filters: { pushState: (value) => sql`${pushState} = ${value}` },
  links: {
    cityIds: { table: contentCities, own: contentCities.contentId, other: contentCities.cityId, values: tenantOf },
    tagIds: { table: contentTags, own: contentTags.contentId, other: contentTags.tagId, values: tenantOf },
  },
  async prepare(values, ctx, before) {
    await refuseStoppedTags(ctx, values, before);
    return values;
  },
});

tagsUsedBy({ table: contentTags, tagId: contentTags.tagId, tenantId: contentTags.tenantId, noun: '条激活内容' });

/** The driver's kind (网约车 1, 出租车 2), which the web's link to the driver's page follows. */
const driverKind = sql<number>`(select d.kind from ${drivers} d where d.id = "content_interactions"."driver_id")`;

/** 互动记录: read-only, the driver's mobile (masked) beside each row. */
export const interactionFamily = defineServerResource({
  resource: contentInteractionResource,
  table: contentInteractions,
  screens: contentInteractionScreens,
  parent: { table: drivers, via: contentInteractions.driverId, id: drivers.id, columns: { mobile: drivers.mobile } },
  computed: { driverKind },
  expose: ['driverKind'],
});

/** Contents are picked by title, the newest first. */
defineServerLookup('content', {
  async search(db, tenantId, { text, ids, limit }) {
    const conditions: (SQL | undefined)[] = [eq(contents.tenantId, tenantId)];
    if (ids) conditions.push(inArray(contents.id, [...ids]));
    if (text) conditions.push(contains(contents.title, text));
    return db
      .select({ id: contents.id, name: contents.title })
      .from(contents)
      .where(and(...conditions))
      .orderBy(desc(contents.id))
      .limit(limit);
  },
  async resolve(db, tenantId, names) {
    const rows = await db
      .select({ id: contents.id, name: contents.title })
      .from(contents)
      .where(and(eq(contents.tenantId, tenantId), inArray(contents.title, [...names])));
    return new Map(rows.map((row) => [row.name, row.id]));
  },
});
