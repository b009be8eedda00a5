import { z } from 'zod';
import { defineLifecycle } from '../resource/lifecycle';
import { text } from '../values';
import { driverEnums, driverStatus as s } from './enums';

const reason = (title: string) => z.strictObject({ reason: text().trim().min(1, '不能为空').max(200).meta({ title }) });

export const rejectBody = reason('不通过原因');
export const freezeBody = reason('冻结原因');
export const unfreezeBody = reason('解冻说明');
export const blacklistBody = reason('拉黑原因');
export const churnBody = z.strictObject({ reason: text().trim().max(200).optional().meta({ title: '流失原因' }) });

/**
 * A driver's status (DOMAIN.md): registered 待审核, 审核通过 to 正常 or 审核不通过 with a reason (edited and
 * 重新提交); 正常 ↔ 冻结 and → 黑名单 with a reason; 已流失 from 正常 or 冻结. Only rows never approved
 * (待审核, 审核不通过) may be deleted: an approved driver has deliveries and history that refer to them.
 * Each page's buttons guard its own drivers.
 */
export function driverLifecycle(page: 'ridehailingDrivers' | 'taxiDriver') {
  return defineLifecycle({
    field: 'status',
    states: driverEnums.status,
    removable: [s.pending, s.rejected],
    transitions: [
      {
        action: 'approve',
        title: '审核通过',
        from: [s.pending],
        to: s.active,
        button: `${page}:audit`,
        confirm: '审核通过后司机状态为正常，可以交车。',
      },
      {
        action: 'reject',
        title: '审核不通过',
        from: [s.pending],
        to: s.rejected,
        button: `${page}:audit`,
        body: rejectBody,
      },
      {
        action: 'resubmit',
        title: '重新提交',
        from: [s.rejected],
        to: s.pending,
        button: `${page}:edit`,
        confirm: '资料修改后重新提交审核？',
      },
      { action: 'freeze', from: [s.active], to: s.frozen, button: `${page}:freeze`, body: freezeBody },
      { action: 'unfreeze', from: [s.frozen], to: s.active, button: `${page}:unfreeze`, body: unfreezeBody },
      { action: 'blacklist', from: [s.active], to: s.blacklisted, button: `${page}:blacklist`, body: blacklistBody },
      { action: 'churn', from: [s.active, s.frozen], to: s.churned, button: `${page}:churn`, body: churnBody },
    ],
  });
}

export type DriverAction = ReturnType<typeof driverLifecycle>['transitions'][number]['action'];
