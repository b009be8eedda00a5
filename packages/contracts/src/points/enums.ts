import { defineEnum } from '../enums';

const tasks = [
  [1, '每日签到'],
  [2, '按时交租'],
  [3, '推荐司机成功'],
  [4, '安全会议签到'],
  [5, '驿站打卡'],
  [6, '阅读文章'],
  [7, '完成安全视频'],
] as const;

/** The fixed catalogue of 积分任务: each branch company has one task of each, edited, never added or removed. */
export const pointsTask = defineEnum('任务类型', tasks);

/** The tasks by name, for the code that awards them. */
export const pointsTaskCodes = {
  checkIn: 1,
  rentOnTime: 2,
  referral: 3,
  safetyMeeting: 4,
  stationVisit: 5,
  article: 6,
  safetyVideo: 7,
} as const;

/** What a ledger row does to the balance: 获得 and a positive 调整 add, the rest take away (冲正 either way). */
export const pointsEntryKind = defineEnum('变动类型', [
  [1, '获得'],
  [2, '消费'],
  [3, '过期'],
  [4, '冲正'],
  [5, '调整'],
]);

export const pointsEntryKinds = { earn: 1, spend: 2, expire: 3, reverse: 4, adjust: 5 } as const;

/** Where a ledger row comes from: a task, an exchange, the expiry job or staff (a 冲正 keeps its original's). */
export const pointsSource = defineEnum('积分来源', [...tasks, [20, '积分兑换'], [30, '积分过期'], [40, '后台调整']]);

export const pointsSources = { exchange: 20, expiry: 30, adjustment: 40 } as const;

/** A driver's points account is 正常; its balance moves only through ledger rows. */
export const pointsAccountStatus = defineEnum('账户状态', [[1, '正常']], { status: true });
