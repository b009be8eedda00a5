import { articleResource, articleScreens, hotNewsResource, hotNewsScreens } from '@cp/contracts';
import { defineFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';

const publishing = ['pinned', 'displayOrder', 'scheduledAt', 'status', 'publisherId', 'publishedAt', 'viewCount'];

/** 麦卡学堂: 新增文章 is a page of its own (the body needs the room); an edit opens the list's drawer. */
const articleFamily = defineFamily({
  resource: articleResource,
  screens: articleScreens,
  routes: { add: 'maikaSchoolAdd' },
  groups: [
    { title: '文章信息', fields: ['title', 'category', 'author', 'tagIds', 'cover', 'summary'] },
    { title: '正文', fields: ['content'] },
    { title: '发布', fields: [...publishing, 'createdAt'] },
  ],
});

/** 热点资讯: the source, original author, title and link the law asks of reposted news come first. */
const hotNewsFamily = defineFamily({
  resource: hotNewsResource,
  screens: hotNewsScreens,
  routes: { add: 'hotNewsAdd' },
  groups: [
    { title: '转载来源', fields: ['source', 'originalAuthor', 'originalTitle', 'originalUrl'] },
    { title: '资讯内容', fields: ['title', 'tagIds', 'cover', 'summary', 'content'] },
    { title: '发布', fields: [...publishing, 'createdAt'] },
  ],
});

export const { families, keys, page, prefetch } = familyModule([articleFamily, hotNewsFamily]);
