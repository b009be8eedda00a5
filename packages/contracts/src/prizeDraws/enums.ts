import { defineEnum } from '../enums';

/** Enumerations of 抽奖管理; values are stored, labels shown. */
export const prizeDrawEnums = {
  /** What people decided: a draft is prepared, then published; a published draw may be ended early. */
  status: defineEnum(
    '发布状态',
    [
      [0, '草稿'],
      [1, '已发布'],
      [2, '已提前结束'],
    ],
    { status: true },
  ),
  /** What the draw is now: the status and the clock against its period. */
  phase: defineEnum(
    '活动状态',
    [
      [0, '草稿'],
      [1, '未开始'],
      [2, '进行中'],
      [3, '已结束'],
    ],
    { status: true },
  ),
  prizeLevel: defineEnum('奖项等级', [
    [0, '特等奖'],
    [1, '一等奖'],
    [2, '二等奖'],
    [3, '三等奖'],
    [4, '四等奖'],
    [5, '五等奖'],
    [6, '参与奖'],
  ]),
  participantStatus: defineEnum(
    '抽奖资格',
    [
      [0, '可抽奖'],
      [1, '次数已用完'],
    ],
    { status: true },
  ),
  channel: defineEnum('抽奖渠道', [
    [0, '后台代抽'],
    [1, 'APP'],
  ]),
};

/** Probabilities are kept in basis points (万分之): 10000 is certain. */
export const probabilityScale = 10_000;
