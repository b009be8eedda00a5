import { defineEnum } from '../enums';
import { fields } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';

/** Where a piece of content stands for the drivers' app: written, shown, taken down. */
export const publishStatus = defineEnum(
  '发布状态',
  [
    [0, '草稿'],
    [1, '已发布'],
    [2, '已下架'],
  ],
  { status: true },
);

/**
 * 草稿 → 发布 → 已发布 → 下架 → 已下架 → 重新发布 → 已发布, each behind the page's 发布 / 下架 button. A draft
 * with a 定时发布时间 is published by the job when the time comes, as if its 发布 had been pressed. Only a draft is
 * deleted: a published or withdrawn piece may be linked from pushes and shares, so it stays, taken down.
 */
export function publishingLifecycle<const P extends string>(page: P) {
  return defineLifecycle({
    field: 'status',
    states: publishStatus,
    removable: [0],
    transitions: [
      { action: 'publish', from: [0], to: 1, button: `${page}:publish`, confirm: '确定发布吗？发布后APP立即可见。' },
      { action: 'withdraw', from: [1], to: 2, button: `${page}:withdraw`, confirm: '确定下架吗？下架后APP不再展示。' },
      {
        action: 'republish',
        from: [2],
        to: 1,
        button: `${page}:publish`,
        title: '重新发布',
        confirm: '确定重新发布吗？',
      },
    ],
  });
}

/** The fields every published piece carries: its order in the app, its state and who published it when. */
export const publishingFields = (publisher = '发布人') => ({
  pinned: fields.boolean('置顶', { hint: '置顶的内容排在最前' }),
  displayOrder: fields.integer('排序', { min: 0, max: 9999, sortable: true, hint: '数字越小越靠前' }),
  scheduledAt: fields.datetime('定时发布时间', { sortable: true, hint: '仅草稿可定时；到时自动发布，不填则手动发布' }),
  status: fields.enumOf(publishStatus, { form: false, filter: 'eq' }),
  publisherId: fields.ref(publisher, 'user', { form: false }),
  publishedAt: fields.datetime('发布时间', { form: false, sortable: true, filter: 'range' }),
  viewCount: fields.integer('阅读量', { form: false, sortable: true }),
  createdAt: fields.datetime('创建时间', { form: false, sortable: true }),
});
