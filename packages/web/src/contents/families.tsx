import { contentInteractionResource, contentInteractionScreens, contentResource, contentScreens } from '@cp/contracts';
import { defineFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';
import type { ResourceRecord } from '../resource/types';
import { ContentTrendSection } from './ContentTrend';
import { PublicUpload } from './PublicUpload';

/** 互动记录: read-only; the driver's name opens the page of their kind, the content's title its 内容详情. */
const interactionFamily = defineFamily({
  resource: contentInteractionResource,
  screens: contentInteractionScreens,
  refLinks: () => ({
    driverId: (row: ResourceRecord) =>
      Number(row.driverKind) === 2 ? 'taxiDriverDetails' : 'ridehailingDriversDetails',
    contentId: 'contentManagementDetails',
  }),
});

/** 内容管理 with 新增内容, 编辑内容 and 内容详情 (counters, the trend, its 互动记录); 上传公开文件 in the toolbar. */
const contentFamily = defineFamily({
  resource: contentResource,
  screens: contentScreens,
  routes: { add: 'contentManagementAdd', edit: 'contentManagementEdit', detail: 'contentManagementDetails' },
  groups: [
    { title: '内容', fields: ['title', 'type', 'cover', 'summary', 'body', 'video', 'callToAction'] },
    { title: '目标人群', fields: ['cityIds', 'driverStatuses', 'tagIds'] },
    { title: '推送', fields: ['pushStartsAt', 'pushEndsAt', 'status', 'pushState', 'createdBy', 'createdAt'] },
    {
      title: '互动数据',
      fields: [
        'viewCount',
        'viewerCount',
        'likeCount',
        'shareCount',
        'favoriteCount',
        'signUpCount',
        'leadCount',
        'conversionRate',
      ],
    },
  ],
  controls: {
    contentManagement: [{ button: 'contentManagement:publicUpload', place: 'toolbar', render: PublicUpload }],
  },
  detailSections: [ContentTrendSection],
  related: () => [{ family: interactionFamily, screen: 'interactiveRecording', via: 'contentId' }],
});

export const { families, keys, page, prefetch } = familyModule([contentFamily, interactionFamily]);
