import { incentiveResource, incentiveScreens } from '@cp/contracts';
import { defineFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';
import { ParticipantsInput, SavedParts } from './Participants';

/** 激励分配: a pool split among people by a rule, previewed on 新增, then kept as saved (作废 only). */
export const incentiveFamily = defineFamily({
  resource: incentiveResource,
  screens: incentiveScreens,
  routes: { add: 'incentiveAllocationAdd' },
  groups: [
    { title: '激励信息', fields: ['name', 'periodStart', 'periodEnd', 'totalAmount', 'rule', 'remark'] },
    { title: '参与人', fields: ['participants'] },
    { title: '状态', fields: ['participantCount', 'status', 'cancelReason', 'cancelledAt', 'createdAt'] },
  ],
  inputs: { participants: ParticipantsInput },
  detailSections: [SavedParts],
});

export const { families, keys, page, prefetch } = familyModule([incentiveFamily]);
