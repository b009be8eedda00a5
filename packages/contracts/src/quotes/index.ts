import { defineEnum, enums } from '../enums';
import { fields } from '../resource/fields';
import { defineResource } from '../resource/resource';

/** Where a 产品报价 stands: its approval running, then approved (the price may be offered), or not. */
export const productQuoteStatus = defineEnum(
  '报价状态',
  [
    [1, '审批中'],
    [2, '已通过'],
    [3, '已驳回'],
    [4, '已撤回'],
  ],
  { status: true },
);
export const productQuoteStates = { inApproval: 1, approved: 2, rejected: 3, withdrawn: 4 } as const;

/** How far ahead a quote may stay valid. */
export const quoteValidityDays = 180;

/**
 * 产品报价: the terms offered to a B端 customer for a fleet — model, number of cars, term, monthly rent and
 * deposit per car — valid until a day. Started from 我发起的's 新增; saving it starts 产品报价审批, read and
 * decided on /productQuoteApproval/:id/:type. Amounts in fen; 合同总租金 = 月租金 × 台数 × 租期.
 */
export const productQuoteResource = defineResource({
  key: 'productQuote',
  title: '产品报价',
  page: 'initiated',
  operations: ['create'],
  endpoint: '/api/product-quotes',
  identity: 'quoteNo',
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    quoteNo: fields.text('报价单号', { form: false, max: 16 }),
    customerId: fields.ref('客户', 'customer', { required: true }),
    cityId: fields.ref('用车城市', 'city', { required: true }),
    modelId: fields.ref('车型', 'model', { required: true }),
    quantity: fields.integer('台数', { required: true, min: 1, max: 500 }),
    termMonths: fields.integer('租期（月）', { required: true, min: 1, max: 60 }),
    rent: fields.money('月租金', { required: true, positive: true, hint: '每台每月' }),
    deposit: fields.money('押金', { hint: '每台' }),
    maintenancePlan: fields.enumOf(enums.maintenancePlan, { required: true }),
    validUntil: fields.date('报价有效期至', {
      required: true,
      notBeforeToday: true,
      hint: `今天起${quoteValidityDays}天内`,
    }),
    totalRent: fields.money('合同总租金', { form: false }),
    explanation: fields.text('报价说明', { required: true, max: 500, hint: '如：客户规模、竞品价格、优惠理由' }),
    attachments: fields.files('附件', {
      max: 10,
      accept: ['pdf', 'png', 'jpg', 'jpeg', 'xlsx', 'docx'],
      maxSizeMb: 20,
    }),
    status: fields.enumOf(productQuoteStatus, { form: false }),
    createdBy: fields.ref('报价人', 'user', { form: false }),
    createdAt: fields.datetime('发起时间', { form: false }),
    decidedAt: fields.datetime('审批完成时间', { form: false }),
  },
});
