import { defineEnum } from '../enums';

/** Vehicle enumerations SPEC.md leaves to us; values are stored, labels shown. */
export const vehicleEnums = {
  stage: defineEnum(
    '车辆阶段',
    [
      [0, '待验车'],
      [1, '已验车'],
      [2, '整备中'],
      [3, '待出库'],
      [4, '已出库'],
      [5, '租赁中'],
      [6, '还车中'],
      [7, '在库'],
      [8, '临时交车'],
      [9, '已售出'],
    ],
    { status: true },
  ),
  energyType: defineEnum('能源类型', [
    [0, '燃油'],
    [1, '纯电动'],
    [2, '插电式混动'],
    [3, '油电混动'],
    [4, '燃气'],
  ]),
  preparationItem: defineEnum('整备项目', [
    [0, '入网维护'],
    [1, '行驶证'],
    [2, 'GPS'],
    [3, '运输证'],
  ]),
  inspectionResult: defineEnum(
    '验车结果',
    [
      [0, '不合格'],
      [1, '合格'],
    ],
    { status: true },
  ),
  deliveryKind: defineEnum('交车类型', [
    [0, '正式交车'],
    [1, '临时交车'],
  ]),
  returnStatus: defineEnum(
    '还车状态',
    [
      [0, '待验收'],
      [1, '已验收'],
      [3, '已取消'],
    ],
    { status: true },
  ),
  violationStatus: defineEnum(
    '处理状态',
    [
      [0, '未处理'],
      [1, '处理中'],
      [2, '已处理'],
    ],
    { status: true },
  ),
  maintenanceType: defineEnum('维保类型', [
    [0, '保养'],
    [1, '维修'],
    [2, '事故维修'],
    [3, '年检'],
  ]),
  maintenanceStatus: defineEnum(
    '维保状态',
    [
      [0, '待处理'],
      [1, '进行中'],
      [2, '已完成'],
    ],
    { status: true },
  ),
  riskRule: defineEnum('风险类型', [
    [0, '交强险即将到期'],
    [1, '商业险即将到期'],
    [2, '年检即将到期'],
    [3, '运输证即将到期'],
    [4, 'GPS离线'],
    [5, '违章频繁'],
  ]),
  riskStatus: defineEnum(
    '风险状态',
    [
      [0, '待处理'],
      [1, '已处理'],
    ],
    { status: true },
  ),
} as const;
