import { pointsAccountResource, pointsEntryResource, pointsScreens, pointsTaskResource } from '@cp/contracts';
import { defineFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';
import type { ResourceRecord } from '../resource/types';

/** A driver's name opens the page of their kind (the row's `driverKind`: 2 出租车). */
const driverLinks = () => ({
  driverId: (row: ResourceRecord) => (Number(row.driverKind) === 2 ? 'taxiDriverDetails' : 'ridehailingDriversDetails'),
});

/** 积分任务: the fixed catalogue, edited in the drawer and switched on or off; never added or deleted. */
const taskFamily = defineFamily({
  resource: pointsTaskResource,
  screens: { integral: pointsScreens.integral },
  groups: [
    { title: '任务', fields: ['name', 'code', 'status', 'description'] },
    { title: '积分规则', fields: ['points', 'dailyCap', 'totalCap', 'validityMonths', 'freezeDays'] },
    { title: '任务时间', fields: ['startsOn', 'endsOn'] },
    { title: '统计', fields: ['completions', 'issued', 'updatedAt'] },
  ],
});

/** 积分总览: a driver per row with the sums of the ledger; 详情 opens the driver's 积分明细, 调整积分 asks why. */
const accountFamily = defineFamily({
  resource: pointsAccountResource,
  screens: { integralAll: pointsScreens.integralAll },
  routes: { detail: 'integralAllDetails', detailBy: 'driverId' },
  refreshes: ['pointsEntry'],
  refLinks: driverLinks,
});

/** 积分明细 (`?driverId=`): the ledger, every row with the balance after it. */
const entryFamily = defineFamily({
  resource: pointsEntryResource,
  screens: { integralAllDetails: pointsScreens.integralAllDetails },
  refLinks: driverLinks,
});

export const { families, keys, page, prefetch } = familyModule([taskFamily, accountFamily, entryFamily]);
