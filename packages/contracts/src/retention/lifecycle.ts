import { defineLifecycle } from '../resource/lifecycle';
import { retentionFollowUpBody, retentionInvalidateBody, retentionToDriverBody, retentionToLeadBody } from './actions';
import { retentionStates, retentionStatus } from './enums';

const { pending, following, converted, invalid } = retentionStates;
const open = [pending, following];

/**
 * 待跟进 → 跟进 → 跟进中 → 转为线索 / 关联司机 → 已转化, and 无效 from either open state. The same for both lists,
 * each guarded by its own page's buttons (`carRetention:…`, `carRetentionAlliance:…`).
 */
export const retentionLifecycle = (page: string) =>
  defineLifecycle({
    field: 'status',
    states: retentionStatus,
    removable: [],
    transitions: [
      { action: 'followUp', from: open, to: following, button: `${page}:followUp`, body: retentionFollowUpBody },
      {
        action: 'toLead',
        from: open,
        to: converted,
        button: `${page}:convert`,
        title: '转为线索',
        body: retentionToLeadBody,
      },
      {
        action: 'toDriver',
        from: open,
        to: converted,
        button: `${page}:convert`,
        title: '关联司机',
        body: retentionToDriverBody,
      },
      { action: 'invalidate', from: open, to: invalid, button: `${page}:invalidate`, body: retentionInvalidateBody },
    ],
  });
