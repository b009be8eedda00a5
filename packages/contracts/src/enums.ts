import { z } from 'zod';
import { type Tone, toneOf } from './tones';

export interface EnumOption {
  label: string;
  value: number;
}

export interface EnumDef<V extends number> {
  title: string;
  options: EnumOption[];
  values: V[];
  /** The Chinese label of a value, '' for an unknown or empty value. */
  label(value: number | null | undefined): string;
  has(value: unknown): value is V;
  schema: z.ZodType<V>;
  /** A status (an order's, a receivable's, an approval's): its values are shown as tags of their tone. */
  status: boolean;
  /** The tone of a status value's tag (by its word, `tones.ts`); undefined for other enumerations. */
  tone(value: number | null | undefined): Tone | undefined;
}

/**
 * A numeric enumeration of SPEC.md §3: values as stored, labels as shown. `status: true` for a state (every
 * lifecycle's, and every enumeration titled …状态 or …结果): its values show as tags coloured by meaning.
 */
export function defineEnum<const V extends number>(
  title: string,
  entries: readonly (readonly [V, string])[],
  options: { status?: boolean } = {},
): EnumDef<V> {
  const labels = new Map<number, string>(entries);
  const values = entries.map(([value]) => value);
  const status = options.status ?? false;
  return {
    status,
    tone: (value) => {
      const label = status && value != null ? labels.get(value) : undefined;
      return label === undefined ? undefined : toneOf(label);
    },
    title,
    options: entries.map(([value, label]) => ({ label, value })),
    values,
    label: (value) => (value == null ? '' : (labels.get(value) ?? '')),
    has: (value): value is V => typeof value === 'number' && labels.has(value),
    schema: z.literal(values, { error: `${title}取值无效` }),
  };
}

/** 启用 / 停用: whether a row (an account, a channel, a tag) is offered for new work; what uses it keeps it. */
export const enabledStatus = defineEnum(
  '状态',
  [
    [1, '启用'],
    [0, '停用'],
  ],
  { status: true },
);

export const enums = {
  rentalMode: defineEnum('租赁模式', [
    [0, '网络裸租'],
    [1, '网络全包'],
    [2, '平台长短租'],
  ]),
  orderType: defineEnum('订单类型', [
    [0, '纯租'],
    [1, '以租代购'],
  ]),
  rentReceipt: defineEnum('租金收取方式', [
    [0, '固定租金'],
    [1, '阶梯租金'],
    [2, '浮动租金（分润）'],
  ]),
  maintenancePlan: defineEnum('维保方案', [
    [0, '公司承担'],
    [1, '承租方承担'],
  ]),
  businessAppointmentItem: defineEnum('商务约定事项', [
    [0, '阶梯租金'],
    [1, '车辆整备'],
    [2, '代办证照（租金抵扣结算）'],
    [3, '无责退车'],
    [4, '免租或延期政策'],
    [5, '提车周期'],
    [6, '独家授权'],
    [7, '需提供担保'],
    [8, '违约金'],
    [9, '加速折旧费'],
    [10, '变更被保险人'],
    [11, '其他'],
  ]),
  rentSettlement: defineEnum('租金结算方式', [
    [0, '次月对账'],
    [1, '一次性支付'],
  ]),
  leaseOrderStatus: defineEnum(
    '租赁订单状态',
    [
      [0, '已取消'],
      [1, '待审批'],
      [2, '审批中'],
      [3, '履约中'],
      [4, '已完成'],
    ],
    { status: true },
  ),
  returnApproval: defineEnum(
    '退车审批状态',
    [
      [0, '审批中'],
      [1, '已审批'],
    ],
    { status: true },
  ),
  returnStatus: defineEnum(
    '退车状态',
    [
      [0, '已预约'],
      [1, '退车中'],
      [2, '已退车'],
      [3, '已取消'],
    ],
    { status: true },
  ),
  // SPEC.md gives "leased" for both 0 and 3; both are stored, so both stay valid.
  carRentStatus: defineEnum(
    '车辆租赁状态',
    [
      [0, '已租赁'],
      [1, '退车中'],
      [2, '在库'],
      [3, '已租赁'],
    ],
    { status: true },
  ),
  haveOrNot: defineEnum('有无', [
    [0, '无'],
    [1, '有'],
  ]),
  // SPEC.md gives "approved" for both 1 and 2.
  approvalStatus: defineEnum(
    '审批状态',
    [
      [0, '未审批'],
      [1, '已审批'],
      [2, '已审批'],
    ],
    { status: true },
  ),
  yesNo: defineEnum('是否', [
    [0, '否'],
    [1, '是'],
  ]),
  leaseStatus: defineEnum(
    '租赁状态',
    [
      [0, '已结束'],
      [1, '执行中'],
    ],
    { status: true },
  ),
  policyStatus: defineEnum(
    '政策状态',
    [
      [0, '未开始'],
      [1, '执行中'],
      [2, '已结束'],
    ],
    { status: true },
  ),
  policyValidity: defineEnum('政策有效性', [
    [0, '无效'],
    [1, '有效'],
  ]),
  checkOrder: defineEnum('是否核单', [
    [0, '否'],
    [1, '是'],
    [2, '核单失败'],
  ]),
  rentalType: defineEnum('租赁类型', [
    [0, '租赁'],
    [1, '以租代购'],
  ]),
  couponListing: defineEnum(
    '上架状态',
    [
      [0, '上架'],
      [1, '下架'],
    ],
    { status: true },
  ),
  couponUse: defineEnum(
    '优惠券使用状态',
    [
      [0, '待支付'],
      [1, '支付超时'],
      [2, '未使用'],
      [3, '已使用'],
      [4, '已过期'],
      [5, '已退款'],
    ],
    { status: true },
  ),
  verification: defineEnum(
    '核销状态',
    [
      [0, '待核销'],
      [1, '核销中'],
      [2, '已核销'],
    ],
    { status: true },
  ),
  processType: defineEnum('流程类型', [
    [0, '交车'],
    [1, '还车'],
    [2, '换车后新车'],
  ]),
  safetyMaterial: defineEnum('安全资料类型', [
    [0, '图片'],
    [1, '视频'],
  ]),
  powerOffReason: defineEnum('断电原因', [
    [0, '欠租'],
    [1, '违章'],
    [2, '年检'],
    [3, '维保'],
    [4, '离城'],
    [5, '其他'],
  ]),
  approveStatus: defineEnum(
    '审批结果',
    [
      [0, '待审批'],
      [1, '已完成'],
      [2, '已驳回'],
    ],
    { status: true },
  ),
} as const;

export type EnumName = keyof typeof enums;
export type EnumValue<N extends EnumName> = (typeof enums)[N]['values'][number];
