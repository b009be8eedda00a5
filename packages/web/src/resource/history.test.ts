import { rideHailingDriverResource } from '@cp/contracts';
import { describe, expect, it } from 'vitest';
import { describeEntry } from './history';

describe('a history entry of a whole number read', () => {
  it('names the field that was shown, with no change listed', () => {
    const entry = {
      id: '9',
      action: 'viewSensitive',
      userName: '系统管理员',
      at: '2026-01-05T02:00:00.000Z',
      changes: { bankCardNo: { from: null, to: null } },
    };
    expect(describeEntry(rideHailingDriverResource, entry)).toEqual({ action: '查看完整扣款银行卡号', changes: [] });
  });
});
