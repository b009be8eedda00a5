import { z } from 'zod';
import { leadEnums } from '../leads/enums';
import { enumInput } from '../resource/fields';
import { calendarDate, idText, moment, text } from '../values';
import { retentionFollowUpResult } from './enums';

/** One follow-up of a 留资: how, what was said, the result, and when to contact again. */
export const retentionFollowUpBody = z.strictObject({
  followedAt: moment()
    .refine((value) => Date.parse(value) <= Date.now() + 60_000, '不能晚于当前时间')
    .meta({ title: '跟进时间' }),
  way: enumInput(leadEnums.followUpWay, '跟进方式'),
  result: enumInput(retentionFollowUpResult, '跟进结果'),
  content: text().trim().min(1, '不能为空').max(500).meta({ title: '跟进内容' }),
  nextFollowUpDate: calendarDate().optional().meta({ title: '下次跟进日期' }),
});

/** 转为线索: admitted as 客户管理 admits a lead (allocation rules, 无效 rules); an open lead of the mobile is linked. */
export const retentionToLeadBody = z.strictObject({
  business: enumInput(leadEnums.business, '意向业务'),
});

/** 关联司机: the driver the 留资 became (signed up in the app or at a store). */
export const retentionToDriverBody = z.strictObject({
  driverId: idText.meta({ title: '司机', lookup: 'driver' }),
});

export const retentionInvalidateBody = z.strictObject({
  reason: text().trim().min(1, '不能为空').max(200).meta({ title: '无效原因' }),
});
