import { defineEnum } from '../enums';

/** 内容类型: what the driver opens. */
export const contentType = defineEnum('内容类型', [
  [1, '图文'],
  [2, '视频'],
  [3, '活动'],
  [4, '问卷'],
]);

/** 行动号召: the button under the content in the app. */
export const contentCallToAction = defineEnum('行动号召', [
  [0, '无'],
  [1, '留资'],
  [2, '预约看车'],
  [3, '领取优惠券'],
]);

/** The calls to action whose form leaves the driver's details: a 留资 interaction makes a lead. */
export const leadCallsToAction: readonly number[] = [1, 2];

export const contentStatus = defineEnum(
  '内容状态',
  [
    [0, '草稿'],
    [1, '已发布'],
    [2, '已下架'],
  ],
  { status: true },
);

/** 推送状态: where now (Beijing) stands in the push window — computed when read, never stored. */
export const contentPushState = defineEnum(
  '推送状态',
  [
    [0, '未开始'],
    [1, '推送中'],
    [2, '已结束'],
  ],
  { status: true },
);

export const interactionAction = defineEnum('互动行为', [
  [1, '浏览'],
  [2, '点赞'],
  [3, '取消点赞'],
  [4, '分享'],
  [5, '收藏'],
  [6, '报名'],
  [7, '留资'],
]);

/** The interaction actions by name, as stored. */
export const interactionActions = {
  view: 1,
  like: 2,
  unlike: 3,
  share: 4,
  favorite: 5,
  signUp: 6,
  lead: 7,
} as const;

export const interactionChannel = defineEnum('互动渠道', [
  [1, 'APP'],
  [2, '小程序'],
  [3, 'H5'],
]);
