import { defineLifecycle } from '../resource/lifecycle';
import { activateBody, allocateBody, followUpBody, invalidateBody } from './actions';
import { leadEnums, leadStatus } from './enums';

const { unallocated, allocated, followingUp, activated, invalid } = leadStatus;

/**
 * 待分配 → 分配 → 待跟进 → 跟进 → 跟进中 → 激活 → 已激活, and 无效 from any open state. Re-分配 of a lead being
 * followed up puts it back in 待跟进: the new salesperson has not called it yet.
 */
export const leadLifecycle = defineLifecycle({
  field: 'status',
  states: leadEnums.status,
  removable: [],
  transitions: [
    {
      action: 'allocate',
      from: [unallocated, allocated, followingUp],
      to: allocated,
      button: 'threadDeatails:allocate',
      body: allocateBody,
      bulk: true,
    },
    {
      action: 'followUp',
      from: [allocated, followingUp],
      to: followingUp,
      button: 'threadDeatails:followUp',
      body: followUpBody,
    },
    {
      action: 'activate',
      from: [allocated, followingUp],
      to: activated,
      button: 'threadDeatails:activate',
      body: activateBody,
    },
    {
      action: 'invalidate',
      from: [unallocated, allocated, followingUp],
      to: invalid,
      button: 'threadDeatails:invalidate',
      body: invalidateBody,
    },
  ],
});
