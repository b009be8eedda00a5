import { z } from 'zod';
import { bankCardProblem } from '../drivers/identifiers';
import { defineEnum } from '../enums';
import { fields } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { isMaskedValue } from '../resource/sensitive';
import { calendarDate, text } from '../values';

/**
 * A 押金退款: what a settlement owes the driver back (the deposit beyond what they owed), in its approval
 * (押金退款审批, 会签), approved and waiting to be paid, paid, or turned down (sent again with a note).
 */
export const depositRefundStatus = defineEnum(
  '退款状态',
  [
    [1, '审批中'],
    [2, '待打款'],
    [3, '已退款'],
    [4, '已驳回'],
  ],
  { status: true },
);
export const depositRefundStates = { inApproval: 1, approved: 2, paid: 3, rejected: 4 } as const;

const bankAccount = text()
  .trim()
  .min(1, '不能为空')
  .max(30)
  .superRefine((value, ctx) => {
    // The payee's card on file, prefilled masked and sent back unchanged: the server pays to the stored one.
    const problem = isMaskedValue('bankCard', value) ? null : bankCardProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** 确认打款: where the money went and the bank's reference, as the transfer slip says. */
export const payRefundBody = z.strictObject({
  payeeName: text().trim().min(1, '不能为空').max(30).meta({ title: '收款人' }),
  bankName: text().trim().min(1, '不能为空').max(50).meta({ title: '开户银行' }),
  bankAccount: bankAccount.meta({ title: '收款账号' }),
  paidOn: calendarDate().meta({ title: '打款日期' }),
  paymentReference: text().trim().min(1, '不能为空').max(50).meta({ title: '银行流水号' }),
});

/** 重新提交 of a turned-down refund: what was changed or explained. */
export const resubmitRefundBody = z.strictObject({
  remark: text().trim().min(1, '不能为空').max(200).meta({ title: '说明' }),
});

const { inApproval, approved, paid, rejected } = depositRefundStates;

export const depositRefundLifecycle = defineLifecycle({
  field: 'status',
  states: depositRefundStatus,
  removable: [],
  editable: [],
  transitions: [
    {
      action: 'pay',
      title: '确认打款',
      from: [approved],
      to: paid,
      button: 'accountingSheet:refundPay',
      body: payRefundBody,
      prefill: ['payeeName', 'bankName', 'bankAccount'],
    },
    {
      action: 'resubmit',
      title: '重新提交',
      from: [rejected],
      to: inApproval,
      button: 'accountingSheet:refundResubmit',
      body: resubmitRefundBody,
    },
  ],
});

/**
 * 押金退款: written when a 核算单 owing the driver is approved, and sent to 押金退款审批 (退款审批) at once;
 * the driver's bank card on file is the payee until 确认打款 says where the money went.
 */
export const depositRefundResource = defineResource({
  key: 'depositRefund',
  title: '押金退款',
  page: 'accountingSheet',
  endpoint: '/api/deposit-refunds',
  identity: 'refundNo',
  lifecycle: depositRefundLifecycle,
  operations: ['export'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    refundNo: fields.text('退款单号', { form: false }),
    settlementId: fields.parentId('核算单'),
    settlementNo: fields.text('核算单号', { form: false }),
    orderNo: fields.text('订单编号', { form: false, max: 18 }),
    driverId: fields.ref('司机', 'driver', { form: false }),
    amount: fields.money('退款金额', { form: false }),
    payeeName: fields.text('收款人', { form: false }),
    bankName: fields.text('开户银行', { form: false, list: false }),
    bankAccount: fields.text('收款账号', { form: false, sensitive: 'bankCard' }),
    status: fields.enumOf(depositRefundStatus, { form: false }),
    paidOn: fields.date('打款日期', { form: false }),
    paymentReference: fields.text('银行流水号', { form: false, list: false }),
    remark: fields.text('说明', { form: false, list: false }),
    createdAt: fields.datetime('发起时间', { form: false }),
  },
});

export const depositRefundScreens = {
  refunds: defineScreen(depositRefundResource, {
    route: 'accountingSheet',
    embedded: { name: 'refunds', title: '押金退款' },
    actions: ['pay', 'resubmit'],
  }),
};
