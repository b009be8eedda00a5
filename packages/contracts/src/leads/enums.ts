import { defineEnum } from '../enums';

/** Lead enumerations SPEC.md leaves to us; values are stored, labels shown. */
export const leadEnums = {
  status: defineEnum(
    '线索状态',
    [
      [0, '待分配'],
      [1, '待跟进'],
      [2, '跟进中'],
      [3, '已激活'],
      [4, '无效'],
    ],
    { status: true },
  ),
  business: defineEnum('意向业务', [
    [0, '网约车租赁'],
    [1, '出租车租赁'],
    [2, '以租代购'],
    [3, '政企用车'],
    [4, '分销合作'],
  ]),
  customerKind: defineEnum('客户类型', [
    [0, '网约车司机'],
    [1, '出租车司机'],
    [2, '政企客户'],
    [3, '分销商'],
    [4, '个人客户'],
  ]),
  source: defineEnum('线索来源', [
    [0, '手工'],
    [1, '上传'],
    [2, '二维码'],
    [3, '司机推荐'],
  ]),
  intentionLevel: defineEnum('意向等级', [
    [0, 'A（强烈）'],
    [1, 'B（较强）'],
    [2, 'C（一般）'],
    [3, 'D（无意向）'],
  ]),
  followUpWay: defineEnum('跟进方式', [
    [0, '电话'],
    [1, '微信'],
    [2, '面谈'],
    [3, '短信'],
  ]),
  eventKind: defineEnum('事件类型', [
    [0, '创建'],
    [1, '分配'],
    [2, '跟进'],
    [3, '激活'],
    [4, '无效'],
    [5, '编辑'],
  ]),
  ruleKind: defineEnum('规则类型', [
    [0, '手机号重复'],
    [1, '多次未接通'],
    [2, '城市不在服务范围'],
    [3, '手机号黑名单'],
  ]),
};

/** The lead states by name, as stored. */
export const leadStatus = {
  unallocated: 0,
  allocated: 1,
  followingUp: 2,
  activated: 3,
  invalid: 4,
} as const;

/** The states a lead is still being worked in: rules may mark it invalid, a new lead with its mobile is a duplicate. */
export const openLeadStates = [leadStatus.unallocated, leadStatus.allocated, leadStatus.followingUp] as const;

export const eventKind = { created: 0, allocated: 1, followedUp: 2, activated: 3, invalidated: 4, edited: 5 } as const;

export const ruleKind = { duplicateMobile: 0, unanswered: 1, outsideCities: 2, blockedMobile: 3 } as const;

export const leadSource = { manual: 0, upload: 1, qrCode: 2, referral: 3 } as const;
