import { defineEnum } from '../enums';
import { fields } from '../resource/fields';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';

/** The approved event a version of an order's contract was made for. */
export const contractReason = defineEnum('合同生成原因', [
  [1, '订单审批通过'],
  [2, '修改订单类型'],
  [3, '延期'],
  [4, '续租'],
  [5, '换车'],
]);
export const contractReasons = { approved: 1, changeType: 2, delay: 3, renewal: 4, exchange: 5 } as const;

/** A version is recorded with the approval; its PDF is made by a job just after. */
export const contractFileStatus = defineEnum(
  '合同文件状态',
  [
    [1, '生成中'],
    [2, '已生成'],
    [3, '生成失败'],
  ],
  { status: true },
);
export const contractFileStates = { generating: 1, generated: 2, failed: 3 } as const;

/**
 * 合同: the versions of a lease order's contract, one per approved event (the order's approval, an approved
 * 订单变更 / 延期 / 续租 / 换车), each a PDF kept as a file and never replaced; read on the order's detail page.
 */
export const leaseContractResource = defineResource({
  key: 'leaseContract',
  title: '合同',
  page: 'leaseOrder',
  endpoint: '/api/lease-contracts',
  identity: 'contractNo',
  operations: [],
  defaultSort: { field: 'versionNo', order: 'desc' },
  fields: {
    orderId: fields.parentId('租赁订单'),
    contractNo: fields.text('合同编号', { form: false }),
    versionNo: fields.integer('版本', { form: false, sortable: true }),
    reason: fields.enumOf(contractReason, { form: false }),
    summary: fields.text('变更内容', { form: false }),
    status: fields.enumOf(contractFileStatus, { form: false }),
    file: fields.files('合同文件', { form: false, list: true, accept: ['pdf'], max: 1 }),
    failure: fields.text('失败原因', { form: false, list: false }),
    createdAt: fields.datetime('生成时间', { form: false }),
  },
});

export const leaseContractScreens = {
  contracts: defineScreen(leaseContractResource, {
    route: 'leaseOrder',
    embedded: { name: 'contracts', title: '合同' },
  }),
};
