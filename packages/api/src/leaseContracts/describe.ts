// A lease order's contract as the neutral description the PDF is made from (`pdf/contract.ts`): the branch
// company and the driver, the car, the terms, the schedule the terms give, 商务约定事项 and clauses from the terms.
import { enums, maskSensitive, rentTiming, yuanText } from '@cp/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db';
import { drivers } from '../drivers/tables';
import { tenants } from '../identity/tables';
import { companies, vehicleCatalog } from '../lookups/tables';
import { checkedSchedule, scheduleInput } from '../orders/schedule';
import type { leaseOrders } from '../orders/tables';
import type { ContractClause, ContractDocument } from '../pdf/contract';
import type { Row } from '../resource/family';
import { vehicles } from '../vehicles/tables';

type Order = typeof leaseOrders.$inferSelect;

const yuan = (fen: number) => `${yuanText(fen)}元`;
const dayText = (day: string) => {
  const [y, m, d] = day.split('-');
  return `${y}年${Number(m)}月${Number(d)}日`;
};

/** What an approved change makes of the contract besides the order's own terms: another car, another rent. */
export interface ContractChange {
  vehicleId?: number;
  rentDifference?: number;
}

async function carOf(db: Executor, order: Order, vehicleId: number | null) {
  const [car] = vehicleId ? await db.select().from(vehicles).where(eq(vehicles.id, vehicleId)) : [];
  const ids = [car?.brandId, car?.modelId ?? order.modelId].filter((id): id is number => typeof id === 'number');
  const names = new Map(
    (await db.select().from(vehicleCatalog).where(inArray(vehicleCatalog.id, ids))).map((row) => [row.id, row.name]),
  );
  const model = [car ? names.get(car.brandId) : undefined, names.get(car?.modelId ?? order.modelId)]
    .filter(Boolean)
    .join(' ');
  const [owner] = car ? await db.select().from(companies).where(eq(companies.id, car.companyId)) : [];
  return { car, model, owner };
}

function clausesOf(order: Order, rent: number): ContractClause[] {
  const timing = rentTiming.label(order.rentTiming);
  const late = order.lateFeeRate > 0 ? `每逾期一日按应付金额的万分之${order.lateFeeRate}支付滞纳金。` : '';
  const grace = order.graceDays > 0 ? `付款宽限期${order.graceDays}日，宽限期内付清不计逾期。` : '';
  const items = order.businessItems.map((item) => enums.businessAppointmentItem.label(item));
  return [
    {
      title: '租赁期限',
      paragraphs: [`租赁期限自${dayText(order.startDate)}起至${dayText(order.endDate)}止，共${order.termMonths}个月。`],
    },
    {
      title: '租金及支付',
      paragraphs: [
        `月租金${yuan(rent)}，按${enums.rentReceipt.label(order.rentReceipt)}收取，每期租金于账期${timing}支付，具体以附表三付款计划为准。${grace}${late}`,
      ],
    },
    {
      title: '押金及其他费用',
      paragraphs: [
        `承租方于交车前支付押金${yuan(order.deposit)}、首付款${yuan(order.firstPayment)}、整备费${yuan(order.servicingFee)}。租赁期满、车辆归还并结清全部费用后，出租方退还押金余额。`,
      ],
    },
    {
      title: '维修保养',
      paragraphs: [
        `车辆维修保养按“${enums.maintenancePlan.label(order.maintenancePlan)}”执行；因承租方使用不当造成的维修费用由承租方承担。`,
      ],
    },
    {
      title: '商务约定事项',
      paragraphs: [items.length > 0 ? `双方约定以下事项：${items.join('、')}。` : '双方无其他商务约定事项。'],
    },
  ];
}

/** The schedule the order's terms give: one-offs at the handover, each rent period, 尾款 at the end. */
function scheduleOf(order: Order, rent: number) {
  const rows = checkedSchedule({ ...scheduleInput(order as unknown as Row), rent });
  const oneOffs = (
    [
      ['押金', order.deposit],
      ['首付款', order.firstPayment],
      ['整备费', order.servicingFee],
    ] as const
  )
    .filter(([, amount]) => amount > 0)
    .map(([kind, amount]) => ['—', kind, '交车时', '交车时', yuan(amount)]);
  const rents = rows.map((row) => [
    String(row.period),
    '租金',
    `${row.startDate} 至 ${row.endDate}`,
    row.dueDate,
    yuan(row.amount),
  ]);
  const final = order.finalPayment > 0 ? [['—', '尾款', '租期届满', order.endDate, yuan(order.finalPayment)]] : [];
  return { header: ['期数', '款项', '账期', '应付日期', '金额'], rows: [...oneOffs, ...rents, ...final] };
}

/** The contract of `order` as it now stands (with `change` applied: an approved exchange's car and rent). */
export async function describeLeaseContract(
  db: Executor,
  order: Order,
  contractNo: string,
  edition: string,
  change: ContractChange = {},
): Promise<ContractDocument> {
  const [branch] = await db.select().from(tenants).where(eq(tenants.id, order.tenantId));
  const [driver] = await db.select().from(drivers).where(eq(drivers.id, order.driverId));
  const { car, model, owner } = await carOf(db, order, change.vehicleId ?? order.vehicleId);
  const rent = order.rent + (change.rentDifference ?? 0);
  const stages = order.stages.map((stage) => `${stage.periods}期 × ${yuan(stage.rent)}`).join('，');
  return {
    title: '车辆租赁合同',
    contractNo,
    edition,
    signedOn: dayText(order.startDate),
    parties: [
      {
        role: '甲方（出租方）',
        name: owner?.name ?? branch?.name ?? '',
        details: [
          ['分公司', branch?.name ?? ''],
          ...(owner?.creditCode ? ([['统一社会信用代码', owner.creditCode]] as const) : []),
        ],
      },
      {
        role: '乙方（承租方）',
        name: driver?.name ?? '',
        details: [
          ['身份证号', driver ? maskSensitive('idCard', driver.nationalId) : ''],
          ['联系电话', driver?.mobile ?? ''],
          ...(driver?.address ? ([['地址', driver.address]] as const) : []),
        ],
      },
    ],
    cars: {
      header: ['车牌号', '品牌型号', '颜色', '车架号', '月租金'],
      rows: [[car?.plateNo ?? '交车时确定', model, car?.colour ?? '—', car?.vin ?? '交车时确定', yuan(rent)]],
    },
    terms: [
      ['租赁模式', enums.rentalMode.label(order.rentalMode)],
      ['订单类型', enums.orderType.label(order.orderType)],
      ['租金收取方式', enums.rentReceipt.label(order.rentReceipt)],
      ['租金结算方式', enums.rentSettlement.label(order.rentSettlement)],
      ['起租日期', order.startDate],
      ['租期', `${order.termMonths}个月`],
      ['到期日期', order.endDate],
      ['月租金', yuan(rent)],
      ...(stages ? ([['阶梯租金', stages]] as const) : []),
      ...(change.rentDifference ? ([['换车月租差额', yuan(change.rentDifference)]] as const) : []),
      ['押金', yuan(order.deposit)],
      ['尾款', yuan(order.finalPayment)],
      ['免租天数', `${order.rentFreeDays}天`],
      ['商务约定事项', order.businessItems.map((item) => enums.businessAppointmentItem.label(item)).join('、') || '无'],
    ],
    schedule: scheduleOf(order, rent),
    clauses: clausesOf(order, rent),
  };
}
