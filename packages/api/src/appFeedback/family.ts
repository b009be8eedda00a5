import {
  appFeedbackReplyResource,
  appFeedbackResource,
  appFeedbackScreens,
  feedbackTagResource,
  feedbackTagScreens,
} from '@cp/contracts';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { businessNow } from '../clock';
import { drivers } from '../drivers/tables';
import { businessError } from '../http/errors';
import { defineServerLookup, existingIds } from '../lookups/registry';
import { defineServerResource, type WriteContext } from '../resource/family';
import { messageDriver } from './messages';
import { appFeedback, appFeedbackReplies, appFeedbackTags, feedbackTags } from './tables';

/** A column of the listed table inside a correlated subquery (drizzle writes the selected table's unqualified). */
const outer = (column: string) => sql.raw(`"app_feedback"."${column}"`);

/** Hours from receipt to 已处理 / 已关闭, or to now while open (read when the statement runs). */
const handlingHoursSql = sql<number>`(floor(extract(epoch from (coalesce(${outer('handled_at')}, now()) - ${outer('created_at')})) / 3600))::int`;
export const handlingBucketSql = sql<number>`(case when ${handlingHoursSql} < 5 then 0 when ${handlingHoursSql} < 24 then 1 else 2 end)`;
const feedbackNoSql = sql<string>`('FK' || lpad(${outer('id')}::text, 6, '0'))`;

/** The tag ids a body names, checked: the branch company's, and none newly added that is 停用. */
async function checkedTags(ctx: WriteContext, ids: readonly (string | number)[], kept: readonly string[] = []) {
  const wanted = [...new Set(ids.map(Number))];
  const found = await existingIds(ctx.db, ctx.auth.tenantId, 'feedbackTag', wanted, ctx.tx);
  if (wanted.some((id) => !found.has(id))) throw businessError('反馈标签不存在');
  const added = wanted.filter((id) => !kept.includes(String(id)));
  if (added.length > 0) {
    const [stopped] = await ctx.tx
      .select({ name: feedbackTags.name })
      .from(feedbackTags)
      .where(
        and(eq(feedbackTags.tenantId, ctx.auth.tenantId), inArray(feedbackTags.id, added), ne(feedbackTags.status, 1)),
      )
      .limit(1);
    if (stopped) throw businessError(`标签「${stopped.name}」已停用，不能添加`);
  }
  return wanted;
}

const addReply = (ctx: WriteContext, feedbackId: number, content: string) =>
  ctx.tx.insert(appFeedbackReplies).values({
    tenantId: ctx.auth.tenantId,
    feedbackId,
    content,
    authorName: ctx.auth.userName,
    createdBy: ctx.auth.userId,
    updatedBy: ctx.auth.userId,
  });

const feedbackOf = (row: { id?: unknown; driverId?: unknown }) => ({
  id: Number(row.id),
  driverId: Number(row.driverId),
});

export const appFeedbackFamily = defineServerResource({
  resource: appFeedbackResource,
  table: appFeedback,
  screens: [appFeedbackScreens.feedBack],
  computed: {
    feedbackNo: feedbackNoSql,
    handlingHours: handlingHoursSql,
    handlingBucket: handlingBucketSql,
    replyCount: sql<number>`(select count(*)::int from ${appFeedbackReplies} r where r.tenant_id = ${outer('tenant_id')} and r.feedback_id = ${outer('id')})`,
    driverKind: sql<number>`(select d.kind from ${drivers} d where d.id = ${outer('driver_id')})`,
  },
  expose: ['driverKind'],
  filters: {
    feedbackNo: (value) => sql`${feedbackNoSql} ilike '%' || ${value} || '%'`,
    handlingBucket: (value) => sql`${handlingBucketSql} = ${value}`,
    tagId: (value) =>
      sql`exists (select 1 from ${appFeedbackTags} t where t.feedback_id = ${outer('id')} and t.tag_id = ${value})`,
  },
  links: {
    tagIds: {
      table: appFeedbackTags,
      own: appFeedbackTags.feedbackId,
      other: appFeedbackTags.tagId,
      values: (ctx) => ({ tenantId: ctx.auth.tenantId }),
    },
  },
  /** Staff log what reached them by phone, in person or otherwise; APP feedback only comes from the app. */
  async prepare(values, ctx) {
    if (Number(values.source) === 1) {
      throw businessError('来源渠道：APP 反馈由司机APP提交，后台新增请选择电话、现场或其他');
    }
    await checkedTags(ctx, values.tagIds ?? []);
    const suggestion = Number(values.kind) === 1;
    return { ...values, level: suggestion ? values.level : null, faultType: suggestion ? null : values.faultType };
  },
  actions: {
    assign: {
      async run(ctx, _row, body) {
        const found = await existingIds(ctx.db, ctx.auth.tenantId, 'user', [Number(body.assigneeId)], ctx.tx);
        if (!found.has(Number(body.assigneeId))) throw businessError('处理人不存在或已停用');
        return null;
      },
      patch: (body) => ({ assigneeId: Number(body.assigneeId), assignedAt: businessNow() }),
    },
    reply: {
      async run(ctx, row, body) {
        await addReply(ctx, Number(row.id), body.content);
        await messageDriver(ctx.tx, ctx.auth, feedbackOf(row), 1, body.content);
        return null;
      },
    },
    resolve: {
      async run(ctx, row, body) {
        await addReply(ctx, Number(row.id), body.content);
        await messageDriver(ctx.tx, ctx.auth, feedbackOf(row), 2, body.content);
        return null;
      },
      patch: () => ({ handledAt: businessNow() }),
    },
    close: {
      async run(ctx, row, body) {
        await messageDriver(ctx.tx, ctx.auth, feedbackOf(row), 3, `关闭原因：${body.reason}`);
        return null;
      },
      patch: (body) => ({ closeReason: body.reason, handledAt: businessNow() }),
    },
    tag: {
      async run(ctx, row, body) {
        const kept = (row.tagIds ?? []).map(String);
        const ids = await checkedTags(ctx, body.tagIds, kept);
        const id = Number(row.id);
        await ctx.tx.delete(appFeedbackTags).where(eq(appFeedbackTags.feedbackId, id));
        if (ids.length > 0) {
          await ctx.tx
            .insert(appFeedbackTags)
            .values(ids.map((tagId) => ({ feedbackId: id, tagId, tenantId: ctx.auth.tenantId })));
        }
        return null;
      },
    },
  },
});

export const appFeedbackReplyFamily = defineServerResource({
  resource: appFeedbackReplyResource,
  table: appFeedbackReplies,
  screens: [appFeedbackScreens.replies],
});

export const feedbackTagFamily = defineServerResource({
  resource: feedbackTagResource,
  table: feedbackTags,
  screens: feedbackTagScreens,
  computed: {
    usage: sql<number>`(select count(*)::int from ${appFeedbackTags} t where t.tenant_id = ${sql.raw('"feedback_tags"."tenant_id"')} and t.tag_id = ${sql.raw('"feedback_tags"."id"')})`,
  },
  /** A tag feedback carries stays on it: it is 停用, not deleted. */
  async beforeRemove(row, ctx) {
    const [used] = await ctx.tx
      .select({ n: sql<number>`count(*)::int` })
      .from(appFeedbackTags)
      .where(and(eq(appFeedbackTags.tenantId, ctx.auth.tenantId), eq(appFeedbackTags.tagId, Number(row.id))));
    if (used && used.n > 0) throw businessError(`标签「${row.name}」已被${used.n}条反馈使用，不能删除，请停用`);
  },
});

const byOrder = [asc(feedbackTags.displayOrder), asc(feedbackTags.id)];
const tagNames = { id: feedbackTags.id, name: sql<string>`${feedbackTags.name}` };

defineServerLookup('feedbackTag', {
  all: (db, tenantId) =>
    db
      .select(tagNames)
      .from(feedbackTags)
      .where(eq(feedbackTags.tenantId, tenantId))
      .orderBy(...byOrder),
  options: async (db, tenantId) =>
    (
      await db
        .select(tagNames)
        .from(feedbackTags)
        .where(and(eq(feedbackTags.tenantId, tenantId), eq(feedbackTags.status, 1)))
        .orderBy(...byOrder)
    ).map((row) => ({ label: row.name, value: String(row.id) })),
});
