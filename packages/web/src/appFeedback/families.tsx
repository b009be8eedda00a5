import {
  appFeedbackReplyResource,
  appFeedbackResource,
  appFeedbackScreens,
  feedbackTagResource,
  feedbackTagScreens,
} from '@cp/contracts';
import { defineFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';
import type { ResourceRecord } from '../resource/types';
import { FeedbackStatistics } from './FeedbackStatistics';

const driverPage = (record: ResourceRecord) =>
  Number(record.driverKind) === 2 ? 'taxiDriverDetails' : 'ridehailingDriversDetails';

const replyFamily = defineFamily({
  resource: appFeedbackReplyResource,
  screens: { appFeedbackReplies: appFeedbackScreens.replies },
});

/** 意见反馈 with 新增反馈 and its detail: the driver's words and screenshots, the handling, the replies. */
const feedbackFamily = defineFamily({
  resource: appFeedbackResource,
  screens: { feedBack: appFeedbackScreens.feedBack },
  routes: { add: 'feedBackAdd' },
  groups: [
    {
      title: '反馈内容',
      fields: ['driverId', 'source', 'kind', 'menu', 'level', 'faultType', 'pageUrl', 'problem', 'pics'],
    },
    {
      title: '处理',
      fields: [
        'feedbackNo',
        'status',
        'tagIds',
        'assigneeId',
        'assignedAt',
        'handledAt',
        'handlingHours',
        'handlingBucket',
        'replyCount',
        'closeReason',
        'createdAt',
      ],
    },
  ],
  controls: { feedBack: [{ button: 'feedBack:handle', place: 'toolbar', render: FeedbackStatistics }] },
  refLinks: () => ({ driverId: driverPage }),
  related: () => [{ family: replyFamily, screen: 'appFeedbackReplies', via: 'feedbackId' }],
});

/** 反馈标签: the kit's list, drawer form, delete (only when unused) and export. */
const tagFamily = defineFamily({ resource: feedbackTagResource, screens: feedbackTagScreens });

export const { families, keys, page, prefetch } = familyModule([feedbackFamily, replyFamily, tagFamily]);
