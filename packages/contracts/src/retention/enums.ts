import { defineEnum } from '../enums';

/** 待跟进 → 跟进中 → 已转化 (into a 线索 or a driver) | 无效 (with its reason). */
export const retentionStatus = defineEnum(
  '留资状态',
  [
    [0, '待跟进'],
    [1, '跟进中'],
    [2, '已转化'],
    [3, '无效'],
  ],
  { status: true },
);

/**
 * Where a 留资 first came from: staff taking a call or a walk-in (what 新增留资 may choose, so offered first), the
 * app's forms, an alliance partner.
 */
export const retentionSource = defineEnum('留资来源', [
  [2, '电话'],
  [3, '门店'],
  [1, 'APP'],
  [4, '联盟合作方'],
]);

/** The app page whose form the driver filled in. */
export const retentionSourcePage = defineEnum('留资页面', [
  [1, '首页'],
  [2, '活动'],
  [3, '文章'],
  [4, '优惠券'],
  [5, '车型详情'],
]);

export const retentionFollowUpResult = defineEnum(
  '跟进结果',
  [
    [1, '有意向'],
    [2, '考虑中'],
    [3, '暂无意向'],
    [4, '未接通'],
  ],
  { status: true },
);

/** What a 留资 was converted into. */
export const retentionTarget = defineEnum('转化为', [
  [1, '线索'],
  [2, '司机'],
]);

/** The kinds of alliance partners that pass leads on. */
export const partnerKind = defineEnum('合作方类型', [
  [1, '车商'],
  [2, '驾校'],
  [3, '同行'],
  [4, '平台'],
]);

/** The two lists of one table of 留资: the app's and staff's, and the alliance partners'. */
export const retentionChannel = { direct: 1, alliance: 2 } as const;

export const retentionStates = { pending: 0, following: 1, converted: 2, invalid: 3 } as const;
