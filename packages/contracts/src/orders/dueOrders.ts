import { defineEnum } from '../enums';
import { fields } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import {
  continueOrderBody,
  endLeaseBody,
  extendTenancyStatus,
  leaseOrderStates,
  leaseOrderStatus,
} from './leaseOrders';

/** How soon an order with its car ends, as of today (Beijing): what 到期订单's tabs choose by. */
export const dueBucket = defineEnum('到期情况', [
  [1, '已到期未退车'],
  [2, '7天内到期'],
  [3, '8–30天到期'],
  [4, '31–60天到期'],
  [5, '60天后到期'],
]);

const { performing } = leaseOrderStates;

/** 续租 and 到期退车 of an order ending soon, guarded by 到期订单's own buttons. */
export const dueOrderLifecycle = defineLifecycle({
  field: 'status',
  states: leaseOrderStatus,
  removable: [],
  transitions: [
    {
      action: 'continue',
      title: '续租',
      from: [performing],
      to: null,
      button: 'orderDueList:continue',
      body: continueOrderBody,
    },
    {
      action: 'endLease',
      title: '到期退车',
      from: [performing],
      to: null,
      button: 'orderDueList:endLease',
      body: endLeaseBody,
    },
  ],
});

/** 到期订单: the orders in performance whose car is with the driver, soonest end first. */
export const dueOrderResource = defineResource({
  key: 'dueOrder',
  title: '到期订单',
  page: 'orderDueList',
  endpoint: '/api/due-orders',
  identity: 'orderNo',
  lifecycle: dueOrderLifecycle,
  defaultSort: { field: 'endDate', order: 'asc' },
  fields: {
    orderNo: fields.text('订单编号', { form: false, filter: 'like', max: 18 }),
    driverId: fields.ref('承租司机', 'driver', { form: false, filter: 'eq' }),
    cityId: fields.ref('城市', 'city', { form: false, filter: 'eq' }),
    vehicleId: fields.ref('车辆', 'vehicle', { form: false, filter: 'eq' }),
    endDate: fields.date('到期日期', { form: false, sortable: true, filter: 'range' }),
    dueBucket: fields.enumOf(dueBucket, { form: false, filter: 'eq' }),
    rent: fields.money('月租金', { form: false }),
    startDate: fields.date('起租日期', { form: false, sortable: true }),
    termMonths: fields.integer('租期（月）', { form: false }),
    extendTenancy: fields.enumOf(extendTenancyStatus, { form: false, filter: 'eq' }),
    status: fields.enumOf(leaseOrderStatus, { form: false, list: false }),
  },
});

export const dueOrderScreens = {
  orderDueList: defineScreen(dueOrderResource, {
    route: 'orderDueList',
    key: ['driverId', 'vehicleId', 'endDate', 'dueBucket'],
    filters: ['orderNo', 'driverId', 'cityId', 'vehicleId', 'endDate', 'extendTenancy'],
    tabs: {
      field: 'dueBucket',
      items: [
        { key: 'within30', title: '30天内到期', values: [1, 2, 3] },
        { key: 'within7', title: '7天内到期', values: [1, 2] },
        { key: 'within60', title: '60天内到期', values: [1, 2, 3, 4] },
        { key: 'overdue', title: '已到期未退车', values: [1] },
        { key: 'later', title: '60天后到期', values: [5] },
      ],
    },
    actions: ['continue', 'endLease'],
  }),
};
