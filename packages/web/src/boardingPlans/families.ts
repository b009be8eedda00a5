import { boardingPlanResource, boardingPlanScreens } from '@cp/contracts';
import { defineFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';

/** 上车计划: one list with its status tabs; the form and the detail open in drawers. */
const boardingPlanFamily = defineFamily({
  resource: boardingPlanResource,
  screens: boardingPlanScreens,
  groups: [
    { title: '司机', fields: ['customerName', 'mobile', 'driverId', 'salespersonId'] },
    {
      title: '计划',
      fields: ['plannedDate', 'cityId', 'stationId', 'modelId', 'rentalMode', 'vehicleId', 'deposit', 'remark'],
    },
    { title: '执行', fields: ['status', 'reason', 'leaseOrderId', 'boardedAt', 'createdAt'] },
  ],
  // The reserved car and the order that fulfilled the plan open their pages.
  refLinks: () => ({ vehicleId: 'vehicleDetail', leaseOrderId: 'leaseOrderDetails' }),
});

export const { families, keys, page, prefetch } = familyModule([boardingPlanFamily]);
