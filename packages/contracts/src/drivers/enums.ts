import { defineEnum } from '../enums';

/** Driver enumerations SPEC.md leaves to us; values are stored, labels shown. */
export const driverEnums = {
  /** The slice of `drivers` a row belongs to: 网约车司机 or 出租车司机. */
  kind: defineEnum('司机类型', [
    [1, '网约车司机'],
    [2, '出租车司机'],
  ]),
  status: defineEnum(
    '司机状态',
    [
      [0, '待审核'],
      [1, '正常'],
      [2, '冻结'],
      [3, '黑名单'],
      [4, '已流失'],
      [5, '审核不通过'],
    ],
    { status: true },
  ),
  gender: defineEnum('性别', [
    [1, '男'],
    [2, '女'],
  ]),
  /** 准驾车型 (公安部令第162号). */
  licenseClass: defineEnum('准驾车型', [
    [1, 'A1'],
    [2, 'A2'],
    [3, 'A3'],
    [4, 'B1'],
    [5, 'B2'],
    [6, 'C1'],
    [7, 'C2'],
    [8, 'C3'],
    [9, 'C4'],
    [10, 'C5'],
    [11, 'C6'],
    [12, 'D'],
    [13, 'E'],
    [14, 'F'],
    [15, 'M'],
    [16, 'N'],
    [17, 'P'],
  ]),
  relation: defineEnum('与本人关系', [
    [1, '配偶'],
    [2, '父母'],
    [3, '子女'],
    [4, '兄弟姐妹'],
    [5, '朋友'],
    [6, '同事'],
    [9, '其他'],
  ]),
  /** Computed: whether a licence or permit expires within 30 days (or has). */
  expiry: defineEnum(
    '证件状态',
    [
      [0, '证件有效'],
      [1, '证件即将到期'],
      [2, '证件已过期'],
    ],
    { status: true },
  ),
} as const;

/** The driver states by name, as stored. */
export const driverStatus = {
  pending: 0,
  active: 1,
  frozen: 2,
  blacklisted: 3,
  churned: 4,
  rejected: 5,
} as const;

/** How many days ahead a licence or permit counts as 即将到期. */
export const expiryWarningDays = 30;
