import { fields } from '../resource/fields';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { publishingFields, publishingLifecycle } from './publishing';

/** An address people can open: http or https, a host, nothing else (no `javascript:`, no local file). */
export function webLinkProblem(value: string): string | null {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (!scheme) return '应为完整网址，如https://www.xinhuanet.com/…';
  if (scheme !== 'http' && scheme !== 'https') return '应以http://或https://开头';
  const host = /^https?:\/\/([^\s/?#:@]+)(:\d{1,5})?([/?#]\S*)?$/i.exec(value)?.[1];
  return host && /^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+$/u.test(host) ? null : '网址格式不正确';
}

/**
 * 热点资讯: news reposted for the drivers. Under the 互联网新闻信息服务管理规定 a reposted item shows where it
 * came from — 来源 (the news organisation), 原作者, 原标题 and 原文链接 — and the real name of the editor who
 * published it (责任编辑, the staff user pressing 发布, never typed). A summary and the link out are the
 * preferred form; a body is optional.
 */
export const hotNewsResource = defineResource({
  key: 'hotNews',
  title: '资讯',
  page: 'hotNews',
  endpoint: '/api/hot-news',
  identity: 'title',
  lifecycle: publishingLifecycle('hotNews'),
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    title: fields.text('资讯标题', { required: true, max: 60, filter: 'like' }),
    source: fields.text('来源', { required: true, max: 40, filter: 'like', hint: '发布原文的新闻单位，如新华网' }),
    originalAuthor: fields.text('原作者', { required: true, max: 40 }),
    originalTitle: fields.text('原标题', { required: true, max: 100, list: false }),
    originalUrl: fields.text('原文链接', { required: true, max: 500, list: false, check: webLinkProblem }),
    cover: fields.files('封面图', { max: 1, accept: ['jpg', 'jpeg', 'png', 'webp'], maxSizeMb: 5 }),
    summary: fields.text('摘要', { required: true, max: 300, list: false }),
    content: fields.richText('正文', { hint: '可不填：APP展示摘要并链接原文' }),
    tagIds: fields.refs('标签', 'commonTag', { max: 5 }),
    ...publishingFields('责任编辑'),
  },
});

export const hotNewsScreens = {
  hotNews: defineScreen(hotNewsResource, {
    route: 'hotNews',
    actions: ['publish', 'withdraw', 'republish'],
    key: ['source', 'status'],
  }),
};
