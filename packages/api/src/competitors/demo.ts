import { monthlyRentOf } from '@cp/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db';
import { cities } from '../lookups/tables';
import { type Branch, seedEachBranch } from '../seed/branches';
import {
  competitorBusinesses,
  competitorCars,
  competitorCompanies,
  competitorPlatforms,
  competitorWarnings,
} from './tables';

/** The branch's cities by id, with the short names demo rows are named after (北京市 → 北京). */
export async function branchCities(branch: Branch) {
  const rows = await branch.tx
    .select({ id: cities.id, name: cities.name })
    .from(cities)
    .where(inArray(cities.id, [...branch.cityIds]));
  return rows.map((city) => ({ ...city, short: city.name.replace(/市$/, '') }));
}

const companiesOf = (branch: Branch) =>
  branch.tx
    .select({ id: competitorCompanies.id, name: competitorCompanies.name, cityId: competitorCompanies.cityId })
    .from(competitorCompanies)
    .where(eq(competitorCompanies.tenantId, branch.tenantId));

const companyKinds = [
  {
    suffix: '畅行汽车租赁有限公司',
    fleet: 1_200,
    platforms: '滴滴、T3出行',
    source: '门店走访，销售经理口述并提供报价单',
  },
  {
    suffix: '易达网约车服务有限公司',
    fleet: 450,
    platforms: '曹操出行、高德聚合',
    source: '司机招募公众号文章及电话咨询',
  },
];

const businessPlans = [
  { name: '纯租月付12期', businessMode: 1, termMonths: 12, deposit: 300_000, downPayment: null, mileageLimit: 6_000 },
  { name: '以租代购48期', businessMode: 2, termMonths: 48, deposit: 0, downPayment: 1_000_000, mileageLimit: null },
] as const;

/** Offers as quoted: rent in fen and its period (1 日, 2 周, 3 月), energy type (1 纯电, 3 油混). */
const carOffers = [
  {
    model: '比亚迪秦PLUS EV 2023款',
    energyType: 1,
    businessMode: 1,
    rentAmount: 420_000,
    rentPeriod: 3,
    deposit: 300_000,
  },
  { model: '广汽埃安S 魅580', energyType: 1, businessMode: 1, rentAmount: 15_000, rentPeriod: 1, deposit: 200_000 },
  { model: '丰田卡罗拉双擎 2022款', energyType: 3, businessMode: 2, rentAmount: 108_000, rentPeriod: 2, deposit: 0 },
] as const;

/** Public notices (上海 and 苏州 as published in 2023), and the risk notes other cities put out. */
interface Notice {
  title: string;
  type: number;
  issuer: string;
  /** The day it was published; a risk note of the demo's own is dated weeks ago. */
  on?: string;
  summary: string;
  url: string;
}

const noticesByCity: Record<string, Notice[]> = {
  上海: [
    {
      title: '关于暂停受理网约车运输证新增申请的通告',
      type: 2,
      issuer: '上海市交通委员会',
      on: '2023-09-20',
      summary: '运力已趋饱和，自即日起暂停受理网络预约出租汽车运输证新增申请，已受理的按原规定办理。',
      url: 'https://jtw.sh.gov.cn/',
    },
  ],
  苏州: [
    {
      title: '2023年上半年网约车市场运行风险提示',
      type: 1,
      issuer: '苏州市交通运输局',
      on: '2023-08-10',
      summary:
        '全市取得许可的网约车平台69家，在线运营47家；许可车辆在线运营率53.6%，车日均单量14.08单，提醒从业者审慎入行。',
      url: 'https://jtj.suzhou.gov.cn/',
    },
  ],
};

const riskNote = (short: string): Notice => ({
  title: `${short}网约车市场运行情况及风险提示`,
  type: 1,
  issuer: `${short}市交通运输局`,
  summary: `本季度${short}网约车车均日单量环比下降，部分区域运力过剩，提醒驾驶员谨慎购车、租车入行，核实合同条款。`,
  url: 'https://www.mot.gov.cn/',
});

/** Platforms as their 2025 announcements put them: DiDi and T3 capped at 27%, Caocao 22.5%, Amap's fee 9%. */
const platforms = [
  {
    name: '滴滴出行',
    mode: 1,
    commissionCap: 2_700,
    observedRate: 2_380,
    complianceRate: 9_420,
    partnerCount: null,
    partnerCap: null,
  },
  {
    name: 'T3出行',
    mode: 1,
    commissionCap: 2_700,
    observedRate: 2_210,
    complianceRate: 9_870,
    partnerCount: null,
    partnerCap: null,
  },
  {
    name: '曹操出行',
    mode: 1,
    commissionCap: 2_250,
    observedRate: 2_050,
    complianceRate: 9_650,
    partnerCount: null,
    partnerCap: null,
  },
  {
    name: '高德打车',
    mode: 2,
    commissionCap: 900,
    observedRate: 880,
    complianceRate: 7_930,
    partnerCount: 80,
    partnerCap: 2_700,
  },
] as const;

/** 网约车竞品's demo: two competitors per city with their schemes and car offers, the cities' notices, the platforms. */
export async function seedCompetitors(db: Db) {
  await seedEachBranch(db, competitorCompanies, async (branch) =>
    (await branchCities(branch)).flatMap((city, c) =>
      companyKinds.map((kind, k) => ({
        name: `${city.short}${kind.suffix}`,
        cityId: city.id,
        fleetSize: kind.fleet + c * 150,
        platforms: kind.platforms,
        address: `${city.name}${['经济技术开发区', '高新区'][k]}汽车服务园${8 + c}号`,
        surveyDate: branch.day(30 + c * 7 + k * 3),
        source: kind.source,
        createdAt: branch.ago(28 + c * 7 + k * 3),
      })),
    ),
  );
  await seedEachBranch(db, competitorBusinesses, async (branch) =>
    (await companiesOf(branch)).flatMap((company, n) =>
      businessPlans.map((plan, p) => ({
        ...plan,
        companyId: company.id,
        cityId: company.cityId,
        taxBasis: p === 0 ? 1 : 0,
        rentFreeDays: p === 0 ? 7 : null,
        cashBack: p === 1 ? 200_000 : null,
        incentives: p === 1 ? '满48期车辆过户给司机，期间保险由公司统一购买' : '押金退车后30日内无息退还',
        surveyDate: branch.day(20 + n),
        source: '门店报价单拍照存档',
        createdAt: branch.ago(18 + n),
      })),
    ),
  );
  await seedEachBranch(db, competitorCars, async (branch) =>
    (await companiesOf(branch)).flatMap((company, n) =>
      carOffers.map((offer, o) => {
        // The same model costs a little more at the second company of a city, and in Shanghai.
        const rentAmount = Math.round(offer.rentAmount * (1 + (n % 2) * 0.05 + branch.index * 0.04));
        return {
          ...offer,
          rentAmount,
          monthlyRent: monthlyRentOf(rentAmount, offer.rentPeriod),
          companyId: company.id,
          cityId: company.cityId,
          taxBasis: o === 2 ? 0 : 1,
          termMonths: offer.businessMode === 2 ? 36 : 6,
          mileageLimit: offer.businessMode === 1 ? 6_000 : null,
          surveyDate: branch.day(10 + n + o),
          source: o === 1 ? '司机群内招募海报' : '电话咨询并取得书面报价',
          createdAt: branch.ago(8 + n + o),
        };
      }),
    ),
  );
  await seedEachBranch(db, competitorWarnings, async (branch) =>
    (await branchCities(branch)).flatMap((city, c) =>
      [...(noticesByCity[city.short] ?? []), riskNote(city.short)].map((notice, n) => {
        const issuedOn = notice.on ?? branch.day(45 + c * 10);
        return {
          title: notice.title,
          cityId: city.id,
          warningType: notice.type,
          issuer: notice.issuer,
          issuedOn,
          effectiveOn: issuedOn,
          summary: notice.summary,
          sourceUrl: notice.url,
          createdAt: branch.ago(40 + c * 10 - n),
        };
      }),
    ),
  );
  await seedEachBranch(db, competitorPlatforms, (branch) =>
    platforms.map((platform, n) => ({
      ...platform,
      cities: platform.mode === 2 ? '全国350余城（聚合80余家合作平台）' : '全国300余城',
      incentives: [
        '高峰时段冲单奖，每日完成20单奖励50元',
        '新司机首月抽成减免5%',
        '连续在线8小时保底收入',
        '合作平台各自设置',
      ][n],
      entryRules: platform.mode === 2 ? '由合作平台审核驾驶员证与运输证' : '双证齐全，驾龄3年以上，无重大违法记录',
      surveyDate: branch.day(15 + n),
      source: '2025年8月平台公告及交通运输部网约车监管信息交互系统月度通报',
      createdAt: branch.ago(14 + n),
    })),
  );
}
