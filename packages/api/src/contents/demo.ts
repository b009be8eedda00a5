import { interactionActions as act, beijingDay } from '@cp/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { atBusinessTime, businessNow } from '../clock';
import type { Db, Tx } from '../db';
import { drivers } from '../drivers/tables';
import { tenants } from '../identity/tables';
import { seedEachBranch } from '../seed/branches';
import { commonTags } from '../tags/tables';
import { recordInteraction } from './record';
import { contentCities, contentInteractions, contents, contentTags } from './tables';

const hour = 3_600_000;
const day = 24 * hour;

/**
 * Seven contents per branch company: three pushing now, one pushed and ended, one withdrawn after its
 * questionnaire closed, a published one starting in two days, and a draft. Days are relative to today:
 * [title, type, call to action, window from (days ago), window to (days ago; negative = to come), final status].
 */
const demoContents = [
  [
    '老司机回归季：复驾首月租金立减800元',
    1,
    1,
    40,
    -20,
    1,
    '离开平台超过60天的司机，本月回来跑车首月租金立减800元，留下联系方式，专属顾问一对一为您办理。',
  ],
  [
    '周末驿站开放日：免费车辆检测，到店领洗车券',
    3,
    3,
    10,
    -3,
    1,
    '本周六、周日10:00-17:00，各驿站开放免费车辆检测，到店司机每人领取洗车券一张，名额有限。',
  ],
  [
    '新能源车型怎么选？一天跑车成本算给你看',
    1,
    2,
    25,
    -5,
    1,
    '以一天跑车12小时、400公里计，纯电车型的充电成本不到燃油车的三分之一。预约看车，驿站顾问带您试驾。',
  ],
  [
    '冬季安全驾驶与防滑十条',
    1,
    0,
    100,
    60,
    1,
    '雨雪天气请降低车速、加大跟车距离，出车前检查轮胎与灯光；遇到路面结冰请避免急刹车。',
  ],
  [
    '司机满意度问卷（第三季度）',
    4,
    0,
    80,
    50,
    2,
    '请花3分钟告诉我们您对车辆、驿站服务和结算的感受，提交后即可参加月底的积分抽奖。',
  ],
  [
    '高峰时段接单攻略：早晚高峰多跑一单',
    1,
    0,
    -2,
    -16,
    1,
    '早高峰7:00-9:00、晚高峰17:00-20:00，地铁站与写字楼周边订单最集中。',
  ],
  ['押金减半政策解读（草稿）', 1, 1, -3, -33, 0, '即日起新签约司机押金减半，符合条件的老司机续租也可申请。'],
] as const;

interface DemoContent {
  id: number;
  /** The days ago its interactions run from, and until (exclusive). */
  at: number;
  until: number;
  signUp: boolean;
  leads: boolean;
}

/** A steady pseudo-random number 0–99: the demo reads the same every time. */
const chance = (a: number, b: number, salt: number) => ((a * 7919 + b * 104_729 + salt * 31) % 9973) % 100;

/** Beijing midnight `days` days ago (negative: to come), so windows start and end on whole days. */
const midnight = (now: Date, days: number) =>
  new Date(Date.parse(`${beijingDay(new Date(now.getTime() - days * day))}T00:00:00+08:00`));

/**
 * What the branch's drivers did with each published content, day by day, through `recordInteraction` on the
 * business clock (so the counters agree with the rows): views, some repeated the same day (not recorded
 * again), likes and a few taken back, shares, sign-ups for the activity, 留资 where the content asks for it.
 */
async function driversInteract(tx: Tx, tenantId: number, seeded: readonly DemoContent[]) {
  const now = businessNow();
  const audience = await tx
    .select({ id: drivers.id })
    .from(drivers)
    .where(eq(drivers.tenantId, tenantId))
    .orderBy(asc(drivers.id))
    .limit(30);
  for (const [n, content] of seeded.entries()) {
    const seen = new Set<number>();
    for (let ago = content.at; ago > content.until; ago -= 1) {
      const morning = new Date(midnight(now, ago).getTime() + 8 * hour);
      for (const [d, driver] of audience.entries()) {
        const roll = chance(d + n * 31, ago, n);
        if (roll >= 7) continue;
        const at = new Date(morning.getTime() + ((d * 37 + ago * 13) % 12) * hour + (d % 60) * 60_000);
        if (at > now) continue;
        const record = (action: number, minutes: number, watchSeconds?: number) =>
          atBusinessTime(new Date(at.getTime() + minutes * 60_000), () =>
            recordInteraction(tx, {
              tenantId,
              contentId: content.id,
              driverId: driver.id,
              action,
              channel: [1, 1, 2, 3][roll % 4] ?? 1,
              watchSeconds: watchSeconds ?? null,
            }),
          );
        await record(act.view, 0, 30 + ((d * 17 + ago) % 240));
        if (roll < 2) await record(act.view, 20);
        if (roll % 3 === 0 && !seen.has(driver.id)) await record(act.like, 2);
        if (roll === 6 && seen.has(driver.id)) await record(act.unlike, 3);
        if (roll % 4 === 1) await record(act.share, 4);
        if (roll === 5) await record(act.favorite, 5);
        if (content.signUp && roll === 2) await record(act.signUp, 6);
        if (content.leads && roll === 4 && !seen.has(driver.id)) await record(act.lead, 8);
        seen.add(driver.id);
      }
    }
  }
}

export async function seedContents(db: Db): Promise<void> {
  const now = businessNow();
  await seedEachBranch(db, contents, (branch) =>
    demoContents.map(([title, type, callToAction, from, to, status, body], n) => ({
      title: branch.index === 0 ? title : title.replace('800元', '600元'),
      type,
      callToAction,
      // 正文 is rich text: the demo's paragraphs as the editor writes them.
      body: body
        .split('\n')
        .map((paragraph) => `<p>${paragraph}</p>`)
        .join(''),
      summary: body.split('，')[0],
      driverStatuses: n === 0 ? [4] : [],
      pushStartsAt: midnight(now, from),
      pushEndsAt: midnight(now, to),
      // Published ones go out as their window opens: interactions are recorded while published, the
      // withdrawn questionnaire is taken down once its window has closed (below).
      status: status === 2 ? 1 : status,
      createdAt: branch.ago(Math.max(from, 0) + 3, n),
    })),
  );
  for (const tenant of await db.select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.id))) {
    await db.transaction(async (tx) => {
      const [done] = await tx
        .select({ id: contentInteractions.id })
        .from(contentInteractions)
        .where(eq(contentInteractions.tenantId, tenant.id))
        .limit(1);
      const rows = await tx
        .select({ id: contents.id, title: contents.title })
        .from(contents)
        .where(eq(contents.tenantId, tenant.id))
        .orderBy(asc(contents.id));
      if (done || rows.length !== demoContents.length) return;
      const ids = rows.map((row) => row.id);
      const [first, second] = await tx
        .select({ id: commonTags.id })
        .from(commonTags)
        .where(eq(commonTags.tenantId, tenant.id))
        .orderBy(asc(commonTags.id))
        .limit(2);
      const [city] = await tx
        .select({ cityId: drivers.cityId })
        .from(drivers)
        .where(eq(drivers.tenantId, tenant.id))
        .limit(1);
      if (city && ids[1])
        await tx.insert(contentCities).values({ contentId: ids[1], cityId: city.cityId, tenantId: tenant.id });
      const tagged = [
        [ids[3], first?.id],
        [ids[2], second?.id],
      ].filter((pair): pair is [number, number] => pair[0] !== undefined && pair[1] !== undefined);
      if (tagged.length) {
        await tx
          .insert(contentTags)
          .values(tagged.map(([contentId, tagId]) => ({ contentId, tagId, tenantId: tenant.id })));
      }
      const published = demoContents.flatMap(([, type, cta, from, to, status], n) => {
        const id = ids[n];
        return id && status !== 0 && from > 0
          ? [{ id, at: from, until: Math.max(to, 0), signUp: type === 3, leads: cta === 1 || cta === 2 }]
          : [];
      });
      await driversInteract(tx, tenant.id, published);
      const withdrawn = demoContents.flatMap(([, , , , to, status], n) => (status === 2 ? [[ids[n], to]] : []));
      for (const [id, to] of withdrawn) {
        if (id === undefined || to === undefined) continue;
        const at = new Date(midnight(now, to).getTime() + 10 * hour);
        await tx
          .update(contents)
          .set({ status: 2, updatedAt: at, version: 2 })
          .where(and(eq(contents.id, id), inArray(contents.status, [1])));
      }
    });
  }
}
