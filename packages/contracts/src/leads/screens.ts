import { importBatchResources } from '../resource/importBatches';
import { defineScreen } from '../resource/screen';
import { leadStatus } from './enums';
import { leadEventResource, leadFollowUpResource, leadResource } from './resource';
import { invalidRuleResource } from './rules';

const { unallocated, allocated, followingUp, activated, invalid } = leadStatus;

export const leadScreens = {
  threadDeatails: defineScreen(leadResource, {
    route: 'threadDeatails',
    filters: [
      'contactName',
      'mobile',
      'cityId',
      'channelId',
      'business',
      'customerKind',
      'salespersonId',
      'source',
      'intentionLevel',
      'nextFollowUpDate',
      'createdAt',
    ],
    key: ['mobile', 'status', 'salespersonId'],
    tabs: {
      field: 'status',
      all: true,
      items: [
        { values: [unallocated] },
        { values: [allocated] },
        { values: [followingUp] },
        { values: [activated] },
        { values: [invalid] },
      ],
    },
    actions: ['allocate', 'activate', 'invalidate'],
  }),
};

export const leadFollowUpScreens = {
  threadDeatailsFollowUp: defineScreen(leadFollowUpResource, {
    route: 'threadDeatailsFollowUp',
    key: ['followedAt', 'way', 'answered'],
  }),
};

export const leadEventScreens = {
  threadDetailsLog: defineScreen(leadEventResource, { route: 'threadDetailsLog', key: ['kind', 'summary', 'at'] }),
};

export const invalidRuleScreens = {
  invalidThreadCofig: defineScreen(invalidRuleResource, { route: 'invalidThreadCofig', key: ['kind', 'enabled'] }),
};

/** 上传日志: the batches of leads uploaded; 上传日志详情 (`?batchId=`): what became of each row of one. */
export const leadImports = importBatchResources({
  of: 'lead',
  page: 'upLoadLog',
  endpoint: '/api/lead-imports',
  title: '上传日志',
});

export const leadImportScreens = {
  batches: defineScreen(leadImports.batches, { route: 'upLoadLog' }),
  rows: defineScreen(leadImports.rows, { route: 'uploadLogDetail', key: ['rowNumber', 'outcome'] }),
};
