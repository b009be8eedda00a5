import {
  safetyContentReportResource,
  safetyContentResource,
  safetyContentScreens,
  safetyProgressResource,
} from '@cp/contracts';
import { routesByKey } from '@cp/contracts/routes';
import { Link } from 'react-router';
import { useAccess } from '../auth/access';
import { defineFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';
import { pageLink } from '../resource/routes';
import type { ResourceRecord } from '../resource/types';

const statisticsRoute = routesByKey.get('couponSecurityStatis');

/** The way from an item to its figures. */
function StatisticsLink({ record }: { record: ResourceRecord }) {
  const { canOpen } = useAccess();
  if (!statisticsRoute || !canOpen(statisticsRoute)) return null;
  return <Link to={pageLink('couponSecurityStatis', String(record.id))}>安全内容统计</Link>;
}

const driverPage = (record: ResourceRecord) =>
  Number(record.driverKind) === 2 ? 'taxiDriverDetails' : 'ridehailingDriversDetails';

/** 学习明细: each driver the item reached, with the watched time the server credited and where they stopped. */
const progressFamily = defineFamily({
  resource: safetyProgressResource,
  screens: { safetyContentProgress: safetyContentScreens.progress },
  refLinks: () => ({ driverId: driverPage }),
});

/** 安全内容管理 with 新增 / 编辑 / 详情 pages; 上架 and 下架 on the list. */
const contentFamily = defineFamily({
  resource: safetyContentResource,
  screens: { couponSecurityManage: safetyContentScreens.couponSecurityManage },
  routes: { add: 'couponSecurityAdd', edit: 'couponSecurityUpdate', detail: 'couponSecurityDetail' },
  groups: [
    { title: '内容', fields: ['title', 'kind', 'cover', 'media', 'durationSeconds', 'requiredRatio', 'summary'] },
    { title: '推送', fields: ['audience', 'cityIds', 'driverIds', 'mandatory', 'startDate', 'endDate'] },
    { title: '状态', fields: ['status', 'targeted', 'completed', 'createdAt'] },
  ],
  subtitle: (record) => <StatisticsLink record={record} />,
});

/** 安全内容统计 (/couponSecurityStatis/:id): the item's figures, then each driver's progress. */
const reportFamily = defineFamily({
  resource: safetyContentReportResource,
  screens: {},
  routes: { detail: 'couponSecurityStatis' },
  unlisted: true,
  groups: [
    {
      title: '内容',
      fields: ['title', 'kind', 'status', 'mandatory', 'startDate', 'endDate', 'durationSeconds', 'requiredRatio'],
    },
    { title: '学习统计', fields: ['targeted', 'reached', 'viewed', 'completed', 'completionRate', 'watchedSeconds'] },
  ],
  related: () => [{ family: progressFamily, screen: 'safetyContentProgress', via: 'contentId' }],
});

export const { families, keys, page, prefetch } = familyModule([contentFamily, reportFamily, progressFamily]);
