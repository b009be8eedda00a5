import type { AppFeedbackInput } from '@cp/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { AppSender } from '../appApi/keys';
import { businessNow } from '../clock';
import type { Db } from '../db';
import { drivers } from '../drivers/tables';
import { tenants, users } from '../identity/tables';
import { seedEachBranch } from '../seed/branches';
import { messageDriver } from './messages';
import { appFeedback, appFeedbackReplies, appFeedbackTags, feedbackTags } from './tables';

const hour = 3_600_000;

const demoTags: [string, string][] = [
  ['账单问题', '#F5222D'],
  ['车辆故障', '#FA8C16'],
  ['APP体验', '#1677FF'],
  ['门店服务', '#52C41A'],
  ['政策咨询', '#722ED1'],
  ['旧版问题', '#8C8C8C'],
];

type Handling =
  | { status: 0 }
  | { status: 1; afterHours: number; replies: string[] }
  | { status: 2; afterHours: number; replies: string[]; doneHours: number }
  | { status: 3; afterHours: number; reason: string };

interface DemoFeedback {
  daysAgo: number;
  body: AppFeedbackInput;
  handling: Handling;
  tags: number[];
}

/** What drivers sent over the last weeks, and how the branch company handled each (every state, every bucket). */
const stories: DemoFeedback[] = [
  {
    daysAgo: 24,
    body: {
      kind: 'fault',
      type: '涉及结算/财务/金额',
      menu: '我的账单',
      problem: '10月账单多扣了一天租金，已还车但仍在计费。',
      pic: [],
    },
    handling: {
      status: 2,
      afterHours: 1,
      doneHours: 3,
      replies: ['已核实，10月31日的租金将在下期账单中冲减，给您带来不便深表歉意。'],
    },
    tags: [0],
  },
  {
    daysAgo: 19,
    body: {
      kind: 'suggestion',
      menu: '还车预约',
      problem: '希望还车预约能选择具体时段，现在只能选日期，到店经常要排队。',
      level: '中',
      pic: [],
    },
    handling: {
      status: 2,
      afterHours: 6,
      doneHours: 30,
      replies: ['感谢建议，已转产品组评估。', '下个版本将支持按半小时选择还车时段。'],
    },
    tags: [2, 3],
  },
  {
    daysAgo: 12,
    body: {
      kind: 'fault',
      type: '阻塞使用流程',
      menu: '登录',
      problem: '更新APP后登录一直提示网络异常，换了网络也不行。',
      url: 'app://login',
      pic: [],
    },
    handling: {
      status: 2,
      afterHours: 0.5,
      doneHours: 2,
      replies: ['已修复登录接口兼容问题，请更新到最新版本后重试。'],
    },
    tags: [2],
  },
  {
    daysAgo: 8,
    body: {
      kind: 'fault',
      type: '普通功能错误',
      menu: '车辆保养',
      problem: '保养提醒里的里程数和仪表盘显示的不一致，差了两千多公里。',
      pic: [],
    },
    handling: { status: 3, afterHours: 4, reason: '司机来电确认为仪表更换后未同步，已线下处理，无需跟进' },
    tags: [1],
  },
  {
    daysAgo: 5,
    body: {
      kind: 'suggestion',
      menu: '政策中心',
      problem: '春节期间的免租政策说明太简单，不知道自己是否符合条件。',
      level: '低',
      pic: [],
    },
    handling: { status: 1, afterHours: 20, replies: ['已收到，正在与运营确认春节政策的适用条件。'] },
    tags: [4],
  },
  {
    daysAgo: 2,
    body: {
      kind: 'fault',
      type: '涉及结算/财务/金额',
      menu: '押金',
      problem: '退车已经15天了押金还没退回，客服电话打不通。',
      pic: [],
    },
    handling: { status: 1, afterHours: 2, replies: [] },
    tags: [0],
  },
  {
    daysAgo: 1,
    body: {
      kind: 'suggestion',
      menu: '积分商城',
      problem: '积分能不能兑换洗车券？现在的商品太少了。',
      level: '低',
      pic: [],
    },
    handling: { status: 0 },
    tags: [],
  },
  {
    daysAgo: 0,
    body: {
      kind: 'fault',
      type: '普通功能错误',
      menu: '安全学习',
      problem: '安全视频看到一半闪退，重新打开要从头看。',
      pic: [],
    },
    handling: { status: 0 },
    tags: [],
  },
];

/** Feedback tags of each branch company (the last one 停用, kept on old feedback). */
const seedTags = (db: Db) =>
  seedEachBranch(db, feedbackTags, (branch) =>
    demoTags.map(([name, color], n) => ({
      name,
      color,
      displayOrder: (n + 1) * 10,
      status: n < demoTags.length - 1 ? 1 : 0,
      createdAt: branch.ago(120 - n * 7),
    })),
  );

/**
 * 意见反馈's demo: each branch company's tags, then the drivers' feedback sent through the app's inbound API at
 * past moments, then the staff's handling of it (assignment, replies, 办结, 关闭, tags).
 */
export async function seedAppFeedback(db: Db, app: (tenantId: number) => Promise<AppSender>) {
  await seedTags(db);
  const [admin] = await db.select({ id: users.id, name: users.userName }).from(users).where(eq(users.loginId, 'admin'));
  if (!admin) return;
  const now = businessNow().getTime();
  for (const tenant of await db.select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.id))) {
    const [existing] = await db
      .select({ id: appFeedback.id })
      .from(appFeedback)
      .where(eq(appFeedback.tenantId, tenant.id))
      .limit(1);
    const driverRows = await db
      .select({ id: drivers.id })
      .from(drivers)
      .where(and(eq(drivers.tenantId, tenant.id)))
      .orderBy(asc(drivers.id))
      .limit(stories.length);
    if (existing || driverRows.length === 0) continue;
    const tagRows = await db
      .select({ id: feedbackTags.id })
      .from(feedbackTags)
      .where(eq(feedbackTags.tenantId, tenant.id))
      .orderBy(asc(feedbackTags.displayOrder));
    const send = await app(tenant.id);
    for (const [n, story] of stories.entries()) {
      const driverId = driverRows[n % driverRows.length]?.id;
      // Today's arrives an hour ago; the others in the morning or afternoon of their day.
      const sentAt = now - (story.daysAgo * 24 + (story.daysAgo === 0 ? 1 : 3 + (n % 5))) * hour;
      const receipt = await send<{ id: string }>({
        method: 'POST',
        url: '/api/app/feedback',
        body: story.body,
        driverId,
        at: new Date(sentAt),
      });
      await handle(
        db,
        { tenantId: tenant.id, driverId: driverId ?? 0 },
        Number(receipt.id),
        sentAt,
        story,
        admin,
        tagRows.map((row) => row.id),
      );
    }
  }
}

/** The app reads what is older than a day; what staff wrote since waits unread in the driver's inbox. */
const readMoment = (at: Date) =>
  businessNow().getTime() - at.getTime() > 24 * hour
    ? { createdAt: at, readAt: new Date(at.getTime() + 2 * hour) }
    : { createdAt: at };

async function handle(
  db: Db,
  { tenantId, driverId }: { tenantId: number; driverId: number },
  id: number,
  sentAt: number,
  story: DemoFeedback,
  admin: { id: number; name: string },
  tagIds: number[],
) {
  const { handling } = story;
  const by = { createdBy: admin.id, updatedBy: admin.id };
  const staff = { tenantId, userId: admin.id };
  await db.transaction(async (tx) => {
    const chosen = story.tags.flatMap((n) => (tagIds[n] === undefined ? [] : [tagIds[n]]));
    if (chosen.length > 0) {
      await tx.insert(appFeedbackTags).values(chosen.map((tagId) => ({ feedbackId: id, tagId, tenantId })));
    }
    if (handling.status === 0) return;
    const assignedAt = new Date(sentAt + handling.afterHours * hour);
    const replies = 'replies' in handling ? handling.replies : [];
    for (const [n, content] of replies.entries()) {
      const at = new Date(assignedAt.getTime() + (n + 1) * 0.5 * hour);
      const repliedAt =
        handling.status === 2 && n === replies.length - 1 ? new Date(sentAt + handling.doneHours * hour) : at;
      await tx.insert(appFeedbackReplies).values({
        tenantId,
        feedbackId: id,
        content,
        authorName: admin.name,
        ...by,
        createdAt: repliedAt,
        updatedAt: repliedAt,
      });
      const kind = handling.status === 2 && n === replies.length - 1 ? 2 : 1;
      await messageDriver(tx, staff, { id, driverId }, kind, content, readMoment(repliedAt));
    }
    const handledAt =
      handling.status === 2
        ? new Date(sentAt + handling.doneHours * hour)
        : handling.status === 3
          ? new Date(assignedAt.getTime() + hour)
          : null;
    await tx
      .update(appFeedback)
      .set({
        status: handling.status,
        assigneeId: admin.id,
        assignedAt,
        handledAt,
        closeReason: handling.status === 3 ? handling.reason : null,
        updatedBy: admin.id,
        updatedAt: handledAt ?? assignedAt,
      })
      .where(and(eq(appFeedback.tenantId, tenantId), eq(appFeedback.id, id)));
    if (handling.status === 3 && handledAt) {
      await messageDriver(tx, staff, { id, driverId }, 3, `关闭原因：${handling.reason}`, readMoment(handledAt));
    }
  });
}
