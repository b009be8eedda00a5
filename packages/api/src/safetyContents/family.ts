import {
  safetyContentReportResource,
  safetyContentResource,
  safetyContentScreens,
  safetyProgressResource,
} from '@cp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { businessToday } from '../clock';
import { drivers } from '../drivers/tables';
import { businessError } from '../http/errors';
import { defineServerResource } from '../resource/family';
import { safetyContentCities, safetyContentDrivers, safetyContentProgress, safetyContents } from './tables';

/** A column of the listed item inside a correlated subquery (drizzle writes the selected table's unqualified). */
const item = (column: string) => sql.raw(`"safety_contents"."${column}"`);
const activeDriver = sql`d.tenant_id = ${item('tenant_id')} and d.status not in (3, 4, 5)`;

/**
 * 应学人数: the audience's drivers who still drive for the company — 待审核 (training comes before serving),
 * 正常 and 冻结 — while 黑名单, 流失 and 已驳回 drivers leave the denominator.
 */
const targeted = sql<number>`(case ${item('audience')}
  when 1 then (select count(*) from ${drivers} d where ${activeDriver})
  when 2 then (select count(*) from ${drivers} d where ${activeDriver} and d.city_id in (select l.city_id from ${safetyContentCities} l where l.content_id = ${item('id')}))
  else (select count(*) from ${safetyContentDrivers} l join ${drivers} d on d.id = l.driver_id where l.content_id = ${item('id')} and ${activeDriver})
end)::int`;

const ofProgress = (what: string, where = 'true'): SQL =>
  sql`(select ${sql.raw(what)} from ${safetyContentProgress} p where p.tenant_id = ${item('tenant_id')} and p.content_id = ${item('id')} and ${sql.raw(where)})`;
const completed = ofProgress('count(*)::int', 'p.completed_at is not null');

export const safetyContentFamily = defineServerResource({
  resource: safetyContentResource,
  table: safetyContents,
  screens: [safetyContentScreens.couponSecurityManage],
  computed: { targeted, completed: completed.mapWith(Number) },
  links: {
    cityIds: {
      table: safetyContentCities,
      own: safetyContentCities.contentId,
      other: safetyContentCities.cityId,
      values: (ctx) => ({ tenantId: ctx.auth.tenantId }),
    },
    driverIds: {
      table: safetyContentDrivers,
      own: safetyContentDrivers.contentId,
      other: safetyContentDrivers.driverId,
      values: (ctx) => ({ tenantId: ctx.auth.tenantId }),
    },
  },
  /** Only what the audience uses is kept (cities for 指定城市, drivers for 指定司机); a picture has no duration. */
  prepare(values) {
    const audience = Number(values.audience);
    return {
      ...values,
      ...('audience' in values
        ? { cityIds: audience === 2 ? values.cityIds : [], driverIds: audience === 3 ? values.driverIds : [] }
        : {}),
      ...('kind' in values && Number(values.kind) === 0 ? { durationSeconds: null } : {}),
    };
  },
  actions: {
    enable: {
      async run(_ctx, row) {
        if (String(row.endDate) < businessToday()) throw businessError('结束日期已过，不能上架，请先修改学习期');
        return null;
      },
    },
  },
});

/** 安全内容统计: an item's figures, counted from its drivers' progress when read. */
export const safetyContentReportFamily = defineServerResource({
  resource: safetyContentReportResource,
  table: safetyContents,
  screens: [],
  computed: {
    targeted,
    reached: ofProgress('count(*)::int').mapWith(Number),
    viewed: ofProgress('count(*)::int', 'p.viewed_at is not null').mapWith(Number),
    completed: completed.mapWith(Number),
    completionRate: sql<number>`(case when ${targeted} = 0 then 0 else least(10000, round(${completed} * 10000.0 / ${targeted})) end)::int`,
    watchedSeconds: ofProgress('coalesce(sum(p.watched_seconds), 0)::int').mapWith(Number),
  },
});

const progress = (column: string) => sql.raw(`"safety_content_progress"."${column}"`);
const done = sql<boolean>`(${progress('completed_at')} is not null)`;

/** 学习明细: each driver the item reached, as the app's reports left them. */
export const safetyProgressFamily = defineServerResource({
  resource: safetyProgressResource,
  table: safetyContentProgress,
  screens: [safetyContentScreens.progress],
  computed: {
    done,
    driverKind: sql<number>`(select d.kind from ${drivers} d where d.id = ${progress('driver_id')})`,
  },
  expose: ['driverKind'],
  filters: { done: (value) => sql`${done} = (${value}::int = 1)` },
});
