import { defineEnum } from '../enums';
import { fields } from '../resource/fields';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { publishingFields, publishingLifecycle } from './publishing';

/** 麦卡学堂's columns in the drivers' app. */
export const articleCategory = defineEnum('文章分类', [
  [1, '新手指南'],
  [2, '安全驾驶'],
  [3, '政策解读'],
  [4, '平台规则'],
  [5, '车辆保养'],
  [6, '收入提升'],
]);

/**
 * 麦卡学堂: the branch company's own articles for its drivers — a body in rich text (sanitised by the server,
 * pictures kept in its own storage), 通用标签 attached through a link table (a 停用 tag is never newly
 * attached), published by hand or at a 定时发布时间, withdrawn when out of date.
 */
export const articleResource = defineResource({
  key: 'article',
  title: '文章',
  page: 'maikaSchool',
  endpoint: '/api/articles',
  identity: 'title',
  lifecycle: publishingLifecycle('maikaSchool'),
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    title: fields.text('文章标题', { required: true, max: 60, filter: 'like' }),
    category: fields.enumOf(articleCategory, { required: true, filter: 'eq' }),
    author: fields.text('作者', { required: true, max: 20, filter: 'like' }),
    cover: fields.files('封面图', { max: 1, accept: ['jpg', 'jpeg', 'png', 'webp'], maxSizeMb: 5 }),
    summary: fields.text('摘要', { max: 200, list: false, hint: 'APP列表中标题下的一两句话' }),
    content: fields.richText('正文', { required: true }),
    tagIds: fields.refs('标签', 'commonTag', { max: 5, list: true }),
    ...publishingFields(),
  },
});

export const articleScreens = {
  maikaSchool: defineScreen(articleResource, {
    route: 'maikaSchool',
    actions: ['publish', 'withdraw', 'republish'],
    key: ['category', 'status'],
  }),
};
