import { defineEnum, enabledStatus } from '../enums';
import { fields } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';

/** Where leads come from. */
export const channelType = defineEnum('渠道类型', [
  [1, '二维码'],
  [2, 'APP注册'],
  [3, '司机推荐'],
  [4, '地推'],
  [5, '线上投放'],
  [6, '合作伙伴'],
  [7, '批量导入'],
  [8, '电话咨询'],
  [9, '门店到访'],
]);

export const channelStatus = enabledStatus;

/** SPEC §4 channel status update: a stopped channel keeps its leads and takes no new ones. */
export const channelLifecycle = defineLifecycle({
  field: 'status',
  states: channelStatus,
  transitions: [
    {
      action: 'enable',
      from: [0],
      to: 1,
      button: 'channelManagement:enable',
      confirm: '启用后该渠道可以重新接收新线索。',
    },
    {
      action: 'disable',
      from: [1],
      to: 0,
      button: 'channelManagement:disable',
      confirm: '停用后该渠道将不再接收新线索（二维码、注册、导入均不再计入），已有线索不受影响。',
    },
  ],
});

/** 渠道管理: the channels leads come from, each with the staff member answering for it. */
export const channelResource = defineResource({
  key: 'channel',
  title: '渠道',
  page: 'channelManagement',
  endpoint: '/api/channels',
  identity: 'name',
  lifecycle: channelLifecycle,
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    name: fields.text('渠道名称', { required: true, max: 30, filter: 'like', sortable: true, unique: true }),
    type: fields.enumOf(channelType, { required: true, filter: 'eq' }),
    ownerId: fields.ref('负责人', 'user', { required: true, filter: 'eq' }),
    status: fields.enumOf(channelStatus, { form: false, filter: 'eq' }),
    cost: fields.money('投放成本', { list: false, hint: '该渠道的投放费用合计，单位：分' }),
    remark: fields.text('备注', { max: 200, list: false }),
    createdAt: fields.datetime('创建时间', { form: false, sortable: true }),
  },
});

export const channelScreens = {
  channelManagement: defineScreen(channelResource, {
    route: 'channelManagement',
    key: ['type', 'status'],
    actions: ['enable', 'disable'],
  }),
};
