import { z } from 'zod';
import { enumInput } from '../resource/fields';
import { calendarDate, idText, moment, text } from '../values';
import { leadEnums } from './enums';

const remark = text().trim().max(200).optional().meta({ title: '备注' });

/** 分配: to a salesperson of the branch company (single or on many selected leads). */
export const allocateBody = z.strictObject({
  salespersonId: idText.meta({ title: '销售人员', lookup: 'user' }),
  remark,
});

/** One follow-up of a lead: what happened, how keen the contact is, and when to call again. */
export const followUpBody = z.strictObject({
  followedAt: moment()
    .refine((value) => Date.parse(value) <= Date.now() + 60_000, '不能晚于当前时间')
    .meta({ title: '跟进时间' }),
  way: enumInput(leadEnums.followUpWay, '跟进方式'),
  answered: z.boolean().meta({ title: '是否接通' }),
  content: text().trim().min(1, '不能为空').max(500).meta({ title: '跟进内容' }),
  intentionLevel: leadEnums.intentionLevel.schema.meta({ title: '意向等级' }),
  nextFollowUpDate: calendarDate().optional().meta({ title: '下次跟进日期' }),
});

/** 无效: why the lead is given up. */
export const invalidateBody = z.strictObject({
  reason: text().trim().min(1, '不能为空').max(200).meta({ title: '无效原因' }),
});

/** 激活: the customer the lead became — a driver or a 政企/分销商/个人 customer of the branch company. */
export const activateBody = z.strictObject({
  customerKind: leadEnums.customerKind.schema.meta({ title: '客户类型' }),
  customerId: idText.meta({ title: '客户' }),
});

/** The lookup that names (and checks) each kind of customer a lead may become. */
export const customerLookupOf = (kind: number): 'driver' | 'customer' => (kind <= 1 ? 'driver' : 'customer');

/** The add page of each kind of customer, where 激活 sends a lead with no customer yet. */
export const customerAddRoute: Readonly<Record<number, string>> = {
  0: 'ridehailingDriversAdd',
  1: 'taxiDriverAdd',
  2: 'governmentCustomerAdd',
  3: 'distributorAdd',
  4: 'personalCustomerAdd',
};
