import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { businessNow } from '../clock';
import { badRequest } from '../http/errors';
import type { Row, WriteContext } from '../resource/family';
import { refuseStoppedTags } from '../tags/usage';

/**
 * A 定时发布时间 is a draft's: it must lie ahead when it is set or moved (a time already past would publish at
 * once, unnoticed), and a published or withdrawn piece has none.
 */
function checkSchedule(values: Row, before?: Row) {
  const at = values.scheduledAt;
  if (at == null) return;
  if (Number(before?.status ?? 0) !== 0) throw badRequest('定时发布时间：仅草稿可设置定时发布');
  const previous = before?.scheduledAt instanceof Date ? before.scheduledAt.getTime() : null;
  const time = Date.parse(String(at));
  if (time !== previous && time <= businessNow().getTime()) throw badRequest('定时发布时间：应晚于当前时间');
}

/** The checks every published kind of content runs before it is saved. */
export async function preparePublishing(values: Row, ctx: WriteContext, before?: Row): Promise<Row> {
  checkSchedule(values, before);
  await refuseStoppedTags(ctx, values, before);
  return values;
}

/** 发布 and 重新发布 say who published when; a schedule still pending is spent. */
const published = (_body: Row, _row: Row, ctx: WriteContext) => ({
  publishedAt: businessNow(),
  publisherId: ctx.auth.userId,
  scheduledAt: null,
});

export const publishingActions = { publish: { patch: published }, republish: { patch: published } };

/** What a published kind's tags link table looks like to the kit (`links`) and to the tags' usage check. */
export const tagLink = (table: PgTable & { ownId: PgColumn; tagId: PgColumn; tenantId: PgColumn }) => ({
  table,
  own: table.ownId,
  other: table.tagId,
  values: (ctx: WriteContext) => ({ tenantId: ctx.auth.tenantId }),
});
