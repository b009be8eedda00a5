import { z } from 'zod';
import { text } from '../values';

/**
 * A lookup: the rows a `ref` field points at, declared once. The server names referenced rows with it
 * (lists show `cityName` beside `cityId`), checks a saved id exists in the branch company, resolves the
 * names an import sheet gives, and answers the dropdown; the web's lookup field reads the same declaration.
 */
export interface LookupDef {
  key: string;
  title: string;
  /** The dropdown endpoint. */
  endpoint: string;
  /**
   * flat: a list of options; tree: the answer is a tree (`children`), and `level` picks the choosable
   * depth (1 = the roots), or its leaves when absent.
   */
  shape: 'flat' | 'tree';
  level?: number;
  /**
   * Searched on the server as the user types (`?search=`), for lookups too large to load whole (vehicles);
   * the others are loaded whole and kept. A searched lookup also answers `?ids=1,2` with those rows.
   */
  searchable: boolean;
  /** Filters the endpoint takes besides `search` and `ids` (`stage=3,7`). */
  filters?: readonly string[];
  /**
   * Ids that scope a search to what one row may choose (`handoverFor=12`: the cars order 12 may hand over).
   * A body field binds them to its action's row or to other form values (`lookupParams`, below); the server
   * says what each one means (`defineLookupScope`).
   */
  params?: readonly string[];
  /** What a searched lookup's field says before anything is typed. */
  placeholder?: string;
}

export function defineLookup(spec: Omit<LookupDef, 'shape' | 'searchable'> & Partial<LookupDef>): LookupDef {
  return { shape: 'flat', searchable: false, ...spec };
}

const catalog = '/api/lookups/vehicle-catalog';

/** Every lookup of the console, by key: the `lookup` a `ref` field names. */
export const lookups = {
  city: defineLookup({ key: 'city', title: '城市', endpoint: '/api/lookups/cities' }),
  company: defineLookup({ key: 'company', title: '公司', endpoint: '/api/lookups/companies' }),
  brand: defineLookup({ key: 'brand', title: '品牌', endpoint: catalog, shape: 'tree', level: 1 }),
  series: defineLookup({ key: 'series', title: '车系', endpoint: catalog, shape: 'tree', level: 2 }),
  model: defineLookup({ key: 'model', title: '车型', endpoint: catalog, shape: 'tree' }),
  vehicle: defineLookup({
    key: 'vehicle',
    title: '车辆',
    endpoint: '/api/lookups/vehicles',
    searchable: true,
    filters: ['stage'],
    /** handoverFor: the cars a lease order's 填写交车信息 may hand over; exchangeFor: those its 换车 may ask for. */
    params: ['handoverFor', 'exchangeFor'],
    placeholder: '输入车牌号或车架号搜索',
  }),
  prizeDraw: defineLookup({
    key: 'prizeDraw',
    title: '抽奖活动',
    endpoint: '/api/lookups/prize-draws',
    searchable: true,
    placeholder: '输入活动名称搜索',
  }),
  /** Drivers of either kind; a search offers only 正常 ones (a handover's driver), `ids` names any. */
  driver: defineLookup({
    key: 'driver',
    title: '司机',
    endpoint: '/api/lookups/drivers',
    searchable: true,
    placeholder: '输入姓名、手机号或身份证号搜索',
  }),
  /** 司机拉新 rows: a search offers those delivered (已交车) with no award yet, `ids` names any. */
  referral: defineLookup({
    key: 'referral',
    title: '拉新记录',
    endpoint: '/api/lookups/referrals',
    searchable: true,
    placeholder: '输入被邀请人姓名或手机号搜索',
  }),
  /** 零售订单: a search offers those a 零售工单 may be started for (待提交, 已驳回), `ids` names any. */
  retailOrder: defineLookup({
    key: 'retailOrder',
    title: '零售订单',
    endpoint: '/api/lookups/retail-orders',
    searchable: true,
    placeholder: '输入订单编号或购车人搜索',
  }),
  role: defineLookup({ key: 'role', title: '角色', endpoint: '/api/lookups/roles' }),
  user: defineLookup({ key: 'user', title: '用户', endpoint: '/api/lookups/tenant-users' }),
  customer: defineLookup({
    key: 'customer',
    title: '客户',
    endpoint: '/api/lookups/customers',
    searchable: true,
    placeholder: '输入客户名称、统一社会信用代码或手机号搜索',
  }),
  channel: defineLookup({ key: 'channel', title: '渠道', endpoint: '/api/lookups/channels' }),
  /** 通用标签: every tag names the rows it is on; only enabled ones are offered. */
  commonTag: defineLookup({ key: 'commonTag', title: '通用标签', endpoint: '/api/lookups/common-tags' }),
  /** 优惠券商品标签: every tag names the coupons it is on; only enabled ones are offered. */
  couponTag: defineLookup({ key: 'couponTag', title: '优惠券商品标签', endpoint: '/api/lookups/coupon-tags' }),
  /** 优惠券 (templates) by name: 券订单's filter and reference. */
  coupon: defineLookup({ key: 'coupon', title: '优惠券', endpoint: '/api/lookups/coupons' }),
  /** 券订单 by number, searched (资金流水's reference). */
  couponOrder: defineLookup({
    key: 'couponOrder',
    title: '券订单',
    endpoint: '/api/lookups/coupon-orders',
    searchable: true,
    placeholder: '输入券订单号搜索',
  }),
  feedbackTag: defineLookup({ key: 'feedbackTag', title: '反馈标签', endpoint: '/api/lookups/feedback-tags' }),
  /** 商品标签: every tag names the products it is on; only enabled ones are offered. */
  marketplaceTag: defineLookup({ key: 'marketplaceTag', title: '商品标签', endpoint: '/api/lookups/marketplace-tags' }),
  /** 商城商品: a search offers those on sale (a staff order's lines), `ids` names any. */
  marketplaceProduct: defineLookup({
    key: 'marketplaceProduct',
    title: '商城商品',
    endpoint: '/api/lookups/marketplace-products',
    searchable: true,
    placeholder: '输入商品名称搜索',
  }),
  /** 内容管理's contents, searched by title (互动记录's filter). */
  content: defineLookup({
    key: 'content',
    title: '内容',
    endpoint: '/api/lookups/contents',
    searchable: true,
    placeholder: '输入内容标题搜索',
  }),
  accountingUnit: defineLookup({ key: 'accountingUnit', title: '核算主体', endpoint: '/api/lookups/accounting-units' }),
  financialCode: defineLookup({ key: 'financialCode', title: '财务编码', endpoint: '/api/lookups/financial-codes' }),
  badDebtLevel: defineLookup({ key: 'badDebtLevel', title: '坏账等级', endpoint: '/api/lookups/bad-debt-levels' }),
  /** 租赁订单 searched by order number or the driver's name: a search offers those with receivables not yet billed (新增账单), `ids` names any. */
  leaseOrder: defineLookup({
    key: 'leaseOrder',
    title: '租赁订单',
    endpoint: '/api/lookups/lease-orders',
    searchable: true,
    placeholder: '输入订单编号或承租人姓名搜索',
  }),
  /** Open bad-debt accounts, searched by order number or customer (坏账回款); `ids` names any. */
  badDebtCase: defineLookup({
    key: 'badDebtCase',
    title: '坏账账户',
    endpoint: '/api/lookups/bad-debt-cases',
    searchable: true,
    placeholder: '输入订单编号或客户姓名搜索',
  }),
  /** A customer's receivables that still owe money (a payment's allocation), searched by order number. */
  openReceivable: defineLookup({
    key: 'openReceivable',
    title: '待收应收',
    endpoint: '/api/lookups/open-receivables',
    searchable: true,
    filters: ['driverId'],
    placeholder: '输入订单编号搜索',
  }),
  /** 政策列表's policies, every one (a claim names any); binding one to an order checks it applies. */
  policy: defineLookup({ key: 'policy', title: '政策', endpoint: '/api/lookups/policies' }),
  /** 租赁订单 a policy may be bound to (not 已取消 or 已完成), by order number or driver; `ids` names any. */
  policyOrder: defineLookup({
    key: 'policyOrder',
    title: '租赁订单',
    endpoint: '/api/lookups/policy-orders',
    searchable: true,
    placeholder: '输入订单编号或承租人姓名搜索',
  }),
  qrTemplate: defineLookup({ key: 'qrTemplate', title: '海报模板', endpoint: '/api/lookups/qr-templates' }),
  /** 联盟留资's partners: every partner names its leads; only those 合作中 are offered for a new report. */
  alliancePartner: defineLookup({
    key: 'alliancePartner',
    title: '合作方',
    endpoint: '/api/lookups/alliance-partners',
  }),
  /** 司机驿站: every station names the plans picking up there; only enabled ones are offered. */
  driveStation: defineLookup({ key: 'driveStation', title: '驿站', endpoint: '/api/lookups/drive-stations' }),
  /**
   * 租赁订单 that may fulfil a 上车计划 (`boardingFor=<plan id>`): the plan's driver's (or, for a lead, the driver
   * with its mobile's) orders linked to no other plan; `ids` names any.
   */
  boardingOrder: defineLookup({
    key: 'boardingOrder',
    title: '租赁订单',
    endpoint: '/api/lookups/boarding-orders',
    searchable: true,
    params: ['boardingFor'],
    placeholder: '输入订单编号搜索',
  }),
  competitorCompany: defineLookup({
    key: 'competitorCompany',
    title: '竞品公司',
    endpoint: '/api/lookups/competitor-companies',
  }),
  newEnergyShop: defineLookup({ key: 'newEnergyShop', title: '维保门店', endpoint: '/api/lookups/new-energy-shops' }),
  fuelShop: defineLookup({ key: 'fuelShop', title: '维保门店', endpoint: '/api/lookups/fuel-shops' }),
} as const satisfies Record<string, LookupDef>;

export type LookupKey = keyof typeof lookups;

export function lookupOf(key: string): LookupDef {
  const lookup = (lookups as Record<string, LookupDef>)[key];
  if (!lookup) throw new Error(`unknown lookup ${key}`);
  return lookup;
}

/** A dropdown option; ids travel as strings. */
export interface LookupOption {
  label: string;
  value: string;
  /** What tells one option from another beyond its name: a car's model, stage and mileage. */
  details?: string[];
  children?: LookupOption[];
}

export const lookupOption: z.ZodType<LookupOption> = z
  .object({
    label: text(),
    value: text(),
    details: z.array(text()).optional(),
    get children() {
      return z.array(lookupOption).optional();
    },
  })
  .meta({ id: 'LookupOption' });

/**
 * Where a body field's lookup parameter takes its value (`.meta({ lookup: 'vehicle', lookupParams: {
 * handoverFor: { row: 'id' } } })`): a field of the row the action is taken on, or another value of the form.
 */
export type LookupBinding = { row: string } | { value: string };
export type LookupBindings = Readonly<Record<string, LookupBinding>>;

/**
 * The parameters a field's bindings give for this row and these form values, or null while one of them has no
 * value yet (the picker waits for it rather than offering rows the server would refuse).
 */
export function boundLookupParams(
  bindings: LookupBindings,
  row: Readonly<Record<string, unknown>> | undefined,
  values: Readonly<Record<string, unknown>>,
): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (const [param, binding] of Object.entries(bindings)) {
    const value = 'row' in binding ? row?.[binding.row] : values[binding.value];
    if (value === undefined || value === null || value === '') return null;
    params[param] = String(value);
  }
  return params;
}
