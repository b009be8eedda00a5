import { z } from 'zod';
import { fields } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { idText, text } from '../values';
import { referralStage, referralStages as s } from './enums';

/** 确认注册: the invitee registered, optionally naming the driver record they became. */
export const registerReferralBody = z.strictObject({
  inviteeDriverId: idText.nullable().optional().meta({ title: '注册司机', lookup: 'driver' }),
});

export const invalidateReferralBody = z.strictObject({
  reason: text().trim().min(1, '不能为空').max(200).meta({ title: '失效原因' }),
});

/**
 * 已邀请 → 已注册 → 已签约 → 已交车, one step at a time by 推进阶段 (each step its own action, so the history
 * says which); 置为失效 with a reason from any open stage. 已交车 and 已失效 are final.
 */
export const referralLifecycle = defineLifecycle({
  field: 'stage',
  states: referralStage,
  removable: [],
  transitions: [
    {
      action: 'register',
      title: '确认注册',
      from: [s.invited],
      to: s.registered,
      button: 'driverPullNewList:advance',
      body: registerReferralBody,
    },
    {
      action: 'sign',
      title: '确认签约',
      from: [s.registered],
      to: s.signed,
      button: 'driverPullNewList:advance',
      confirm: '确认被邀请人已签订租车合同？',
    },
    {
      action: 'deliver',
      title: '确认交车',
      from: [s.signed],
      to: s.delivered,
      button: 'driverPullNewList:advance',
      confirm: '确认被邀请人已提车？交车后邀请人可申请拉新奖励。',
    },
    {
      action: 'invalidate',
      from: [s.invited, s.registered, s.signed],
      to: s.invalid,
      button: 'driverPullNewList:invalidate',
      body: invalidateReferralBody,
    },
  ],
});

/** 司机拉新: a driver invited someone; the stage follows the invitee to their car. */
export const referralResource = defineResource({
  key: 'referral',
  title: '司机拉新',
  page: 'driverPullNewList',
  endpoint: '/api/referrals',
  identity: 'inviteeName',
  lifecycle: referralLifecycle,
  defaultSort: { field: 'invitedAt', order: 'desc' },
  fields: {
    inviteeName: fields.text('被邀请人', { required: true, max: 30, filter: 'like' }),
    inviteeMobile: fields.mobile('被邀请人手机号', {
      required: true,
      filter: 'like',
      hint: '同一手机号只能有一条进行中的拉新',
      import: { example: '13912345678' },
    }),
    inviterId: fields.ref('邀请司机', 'driver', { required: true, filter: 'eq' }),
    invitedAt: fields.datetime('邀请时间', { required: true, notAfterNow: true, filter: 'range', sortable: true }),
    stage: fields.enumOf(referralStage, { form: false, filter: 'eq' }),
    inviteeDriverId: fields.ref('注册司机', 'driver', { form: false, list: false }),
    registeredAt: fields.datetime('注册时间', { form: false, list: false }),
    signedAt: fields.datetime('签约时间', { form: false, list: false }),
    deliveredAt: fields.datetime('交车时间', { form: false, sortable: true }),
    invalidatedAt: fields.datetime('失效时间', { form: false, list: false }),
    invalidReason: fields.text('失效原因', { form: false, list: false, max: 200 }),
    remark: fields.text('备注', { max: 200, list: false }),
    createdAt: fields.datetime('登记时间', { form: false, list: false, sortable: true }),
  },
});

export const referralScreens = {
  driverPullNewList: defineScreen(referralResource, {
    route: 'driverPullNewList',
    key: ['inviteeMobile', 'inviterId', 'stage'],
    tabs: {
      field: 'stage',
      all: true,
      items: [
        { values: [s.invited] },
        { values: [s.registered] },
        { values: [s.signed] },
        { values: [s.delivered] },
        { values: [s.invalid] },
      ],
    },
    actions: ['register', 'sign', 'deliver', 'invalidate'],
  }),
};
