import { articleResource, hotNewsResource } from '@cp/contracts';
import { index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { refColumn } from '../db/columns';
import { familyTable } from '../db/family-table';

const publishing = { linked: ['tagIds'], defaults: { status: 0, pinned: false, displayOrder: 0, viewCount: 0 } };

/** 麦卡学堂: the branch company's articles; their tags are rows of `article_tags`. */
export const articles = familyTable('articles', articleResource, publishing);

/** 热点资讯: reposted news with its source, original author, title and link; tags in `hot_news_tags`. */
export const hotNews = familyTable('hot_news', hotNewsResource, publishing);

/** The 通用标签 of a piece of content: one row per tag, found from either side. */
const tagLinks = (name: string, own: string) =>
  pgTable(
    name,
    {
      ownId: refColumn(own).notNull(),
      tagId: refColumn('tag_id').notNull(),
      tenantId: refColumn('tenant_id').notNull(),
    },
    (table) => [primaryKey({ columns: [table.ownId, table.tagId] }), index(`${name}_tag_idx`).on(table.tagId)],
  );

export const articleTags = tagLinks('article_tags', 'article_id');
export const hotNewsTags = tagLinks('hot_news_tags', 'hot_news_id');
