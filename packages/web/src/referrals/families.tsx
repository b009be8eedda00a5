import {
  awardResource,
  awardScreens,
  incentiveResource,
  incentiveScreens,
  referralResource,
  referralScreens,
} from '@cp/contracts';
import { defineFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';
import { ParticipantsInput, SavedParts } from './Participants';
import { StageTimeline } from './StageTimeline';

/** 奖励申请: an inviter's reward for a delivered referral, reviewed and then paid. */
export const awardFamily = defineFamily({
  resource: awardResource,
  screens: awardScreens,
  routes: { detail: 'awardApplicationDetails' },
  groups: [
    { title: '申请信息', fields: ['referralId', 'inviterId', 'amount', 'reason', 'applicantId', 'createdAt'] },
    { title: '审核与发放', fields: ['status', 'reviewedAt', 'rejectReason', 'paymentReference', 'paidOn'] },
  ],
});

/** 司机拉新: who invited whom, the stages the invitee reached (a timeline on the detail), their awards. */
export const referralFamily = defineFamily({
  resource: referralResource,
  screens: referralScreens,
  routes: { detail: 'driverPullNewDetails' },
  groups: [
    { title: '拉新信息', fields: ['inviteeName', 'inviteeMobile', 'inviterId', 'invitedAt', 'remark'] },
    {
      title: '阶段',
      fields: ['stage', 'inviteeDriverId', 'registeredAt', 'signedAt', 'deliveredAt', 'invalidatedAt', 'invalidReason'],
    },
  ],
  detailSections: [StageTimeline],
  related: () => [{ family: awardFamily, screen: 'awardApplication', via: 'referralId' }],
});

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

export const { families, keys, page, prefetch } = familyModule([referralFamily, awardFamily, incentiveFamily]);
