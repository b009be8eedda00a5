import type { PageResult } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishScheduled } from '../src/articles/job';
import { callsAs, grantRole } from './calls';
import { samples } from './files-support';
import { startTestApp, type TestContext } from './harness';

type Article = Record<string, unknown> & { id: string; version: number; status: number; content: string };
type Uploaded = { url: string; fileLocation: string };

let ctx: TestContext;
let admin: string;
let tagIds: string[];
const { get, post, put, send, upload } = callsAs<Article, Article>(() => ({ ctx, token: admin }));

let serial = 0;
/** An article with what the form requires. */
const article = (fields: Record<string, unknown> = {}) => ({
  title: `测试文章${++serial}`,
  category: 1,
  author: '运营部',
  content: '<p>正文</p>',
  ...fields,
});
const news = (fields: Record<string, unknown> = {}) => ({
  title: `测试资讯${++serial}`,
  source: '新华网',
  originalAuthor: '新华社记者',
  originalTitle: '原标题',
  originalUrl: 'https://www.news.cn/20261101/abc.html',
  summary: '摘要',
  ...fields,
});
const pngData = `data:image/png;base64,${samples.png.toString('base64')}`;
const saved = async (fields: Record<string, unknown>) => {
  const made = await post('/api/articles', article(fields));
  expect(made.code, made.msg).toBe(0);
  return made.data;
};

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await ctx.login('admin', 'admin123');
  tagIds = (await get<{ value: string }[]>('/api/lookups/common-tags')).data.map((tag) => tag.value);
});
afterAll(() => ctx.close());

describe('rich text is sanitised by the server', () => {
  it('keeps the writing and drops every script, handler, frame and javascript: link of real payloads', async () => {
    const payloads = [
      '<h2>标题</h2><p>正文<strong>加粗</strong></p>',
      '<p>&lt;script&gt;alert(10)&lt;/script&gt;</p>',
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(2)>',
      '<a href="javascript:alert(3)">点我</a>',
      '<a href="JaVaScRiPt&#58;alert(4)">编码</a>',
      '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(5)">实体</a>',
      '<svg onload=alert(6)><circle r="1"/></svg>',
      '<iframe src="https://evil.example/"></iframe>',
      '<style>body{display:none}</style>',
      '<p onclick="alert(7)" style="color:red">段落</p>',
      '<a href="https://www.news.cn/" target="_blank">新华网</a>',
      '<p>未闭合<b>加粗<script>alert(8)',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(9)>',
    ].join('');
    const made = await saved({ content: payloads });
    const stored = (await get(`/api/articles/${made.id}`)).data.content;
    expect(stored).toContain('<h2>标题</h2><p>正文<strong>加粗</strong></p>');
    expect(stored).toContain('<a href="https://www.news.cn/" target="_blank" rel="noopener noreferrer">新华网</a>');
    expect(stored).toContain('<p>段落</p>');
    // Escaped text stays text.
    expect(stored).toContain('&lt;script&gt;alert(10)&lt;/script&gt;');
    expect(stored).not.toMatch(/<script|<svg|<iframe|<style|<math|onerror|onload|onclick|javascript|style=/i);
    expect(stored).not.toMatch(/<img/);
  });

  it('stores a pasted data: picture as a public file of its own, refusing what is not a picture', async () => {
    const made = await saved({ content: `<p>图：<img src="${pngData}" alt="示意图"></p>` });
    const src = /<img src="([^"]+)" alt="示意图" \/>/.exec(made.content)?.[1] ?? '';
    expect(src).toMatch(/^\/api\/files\/public\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    const served = await ctx.app.inject({ method: 'GET', url: src });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.from(served.rawPayload)).toEqual(samples.png);
    const fake = `data:image/png;base64,${Buffer.from('<svg onload=alert(1)>').toString('base64')}`;
    expect(await post('/api/articles', article({ content: `<img src="${fake}">` }))).toMatchObject({
      code: 400,
      msg: '正文：图片内容与格式不符',
    });
    const svg = `data:image/svg+xml;base64,${Buffer.from('<svg/>').toString('base64')}`;
    expect((await post('/api/articles', article({ content: `<p>x</p><img src="${svg}">` }))).msg).toBe(
      '正文：图片格式不支持，仅支持PNG、JPG、GIF、WEBP',
    );
  });

  it('drops hot-linked pictures, keeps those uploaded through the editor', async () => {
    const uploaded = await upload<Uploaded>('/api/gateway/storage/image/content', {
      name: '配图.png',
      content: samples.png,
    });
    expect(uploaded.code).toBe(0);
    const content = [
      `<img src="${uploaded.data.url}">`,
      '<img src="https://mmbiz.qpic.cn/mmbiz_jpg/abc/640">',
      '<img src="//evil.example/x.png">',
      '<img src="/api/files/public/2026/01/ffffffffffffffffffffffffffffffff.png">',
      '<p>文字</p>',
    ].join('');
    const made = await saved({ content });
    expect(made.content).toBe(`<img src="${uploaded.data.url}" /><p>文字</p>`);
    // Only scripts left nothing to show: the required body is refused, not saved empty.
    expect(await post('/api/articles', article({ content: '<script>alert(1)</script>' }))).toMatchObject({
      code: 400,
      msg: '正文：不能为空（不允许的内容已被移除）',
    });
  });

  it('bounds the body at 50000 characters, and refuses an empty one', async () => {
    const long = `<p>${'字'.repeat(50_000)}</p>`;
    expect(await post('/api/articles', article({ content: long }))).toMatchObject({
      code: 400,
      msg: '正文：内容过长，不能超过50000个字符（含排版）',
    });
    expect((await post('/api/articles', article({ content: '<p></p>' }))).msg).toBe('正文：不能为空');
  });
});

describe('publishing', () => {
  it('草稿 → 发布 → 下架 → 重新发布, saying who published when; only a draft is deleted', async () => {
    const made = await saved({});
    expect(made.status).toBe(0);
    const published = await post(`/api/articles/${made.id}/publish`);
    expect(published.code).toBe(0);
    const row = (await get(`/api/articles/${made.id}`)).data;
    expect(row).toMatchObject({ status: 1, publisherName: '系统管理员' });
    expect(row.publishedAt).toEqual(expect.any(String));
    expect((await post(`/api/articles/${made.id}/publish`)).msg).toBe('文章当前为「已发布」，不能发布');
    expect((await send('DELETE', `/api/articles/${made.id}`)).msg).toBe('文章当前为「已发布」，不能删除');
    expect((await post(`/api/articles/${made.id}/withdraw`)).code).toBe(0);
    expect((await post(`/api/articles/${made.id}/republish`)).code).toBe(0);
    expect((await get(`/api/articles/${made.id}`)).data.status).toBe(1);
    const draft = await saved({});
    expect((await send('DELETE', `/api/articles/${draft.id}`)).code).toBe(0);
  });

  it('refuses a 定时发布时间 already past, and one on a piece no longer a draft', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    expect(await post('/api/articles', article({ scheduledAt: past }))).toMatchObject({
      code: 400,
      msg: '定时发布时间：应晚于当前时间',
    });
    const made = await saved({});
    await post(`/api/articles/${made.id}/publish`);
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const edited = await put(`/api/articles/${made.id}`, { ...article(), scheduledAt: later, version: 2 });
    expect(edited.msg).toBe('定时发布时间：仅草稿可设置定时发布');
  });

  it('publishes a due draft once, even with two processes running the job at once', async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const made = await saved({ scheduledAt: at });
    const { db } = ctx.database;
    expect((await publishScheduled(db)).articles).toBe(0);
    // The hour has passed.
    await db.execute(sql`update articles set scheduled_at = now() - interval '1 minute' where id = ${made.id}`);
    const runs = await Promise.all([publishScheduled(db), publishScheduled(db)]);
    expect(runs.reduce((sum, run) => sum + run.articles, 0)).toBeGreaterThanOrEqual(1);
    expect((await publishScheduled(db)).articles).toBe(0);
    const row = (await get(`/api/articles/${made.id}`)).data;
    expect(row).toMatchObject({ status: 1, scheduledAt: null, publisherName: '系统管理员' });
    const history = await get<{ action: string }[]>(`/api/articles/${made.id}/history`);
    expect(history.data.filter((entry) => entry.action === 'publish')).toHaveLength(1);
  });
});

describe('tags', () => {
  it('a tag in use is not deleted, only 停用; a 停用 tag is kept where it is but never newly attached', async () => {
    const name = `标签${++serial}`;
    const tag = await post<{ id: string; version: number }>('/api/common-tags', {
      name,
      displayOrder: 1,
      status: 1,
    });
    const made = await saved({ tagIds: [tag.data.id] });
    expect(made.tagIds).toEqual([tag.data.id]);
    expect((await send('DELETE', `/api/common-tags/${tag.data.id}`)).msg).toBe(
      `标签「${name}」已被1篇文章使用，不能删除，请停用`,
    );
    const stopped = await put(`/api/common-tags/${tag.data.id}`, {
      name,
      displayOrder: 1,
      status: 0,
      version: tag.data.version,
    });
    expect(stopped.code).toBe(0);
    const refused = await post('/api/articles', article({ tagIds: [tag.data.id] }));
    expect(refused.msg).toBe(`标签「${name}」已停用，不能添加`);
    // The article keeps it through an edit; dropping it frees the tag.
    const kept = await put(`/api/articles/${made.id}`, { ...article(), tagIds: [tag.data.id], version: 1 });
    expect(kept.code).toBe(0);
    expect((await put(`/api/articles/${made.id}`, { ...article(), tagIds: [], version: 2 })).code).toBe(0);
    expect((await send('DELETE', `/api/common-tags/${tag.data.id}`)).code).toBe(0);
    // The picker offers only enabled tags.
    const offered = (await get<{ value: string }[]>('/api/lookups/common-tags')).data.map((option) => option.value);
    expect(offered).toEqual(tagIds);
  });
});

describe('热点资讯', () => {
  it('keeps source, original author, title and link, checks the link, and names the editor who published', async () => {
    expect((await post('/api/hot-news', news({ originalUrl: 'javascript:alert(1)' }))).msg).toBe(
      '原文链接：应以http://或https://开头',
    );
    expect((await post('/api/hot-news', news({ originalUrl: '新华网' }))).msg).toBe(
      '原文链接：应为完整网址，如https://www.xinhuanet.com/…',
    );
    expect((await post('/api/hot-news', news({ source: ' ' }))).msg).toBe('来源：不能为空');
    const made = await post('/api/hot-news', news({ content: '<p>正文<img src=x onerror=alert(1)></p>' }));
    expect(made.data.content).toBe('<p>正文</p>');
    expect((await post(`/api/hot-news/${made.data.id}/publish`)).code).toBe(0);
    expect((await get(`/api/hot-news/${made.data.id}`)).data).toMatchObject({
      source: '新华网',
      originalAuthor: '新华社记者',
      originalTitle: '原标题',
      originalUrl: 'https://www.news.cn/20261101/abc.html',
      status: 1,
      publisherName: '系统管理员',
    });
  });
});

describe('access', () => {
  it('keeps each branch company to its own articles and tags', async () => {
    const other = await ctx.loginToOtherTenant();
    const mine = await saved({});
    expect((await send('GET', `/api/articles/${mine.id}`, undefined, other)).code).not.toBe(0);
    expect((await post(`/api/articles/${mine.id}/publish`, {}, other)).code).not.toBe(0);
    expect((await get(`/api/articles/${mine.id}`)).data.status).toBe(0);
    const theirs = await get<PageResult<Article>>('/api/articles?limit=100', other);
    expect(theirs.data.list.map((row) => row.id)).not.toContain(mine.id);
    // Another branch company's tag is not one to attach.
    const theirTag = (await get<{ value: string }[]>('/api/lookups/common-tags', other)).data[0]?.value;
    expect((await post('/api/articles', article({ tagIds: [theirTag] }))).msg).toBe('标签不存在');
  });

  it('refuses 发布 and the editor upload to a role without the buttons', async () => {
    await grantRole(ctx, admin, 'vehicleOrderOps', ['maikaSchool'], []);
    const ops = await ctx.login('ops', 'ops123');
    const made = await saved({});
    expect((await get(`/api/articles/${made.id}`, ops)).code).toBe(0);
    expect(await post(`/api/articles/${made.id}/publish`, {}, ops)).toMatchObject({ code: 403 });
    const uploaded = await upload('/api/gateway/storage/image/content', { name: 'a.png', content: samples.png }, ops);
    expect(uploaded.code).toBe(403);
  });
});
