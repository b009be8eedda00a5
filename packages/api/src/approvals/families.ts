import {
  approvalBusinessTypes,
  approvalInstanceResource,
  approvalInstanceScreens,
  approvalTaskResource,
  approvalTaskScreens,
  guojinTaskResource,
  offlinePaymentResource,
  offlinePaymentScreens,
  offlinePaymentStates,
  offlineTaskResource,
  partnerTaskScreens,
  type Resource,
  refundTaskResource,
  type Screen,
  starSeaTaskResource,
  taskSlices,
  yuanText,
} from '@cp/contracts';
import { eq, type SQL } from 'drizzle-orm';
import { businessNow } from '../clock';
import { defineServerResource, type Row, type WriteContext } from '../resource/family';
import { approvalBusiness } from './business';
import {
  approveTask,
  lockInstanceOfTask,
  rejectTask,
  sendBackTask,
  taskRefusal,
  transferTask,
  withdrawInstance,
} from './decisions';
import { startApproval } from './engine';
import { stateFollowsApproval } from './outcomes';
import { withBusinessSummaries } from './summary';
import { approvalInstances, approvalTasks, offlinePayments } from './tables';

/** An engine step as an action's run: it answers nothing of its own. */
const runs =
  (step: (ctx: WriteContext, row: Row, body: Row) => Promise<void>) =>
  async (ctx: WriteContext, row: Row, body: Row) => {
    await step(ctx, row, body);
    return null;
  };

/** Every decision sets when and what the approver said, beside the engine's moving the instance on. */
const decided = (body: Row) => ({ handledAt: businessNow(), comment: body.comment || null });

/** The tasks of one to-do page (`only`: its slice of them): the engine decides, the kit guards and audits. */
function taskFamily(resource: Resource, screens: readonly Screen[], only?: SQL) {
  return defineServerResource({
    resource,
    table: approvalTasks,
    screens,
    ...(only ? { only } : {}),
    expose: ['instanceId', 'businessId'],
    pageExtras: withBusinessSummaries,
    lockFirst: lockInstanceOfTask,
    refuse: taskRefusal,
    actions: {
      approve: { run: runs(approveTask), patch: decided },
      reject: { run: runs(rejectTask), patch: decided },
      transfer: { run: runs(transferTask), patch: decided },
      sendBack: { run: runs(sendBackTask), patch: decided },
    },
  });
}

const screensOf = (resource: Resource) =>
  [...Object.values(approvalTaskScreens), ...Object.values(partnerTaskScreens)].filter(
    (screen) => screen.resource === resource,
  );

const approvalTaskFamily = taskFamily(approvalTaskResource, screensOf(approvalTaskResource));
const starSeaTaskFamily = taskFamily(
  starSeaTaskResource,
  screensOf(starSeaTaskResource),
  eq(approvalTasks.line, taskSlices.starSeaTask.line),
);
const guojinTaskFamily = taskFamily(
  guojinTaskResource,
  screensOf(guojinTaskResource),
  eq(approvalTasks.line, taskSlices.guojinTask.line),
);
const refundTaskFamily = taskFamily(
  refundTaskResource,
  screensOf(refundTaskResource),
  eq(approvalTasks.businessType, taskSlices.refundTask.businessType),
);
const offlineTaskFamily = taskFamily(
  offlineTaskResource,
  screensOf(offlineTaskResource),
  eq(approvalTasks.businessType, taskSlices.offlineTask.businessType),
);

/** 我发起的: only the initiator withdraws, while the approval runs. */
const approvalInstanceFamily = defineServerResource({
  resource: approvalInstanceResource,
  table: approvalInstances,
  screens: Object.values(approvalInstanceScreens),
  expose: ['businessId'],
  pageExtras: withBusinessSummaries,
  refuse: (ctx, row) => (Number(row.initiatorId) === ctx.auth.userId ? undefined : '只有发起人可以撤回'),
  actions: {
    withdraw: {
      run: runs(withdrawInstance),
      patch: () => ({ endedAt: businessNow() }),
    },
  },
});

/** The to-do lists' summary of a 线下收款: `线下收款 张三 1,234.56元`. */
export const offlinePaymentTitle = (payerName: string, fen: number) => `线下收款 ${payerName} ${yuanText(fen)}元`;

/**
 * 线下发起: a payment received offline, with its voucher (required); saving it starts its approval (线下收款's
 * process), whose outcome confirms it (已确认) or not (已驳回, 已撤回).
 */
const offlinePaymentFamily = defineServerResource({
  resource: offlinePaymentResource,
  table: offlinePayments,
  screens: Object.values(offlinePaymentScreens),
  async onChange(ctx: WriteContext, before, after) {
    if (before || !after) return;
    await startApproval(ctx, {
      businessType: approvalBusinessTypes.offlinePayment,
      businessId: Number(after.id),
      title: offlinePaymentTitle(String(after.payerName), Number(after.amount)),
    });
  },
});

approvalBusiness(approvalBusinessTypes.offlinePayment, offlinePaymentFamily);

stateFollowsApproval(approvalBusinessTypes.offlinePayment, offlinePayments, offlinePaymentStates.pending, {
  approved: offlinePaymentStates.confirmed,
  rejected: offlinePaymentStates.rejected,
  withdrawn: offlinePaymentStates.withdrawn,
});

export const approvalFamilies = [
  approvalTaskFamily,
  starSeaTaskFamily,
  guojinTaskFamily,
  refundTaskFamily,
  offlineTaskFamily,
  approvalInstanceFamily,
  offlinePaymentFamily,
];
