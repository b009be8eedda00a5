import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { seedEachBranch } from '../seed/branches';
import { seedCommonTags } from '../tags/feature';
import { commonTags } from '../tags/tables';
import { articles, articleTags, hotNews, hotNewsTags } from './tables';

const body = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join('');
const list = (items: string[]) => `<ol>${items.map((item) => `<li><p>${item}</p></li>`).join('')}</ol>`;

/** Articles: title, category, author, state (0 draft, 1 published, 2 withdrawn), days ago, views, tags, body. */
const demoArticles = [
  [
    '新司机交车前必看的十件事',
    1,
    '运营部 李静',
    1,
    34,
    1286,
    ['新手必读', '安全驾驶'],
    `<h2>提车当天请带齐证件</h2>${body('身份证、驾驶证、网约车驾驶员证原件，以及签约时登记的银行卡。')}<h3>验车十项</h3>${list(['绕车一周查看外观划痕并拍照', '核对里程表读数与交车单一致', '检查四条轮胎花纹与胎压', '确认随车工具、三角警示牌齐全', '试用灯光、雨刮与空调'])}<blockquote><p>交车单签字前发现的问题，都可以当场写进备注。</p></blockquote>`,
  ],
  [
    '网约车合规运营：双证办理流程详解',
    3,
    '合规专员 王磊',
    1,
    21,
    874,
    ['政策解读', '新手必读'],
    `<h2>什么是“双证”</h2>${body('网络预约出租汽车运输证（车证）与网络预约出租汽车驾驶员证（人证），两证齐全方可合规接单。', '公司车辆均已办理车证，司机需在入职后三十日内完成人证考试。')}${list(['在当地交通运输部门指定平台报名', '参加全国公共科目与区域科目考试', '通过后领取驾驶员证并在APP上传'])}`,
  ],
  [
    '夏季高温用车：电池与轮胎的检查要点',
    5,
    '车管部 赵强',
    1,
    12,
    642,
    ['车辆保养'],
    `<h2>电池</h2>${body('高温下避免长时间满电停放，充电至90%即可出车；仪表出现电池温度提示请及时回店检测。')}<h2>轮胎</h2>${body('冷车时检查胎压，高温路面胎压会升高，切勿放气。')}`,
  ],
  [
    '雨天夜间行车的五个安全习惯',
    2,
    '安全管理部 周敏',
    0,
    2,
    0,
    ['安全驾驶'],
    `${list(['提前开启近光灯与示廓灯', '与前车保持至少两倍的跟车距离', '涉水路段低速匀速通过', '接送乘客时开启双闪并选择安全地点停靠', '疲劳时及时休息，连续驾驶不超过4小时'])}`,
  ],
  [
    '高峰时段接单的收入提升技巧',
    6,
    '运营部 李静',
    0,
    5,
    0,
    ['收入提升'],
    body('早高峰集中在7:00—9:00，建议提前到达住宅区与地铁站周边；晚高峰可关注商务区与交通枢纽。'),
  ],
  [
    '平台服务分规则说明（2025版）',
    4,
    '运营部 李静',
    2,
    200,
    2310,
    ['政策解读'],
    body('本文所述规则已由2026版替代，请以APP内最新规则为准。'),
  ],
] as const;

/** News: title, source, original author, original title, link, state, days ago, views, tags, summary. */
const demoNews = [
  [
    '多地出台网约车驾驶员权益保障措施',
    '新华网',
    '新华社记者',
    '多地出台措施保障网约车驾驶员合法权益',
    'https://www.news.cn/local/20261102/c3a8e1f0a7b94d2e.html',
    1,
    26,
    3312,
    ['政策解读'],
    '多地交通运输部门要求平台公开计价规则与抽成比例，保障驾驶员休息时间与合理劳动报酬。',
  ],
  [
    '新能源汽车冬季续航衰减，专家支招',
    '人民网',
    '记者 陈晨',
    '冬季新能源车续航“打折”怎么办？专家支招',
    'https://auto.people.com.cn/n1/2026/1110/c1005-40512345.html',
    1,
    18,
    1804,
    ['车辆保养'],
    '低温下电池活性降低，续航普遍下降；出车前预热、合理使用空调可减少衰减。',
  ],
  [
    '交通运输新业态从业人员职业伤害保障扩大试点',
    '央视新闻',
    '央视记者 刘洋',
    '新就业形态人员职业伤害保障试点扩围',
    'https://news.cctv.com/2026/09/15/ARTIf7a2b1c9d8e04a6b.shtml',
    2,
    75,
    5120,
    ['政策解读'],
    '试点范围扩大至更多平台企业，网约车驾驶员可按单缴纳职业伤害保障费用。',
  ],
  [
    '城市道路限行新规下月起施行',
    '北京日报',
    '记者 孙悦',
    '关于调整部分道路通行管理措施的通告解读',
    'https://www.bjd.com.cn/a/202611/20/AP6f2e9b1c.html',
    0,
    1,
    0,
    [],
    '部分主干道高峰时段限行范围调整，请驾驶员提前规划路线。',
  ],
] as const;

/** Attaches the demo's tags to the demo's content by name, for every branch company that has both. */
async function linkDemoTags(db: Db) {
  const links = [
    [articles, articleTags, 'article_id', demoArticles.map(([title, , , , , , tags]) => [title, tags] as const)],
    [hotNews, hotNewsTags, 'hot_news_id', demoNews.map(([title, , , , , , , , tags]) => [title, tags] as const)],
  ] as const;
  for (const [table, link, own, pairs] of links) {
    const values = pairs.flatMap(([title, tags]) => tags.map((tag) => sql`(${title}, ${tag})`));
    if (values.length === 0) continue;
    await db.execute(sql`
      insert into ${link} (${sql.raw(own)}, tag_id, tenant_id)
      select c.id, t.id, c.tenant_id
      from (values ${sql.join(values, sql`, `)}) as demo(title, tag)
      join ${table} c on c.title = demo.title
      join ${commonTags} t on t.tenant_id = c.tenant_id and t.name = demo.tag
      on conflict do nothing`);
  }
}

/** Six articles and four news items per branch company: published, drafts (one due tomorrow), withdrawn. */
export async function seedArticles(db: Db) {
  await seedCommonTags(db);
  await seedEachBranch(db, articles, (branch) =>
    demoArticles.map(([title, category, author, status, days, viewCount, , content], n) => {
      const createdAt = branch.ago(days + 2, n);
      const published = status === 0 ? {} : { publishedAt: branch.ago(days), publisherId: branch.adminId };
      // The rainy-night draft goes out tomorrow at nine, by the scheduled job.
      const scheduledAt = n === 3 ? new Date(`${branch.day(-1)}T09:00:00+08:00`) : null;
      const summary = content.replace(/<[^>]+>/g, '').slice(0, 60);
      return {
        ...{ title, category, author, status, viewCount, content, summary, scheduledAt, createdAt },
        ...{ pinned: n === 0, displayOrder: (n + 1) * 10, updatedAt: status === 0 ? createdAt : branch.ago(days) },
        ...published,
      };
    }),
  );
  await seedEachBranch(db, hotNews, (branch) =>
    demoNews.map(
      ([title, source, originalAuthor, originalTitle, originalUrl, status, days, viewCount, , summary], n) => {
        const createdAt = branch.ago(days + 1, n);
        const published = status === 0 ? {} : { publishedAt: branch.ago(days), publisherId: branch.adminId };
        return {
          ...{ title, source, originalAuthor, originalTitle, originalUrl, status, viewCount, summary, createdAt },
          ...{ content: `<p>${summary}</p><p>（来源：${source}，原标题：《${originalTitle}》）</p>` },
          ...{ displayOrder: (n + 1) * 10, updatedAt: status === 0 ? createdAt : branch.ago(days) },
          ...published,
        };
      },
    ),
  );
  await linkDemoTags(db);
}
