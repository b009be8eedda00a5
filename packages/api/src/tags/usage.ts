import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db';
import { businessError } from '../http/errors';
import type { Row, WriteContext } from '../resource/family';
import { commonTags } from './tables';

/** A link table attaching 通用标签 to content, and what its rows are called (`篇文章`). */
interface TagUse {
  table: PgTable;
  tagId: PgColumn;
  tenantId: PgColumn;
  noun: string;
}

const uses: TagUse[] = [];

/**
 * Declares content that carries tags (麦卡学堂, 热点资讯…): a tag it carries is not deleted, only 停用. The
 * content's feature declares it, so this folder knows no feature that uses it.
 */
export function tagsUsedBy(use: TagUse): void {
  uses.push(use);
}

/** How a tag is used, in words (`3篇文章、1条资讯`), or null when nothing carries it. */
export async function tagUsage(db: Executor, tenantId: number, tagId: number): Promise<string | null> {
  const parts: string[] = [];
  for (const use of uses) {
    const [row] = await db
      .select({ n: count() })
      .from(use.table)
      .where(and(eq(use.tenantId, tenantId), eq(use.tagId, tagId)));
    if (row && row.n > 0) parts.push(`${row.n}${use.noun}`);
  }
  return parts.length ? parts.join('、') : null;
}

const ids = (value: unknown) => (Array.isArray(value) ? value.map(Number) : []);

/** A 停用 tag stays on the content carrying it, but is never newly attached. */
export async function refuseStoppedTags(ctx: WriteContext, values: Row, before?: Row) {
  if (!('tagIds' in values)) return;
  const kept = new Set(ids(before?.tagIds));
  const added = ids(values.tagIds).filter((id) => !kept.has(id));
  if (added.length === 0) return;
  const [stopped] = await ctx.tx
    .select({ name: commonTags.name })
    .from(commonTags)
    .where(and(eq(commonTags.tenantId, ctx.auth.tenantId), inArray(commonTags.id, added), ne(commonTags.status, 1)))
    .limit(1);
  if (stopped) throw businessError(`标签「${stopped.name}」已停用，不能添加`);
}
