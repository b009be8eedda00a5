import { defineEnum } from '../enums';

/** A referral's stage: the invitee registers, signs a lease, gets their car; or the referral lapses. */
export const referralStage = defineEnum(
  '阶段',
  [
    [1, '已邀请'],
    [2, '已注册'],
    [3, '已签约'],
    [4, '已交车'],
    [9, '已失效'],
  ],
  { status: true },
);

/** The stages by name, for code that moves a referral (`advanceReferral`). */
export const referralStages = { invited: 1, registered: 2, signed: 3, delivered: 4, invalid: 9 } as const;
