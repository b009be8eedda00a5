import { driverApplicationResource, driverApplicationScreens } from '@cp/contracts';
import { businessNow } from '../clock';
import { defineServerResource } from '../resource/family';
import { insertPrepared, prepareValues } from '../resource/write';
import { leaseOrderFamily } from './family';
import { driverApplications } from './tables';

/**
 * 司机申请: 转为订单 places a lease order (待审批) for the driver, model and city asked for, with the terms the
 * reviewer gives — through the order family's own checks (the schedule its terms give, the order number) —
 * in the same transaction; 拒绝 keeps the reason.
 */
export const driverApplicationFamily = defineServerResource({
  resource: driverApplicationResource,
  table: driverApplications,
  screens: Object.values(driverApplicationScreens),
  expose: ['orderId'],
  actions: {
    accept: {
      async run(ctx, application, body) {
        const values = await prepareValues(leaseOrderFamily, ctx, {
          driverId: Number(application.driverId),
          cityId: Number(application.cityId),
          modelId: Number(application.modelId),
          rentalMode: Number(application.rentalMode),
          orderType: 0,
          rentReceipt: 0,
          rentTiming: 1,
          maintenancePlan: 0,
          rentSettlement: 0,
          startDate: body.startDate,
          termMonths: body.termMonths,
          rent: body.rent,
          deposit: body.deposit ?? 0,
          contractFiles: [],
          remark: `司机申请 ${String(application.applicationNo)} 转入`,
        });
        const orderId = await insertPrepared(leaseOrderFamily, ctx, values);
        return { orderId: String(orderId), orderNo: values.orderNo };
      },
      patch: (_body, _application, _ctx, result) => {
        const order = result as { orderId: string; orderNo: string };
        return { orderId: Number(order.orderId), orderNo: order.orderNo, reviewedAt: businessNow() };
      },
    },
    refuse: { patch: (body) => ({ refuseReason: body.reason, reviewedAt: businessNow() }) },
  },
});
